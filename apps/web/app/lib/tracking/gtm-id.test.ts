import { describe, expect, it, vi } from 'vitest';
import { isValidGtmId, readGtmId } from './gtm-id.ts';

describe('tag-manager id (spec §5)', () => {
  it.each(['GTM-ABC123', 'GTM-K9', 'GTM-0'])('accepts %s', (id) => {
    expect(isValidGtmId(id)).toBe(true);
  });

  it.each(['gtm-ABC123', 'GTM-abc', 'GTM-', 'GTM-AB C', 'UA-12345', 'GTM-ABC"><script>', ' GTM-ABC', 'GTM-ÆØ'])(
    'rejects %s',
    (id) => {
      expect(isValidGtmId(id)).toBe(false);
    },
  );

  it('reads a valid id from configuration, trimmed', () => {
    const warn = vi.fn();
    expect(readGtmId(' GTM-XYZ9 ', warn)).toBe('GTM-XYZ9');
    expect(warn).not.toHaveBeenCalled();
  });

  it('treats an unset id as no tag manager, without a warning', () => {
    const warn = vi.fn();
    expect(readGtmId(undefined, warn)).toBeNull();
    expect(readGtmId('  ', warn)).toBeNull();
    expect(warn).not.toHaveBeenCalled();
  });

  it('does not load an invalid id and logs a warning', () => {
    const warn = vi.fn();
    expect(readGtmId('GTM-lower', warn)).toBeNull();
    expect(warn).toHaveBeenCalledTimes(1);
  });
});
