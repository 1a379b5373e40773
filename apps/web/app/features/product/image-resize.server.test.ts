import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { ResizeRequest } from '~/lib/image-resize-params.ts';
import { NotAnImageError, resizeImage } from './image-resize.server.ts';

/** A 2,000 × 1,000 image: red left half, blue right half, so a crop's gravity shows in the corner pixel. */
async function sourceImage(format: 'png' | 'jpeg'): Promise<Buffer> {
  const half = { width: 1000, height: 1000, channels: 3 as const };
  return sharp({ create: { width: 2000, height: 1000, channels: 3, background: '#0000ff' } })
    .composite([{ input: { create: { ...half, background: '#ff0000' } }, left: 0, top: 0 }])
    .toFormat(format)
    .toBuffer();
}

const request = (change: Partial<ResizeRequest>): ResizeRequest => ({
  mode: 'fit',
  width: 400,
  height: 400,
  gravity: 'center',
  ...change,
});

async function topLeftRed(body: Buffer): Promise<boolean> {
  const { data } = await sharp(body).raw().toBuffer({ resolveWithObject: true });
  return (data[0] ?? 0) > 200 && (data[2] ?? 0) < 60;
}

describe('resizeImage', () => {
  it('fits inside the box keeping the aspect ratio, in the asked format', async () => {
    const { body, format } = await resizeImage(await sourceImage('png'), request({}), 'webp');
    expect(format).toBe('webp');
    expect(await sharp(body).metadata()).toMatchObject({ format: 'webp', width: 400, height: 200 });
  });

  it('fills the box exactly with padding, and crops to it keeping the gravity side', async () => {
    const filled = await resizeImage(await sourceImage('png'), request({ mode: 'fill' }), null);
    expect(await sharp(filled.body).metadata()).toMatchObject({ format: 'png', width: 400, height: 400 });
    const west = await resizeImage(await sourceImage('png'), request({ mode: 'crop', gravity: 'west' }), null);
    expect(await sharp(west.body).metadata()).toMatchObject({ width: 400, height: 400 });
    expect(await topLeftRed(west.body)).toBe(true);
    const east = await resizeImage(await sourceImage('png'), request({ mode: 'crop', gravity: 'east' }), null);
    expect(await topLeftRed(east.body)).toBe(false);
  });

  it('keeps JPEG as JPEG, follows one side when the other is 0, never enlarges', async () => {
    const jpeg = await resizeImage(await sourceImage('jpeg'), request({ width: 0, height: 100 }), null);
    expect(await sharp(jpeg.body).metadata()).toMatchObject({ format: 'jpeg', width: 200, height: 100 });
    const big = await resizeImage(await sourceImage('jpeg'), request({ width: 2400, height: 2400 }), 'avif');
    expect(await sharp(big.body).metadata()).toMatchObject({ format: 'heif', width: 2000, height: 1000 });
  });

  it('rasterises SVG sources to PNG', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="50"><rect width="100" height="50" fill="red"/></svg>',
    );
    const { body, format } = await resizeImage(svg, request({ width: 50, height: 0 }), null);
    expect(format).toBe('png');
    expect(await sharp(body).metadata()).toMatchObject({ format: 'png', width: 50, height: 25 });
    // a vector grows to the box instead of staying at its declared size
    const large = await resizeImage(svg, request({ mode: 'crop', width: 400, height: 400 }), 'webp');
    expect(await sharp(large.body).metadata()).toMatchObject({ width: 400, height: 400 });
    const fitted = await resizeImage(svg, request({ width: 300, height: 300 }), 'webp');
    expect(await sharp(fitted.body).metadata()).toMatchObject({ width: 300, height: 150 });
  });

  it('refuses bytes that are no image', async () => {
    await expect(resizeImage(Buffer.from('%PDF-1.7 not an image'), request({}), 'webp')).rejects.toThrow(
      NotAnImageError,
    );
  });
});
