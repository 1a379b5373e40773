import { describe, expect, it } from 'vitest';
import { maskSecretQueryValues } from './log-redaction.ts';

describe('maskSecretQueryValues', () => {
  it('masks the feed token wherever it stands in the query, and leaves other URLs alone', () => {
    expect(maskSecretQueryValues('/api/feed/PerfionFeed/GetEntries?areaId=eu&token=s3cret-value&take=10')).toBe(
      '/api/feed/PerfionFeed/GetEntries?areaId=eu&token=***&take=10',
    );
    expect(maskSecretQueryValues('/x?token=a&Token=b#top')).toBe('/x?token=***&Token=***#top');
    expect(maskSecretQueryValues('/api/Content/GetContentByUrl?Url=/tokens&tokenish=1')).toBe(
      '/api/Content/GetContentByUrl?Url=/tokens&tokenish=1',
    );
  });
});
