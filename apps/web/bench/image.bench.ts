/**
 * `npx tsx apps/web/bench/image.bench.ts` (from the repository root): the cost of /images/{resize}/… (ADR 015)
 * in-process, without HTTP and without fetching the original from the API: a cold rendering (`resizeImage`: decode,
 * resize, encode) of a 2,000 × 1,500 px JPEG photo-like source into a 400 × 400 `fit` box, in WebP, AVIF and JPEG,
 * and a cached answer (`ImageDiskCache.read` of the rendering on disk). Output also goes to
 * <repo>/bench/results/image.txt.
 *
 * Targets (issue 10 §2): resize 2,000 px → 400 px p95 ≤ 60 ms cold, ≤ 3 ms cached.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, cpus, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { ImageDiskCache } from '../app/features/product/image-disk-cache.server.ts';
import { resizeImage } from '../app/features/product/image-resize.server.ts';
import type { ResizeRequest } from '../app/lib/image-resize-params.ts';

const ITERATIONS = Number(process.env.BENCH_ITERATIONS ?? 100);
const CACHED_ITERATIONS = Number(process.env.BENCH_CACHED_ITERATIONS ?? 1000);
const COLD_TARGET_MS = 60;
const CACHED_TARGET_MS = 3;
const REQUEST: ResizeRequest = { mode: 'fit', width: 400, height: 400, gravity: 'center' };
const RESULTS = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../bench/results/image.txt');

/** A photo stand-in: smooth gradients plus noise, so the encoders do realistic work (flat colour would be too easy). */
async function photoLikeSource(): Promise<Buffer> {
  const width = 2000;
  const height = 1500;
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const offset = (y * width + x) * 3;
      const noise = Math.floor(Math.random() * 24);
      pixels[offset] = ((x / width) * 200 + noise) & 255;
      pixels[offset + 1] = ((y / height) * 200 + noise) & 255;
      pixels[offset + 2] = (128 + Math.sin(x / 60) * 60 + noise) & 255;
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

async function measure(iterations: number, run: () => Promise<unknown>): Promise<number[]> {
  for (let i = 0; i < Math.min(10, iterations); i++) await run();
  const samples: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const start = performance.now();
    await run();
    samples.push(performance.now() - start);
  }
  return samples.sort((a, b) => a - b);
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

const lines: string[] = [];
const print = (line: string) => {
  console.log(line);
  lines.push(line);
};

const source = await photoLikeSource();
print(
  `image bench ${new Date().toISOString()} — ${cpus()[0]?.model ?? 'cpu'} × ${availableParallelism()}, sharp ${sharp.versions.sharp}, libvips ${sharp.versions.vips}, Node ${process.version}`,
);
print(`source: 2000 × 1500 JPEG, ${(source.byteLength / 1024).toFixed(0)} KiB; box: fit 400 × 400`);
print('scenario                  n     p50 ms  p95 ms  target');
const row = (name: string, samples: number[], target: number) => {
  const p95 = percentile(samples, 95);
  print(
    `${name.padEnd(24)} ${String(samples.length).padStart(5)}  ${percentile(samples, 50).toFixed(2).padStart(6)}  ${p95.toFixed(2).padStart(6)}  ≤ ${target} ${p95 <= target ? 'ok' : 'MISSED'}`,
  );
};
row('cold, WebP', await measure(ITERATIONS, () => resizeImage(source, REQUEST, 'webp')), COLD_TARGET_MS);
row('cold, AVIF', await measure(Math.ceil(ITERATIONS / 2), () => resizeImage(source, REQUEST, 'avif')), COLD_TARGET_MS);
row('cold, JPEG (no Accept)', await measure(ITERATIONS, () => resizeImage(source, REQUEST, null)), COLD_TARGET_MS);

const cacheDir = await mkdtemp(path.join(tmpdir(), 'image-bench-'));
try {
  const cache = new ImageDiskCache(cacheDir, 64 * 1024 * 1024);
  const file = cache.fileFor('bench/photo.jpg', REQUEST, 'webp');
  await cache.write(file, (await resizeImage(source, REQUEST, 'webp')).body);
  row('cached, WebP', await measure(CACHED_ITERATIONS, () => cache.read(file)), CACHED_TARGET_MS);
} finally {
  await rm(cacheDir, { recursive: true, force: true });
}
await writeFile(RESULTS, `${lines.join('\n')}\n`);
