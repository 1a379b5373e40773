import { describe, expect, it, vi } from 'vitest';
import { CacheRegistry } from './cache-registry.ts';
import { RedirectMap, type StoredRedirect } from './redirect-map.ts';

const OLD_DECKS: StoredRedirect = { areaId: 'eu', fromPath: '/old-decks', toUrl: '/skate/decks', status: 301 };
const SALE: StoredRedirect = { areaId: 'us', fromPath: '/sale', toUrl: '/snow', status: 302 };

/** A load the test finishes by hand, to order loads as two instances' changes would. */
function deferredLoad() {
  let finish: (rows: readonly StoredRedirect[]) => void = () => {};
  let fail: (error: Error) => void = () => {};
  const promise = new Promise<readonly StoredRedirect[]>((resolve, reject) => {
    finish = resolve;
    fail = reject;
  });
  return { promise, finish, fail };
}

describe('RedirectMap (ADR 037)', () => {
  it('loads every redirect at the first look-up and answers by area and path', async () => {
    const loadAll = vi.fn(async () => [OLD_DECKS, SALE]);
    const map = new RedirectMap({ loadAll, onLoadError: () => {} });
    const [decks, elsewhere, sale] = await Promise.all([
      map.find('eu', '/old-decks'),
      map.find('us', '/old-decks'),
      map.find('us', '/sale'),
    ]);
    expect(decks).toEqual(OLD_DECKS);
    expect(elsewhere).toBeNull();
    expect(sale).toEqual(SALE);
    // The look-ups waiting for the first load shared it.
    expect(loadAll).toHaveBeenCalledTimes(1);
  });

  it('answers from the old map while a reload is under way, and from the new one after', async () => {
    const loads = [deferredLoad(), deferredLoad()];
    let call = 0;
    const map = new RedirectMap({
      loadAll: () => (loads[call++] as ReturnType<typeof deferredLoad>).promise,
      onLoadError: () => {},
    });
    const first = map.find('eu', '/old-decks');
    loads[0]?.finish([OLD_DECKS]);
    expect(await first).toEqual(OLD_DECKS);

    const reloaded = map.reload();
    expect(await map.find('eu', '/old-decks')).toEqual(OLD_DECKS);
    loads[1]?.finish([]);
    await reloaded;
    expect(await map.find('eu', '/old-decks')).toBeNull();
  });

  it('never installs a reload that finished after a newer one began; its waiter waits for the newer one', async () => {
    const loads = [deferredLoad(), deferredLoad()];
    let call = 0;
    const map = new RedirectMap({
      loadAll: () => (loads[call++] as ReturnType<typeof deferredLoad>).promise,
      onLoadError: () => {},
    });
    const older = map.reload();
    const newer = map.reload();
    let olderDone = false;
    void older.then(() => {
      olderDone = true;
    });
    // The older load read before a change that the newer one holds.
    loads[0]?.finish([OLD_DECKS]);
    await Promise.resolve();
    await Promise.resolve();
    expect(olderDone).toBe(false);
    loads[1]?.finish([SALE]);
    await Promise.all([older, newer]);
    expect(await map.find('eu', '/old-decks')).toBeNull();
    expect(await map.find('us', '/sale')).toEqual(SALE);
  });

  it('keeps the map it had when a reload fails, reports the failure, and tries again at a later first look-up', async () => {
    const errors: unknown[] = [];
    const loadAll = vi
      .fn<() => Promise<readonly StoredRedirect[]>>()
      .mockRejectedValueOnce(new Error('database down'))
      .mockResolvedValueOnce([OLD_DECKS])
      .mockRejectedValueOnce(new Error('database down again'));
    const map = new RedirectMap({ loadAll, onLoadError: (error) => errors.push(error) });
    // No map yet: no redirect, and the failure is reported rather than thrown at the page.
    expect(await map.find('eu', '/old-decks')).toBeNull();
    expect(await map.find('eu', '/old-decks')).toEqual(OLD_DECKS);
    await map.reload();
    expect(await map.find('eu', '/old-decks')).toEqual(OLD_DECKS);
    expect(errors.map((error) => (error as Error).message)).toEqual(['database down', 'database down again']);
  });

  it('reports itself as cache type `redirects`, and its invalidation reloads it', async () => {
    const registry = new CacheRegistry();
    let rows: StoredRedirect[] = [OLD_DECKS];
    const map = new RedirectMap({ loadAll: async () => rows, registry, onLoadError: () => {} });
    expect(registry.read()[0]).toMatchObject({
      type: 'redirects',
      entries: 0,
      hits: 0,
      misses: 0,
      oldestEntryAt: null,
    });
    await map.find('eu', '/old-decks');
    await map.find('eu', '/old-decks');
    const reading = registry.read()[0];
    expect(reading).toMatchObject({ entries: 1, hits: 1, misses: 1 });
    expect(reading?.bytes).toBeGreaterThan(0);
    expect(reading?.oldestEntryAt).not.toBeNull();

    rows = [OLD_DECKS, SALE];
    expect(registry.invalidate('redirects')).toBe(true);
    await vi.waitFor(() => expect(registry.read()[0]?.entries).toBe(2));
  });
});
