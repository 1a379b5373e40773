import { PAGE_RELOAD_GUARD_MS } from '@b2b/contract/constants';
import { describe, expect, it } from 'vitest';
import { buildManifestUrl, claimPageReload, readBuildId } from './build-update.ts';

function memoryStorage(): Pick<Storage, 'getItem' | 'setItem'> {
  const values = new Map<string, string>();
  return { getItem: (key) => values.get(key) ?? null, setItem: (key, value) => void values.set(key, value) };
}

describe('build updates (spec §4, §9)', () => {
  it('asks for the manifest with a timestamp query', () => {
    expect(buildManifestUrl(1_763_852_400_000)).toBe('/builds/latest.json?t=1763852400000');
  });

  it('reads the build id of a manifest, null for anything else', () => {
    expect(readBuildId({ buildId: 'mi9x2k-3f2a', builtAt: '2026-11-22T23:00:00.000Z' })).toBe('mi9x2k-3f2a');
    for (const other of [null, undefined, 'mi9x2k', [], {}, { buildId: '' }, { buildId: 42 }]) {
      expect(readBuildId(other)).toBeNull();
    }
  });

  it('reloads at most once within the 10 s page reload guard', () => {
    expect(PAGE_RELOAD_GUARD_MS).toBe(10_000);
    const storage = memoryStorage();
    const start = 1_763_852_400_000;
    expect(claimPageReload(storage, start)).toBe(true);
    expect(claimPageReload(storage, start + 1)).toBe(false);
    expect(claimPageReload(storage, start + 9_999)).toBe(false);
    expect(claimPageReload(storage, start + 10_000)).toBe(true);
    expect(claimPageReload(storage, start + 15_000)).toBe(false);
  });

  it('ignores a recorded time that is garbage or in the future (a clock set back)', () => {
    const storage = memoryStorage();
    storage.setItem('build-update-reloaded-at', 'soon');
    expect(claimPageReload(storage, 1_000_000)).toBe(true);
    storage.setItem('build-update-reloaded-at', '2000000');
    expect(claimPageReload(storage, 1_000_000)).toBe(true);
  });
});
