import { mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ResizeRequest } from '~/lib/image-resize-params.ts';
import { ImageDiskCache } from './image-disk-cache.server.ts';

/** A product card's box (the cache keys by every field of it). */
const CARD: ResizeRequest = { mode: 'fit', width: 400, height: 400, gravity: 'center' };

const dirs: string[] = [];
afterAll(() => Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true }))));

async function emptyDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'image-cache-'));
  dirs.push(dir);
  return dir;
}

/** Every file under `dir`, by name. */
async function filesIn(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => entry.name);
}

const kB = (count: number) => Buffer.alloc(count * 1024, 7);
const nameOf = (file: string) => file.slice(dirname(file).length + 1);

describe('the image disk cache', () => {
  it('keys by path, parameters and format, and writes without leaving temporary files', async () => {
    const dir = await emptyDir();
    const cache = new ImageDiskCache(dir, 1024 * 1024);
    const file = cache.fileFor('products/1.png', CARD, 'webp');
    expect(file.startsWith(dir)).toBe(true);
    expect(cache.fileFor('products/1.png', CARD, 'avif')).not.toBe(file);
    expect(cache.fileFor('products/1.png', { ...CARD, gravity: 'north' }, 'webp')).not.toBe(file);
    expect(cache.fileFor('products/1.png', { ...CARD, width: 401 }, 'webp')).not.toBe(file);
    expect(cache.fileFor('../../etc/passwd', CARD, 'webp').startsWith(dir)).toBe(true);

    expect(await cache.read(file)).toBeNull();
    await cache.write(file, Buffer.from('bytes'));
    expect((await cache.read(file))?.toString()).toBe('bytes');
    expect(await filesIn(dir)).toEqual([nameOf(file)]);
  });

  it('keeps within its limit by deleting the renderings used longest ago', async () => {
    const dir = await emptyDir();
    const cache = new ImageDiskCache(dir, 100 * 1024);
    const files = Array.from({ length: 5 }, (_, index) => cache.fileFor(`products/${index}.png`, CARD, 'webp'));
    const [first, second, third, fourth, fifth] = files as [string, string, string, string, string];
    for (const file of [first, second, third]) await cache.write(file, kB(30));
    // reading the first makes the second the one used longest ago
    expect(await cache.read(first)).not.toBeNull();
    await cache.write(fourth, kB(30));
    expect(await cache.read(second)).toBeNull();
    expect((await filesIn(dir)).sort()).toEqual([first, third, fourth].map(nameOf).sort());
    expect(cache.size).toBe(90 * 1024);

    // 60 kB more: the third and then the first go (used longest ago), the fourth stays
    await cache.write(fifth, kB(60));
    expect((await filesIn(dir)).sort()).toEqual([fourth, fifth].map(nameOf).sort());
    expect(cache.size).toBe(90 * 1024);
  });

  it('counts the files already in the folder, the oldest first out, and removes stale temporary files', async () => {
    const dir = await emptyDir();
    const earlier = new ImageDiskCache(dir, 1024 * 1024);
    const old = earlier.fileFor('products/old.png', CARD, 'webp');
    const recent = earlier.fileFor('products/recent.png', CARD, 'webp');
    await earlier.write(old, kB(40));
    await earlier.write(recent, kB(40));
    const hourAgo = new Date(Date.now() - 3_600_000);
    await utimes(old, hourAgo, hourAgo);
    const leftover = join(dirname(old), 'half-written.webp.0123.tmp');
    await writeFile(leftover, kB(1));
    await utimes(leftover, hourAgo, hourAgo);
    const writing = join(dirname(old), 'being-written.webp.4567.tmp');
    await writeFile(writing, kB(1));

    // a new process with a lower limit: the old rendering goes to make room, the recent one stays
    const cache = new ImageDiskCache(dir, 100 * 1024);
    const added = cache.fileFor('products/new.png', CARD, 'webp');
    await cache.write(added, kB(40));
    expect((await filesIn(dir)).sort()).toEqual([recent, added].map(nameOf).concat(nameOf(writing)).sort());
  });

  it('does not keep a rendering larger than the whole limit, and answers a file deleted behind its back as missing', async () => {
    const dir = await emptyDir();
    const cache = new ImageDiskCache(dir, 10 * 1024);
    const large = cache.fileFor('products/large.png', CARD, 'webp');
    await cache.write(large, kB(11));
    expect(await cache.read(large)).toBeNull();
    expect(await filesIn(dir)).toEqual([]);

    const small = cache.fileFor('products/small.png', CARD, 'webp');
    await cache.write(small, kB(2));
    await rm(small);
    expect(await cache.read(small)).toBeNull();
    expect(cache.size).toBe(0);
  });
});
