import { describe, expect, it } from 'vitest';
import {
  acceptedModernFormat,
  MAX_IMAGE_SIDE,
  parseResizeParams,
  resizedImageSources,
  responsiveImageSources,
  sourceOutputFormat,
} from './image-resize-params.ts';

const good = { resize: 'crop', width: '400', height: '300', gravity: 'center' };

describe('parseResizeParams', () => {
  it('reads the modes, sides and gravities of ADR 015', () => {
    expect(parseResizeParams(good)).toEqual({ mode: 'crop', width: 400, height: 300, gravity: 'center' });
    expect(parseResizeParams({ ...good, resize: 'fit', width: '0', gravity: 'smart' })).toEqual({
      mode: 'fit',
      width: 0,
      height: 300,
      gravity: 'smart',
    });
    expect(parseResizeParams({ ...good, resize: 'fill', width: String(MAX_IMAGE_SIDE), height: '1' })).toMatchObject({
      width: MAX_IMAGE_SIDE,
      height: 1,
    });
  });

  it.each([
    ['an unknown mode', { resize: 'stretch' }, 'resize'],
    ['an inherited property as mode', { resize: 'toString' }, 'resize'],
    ['a missing mode', { resize: undefined }, 'resize'],
    ['a width over the limit', { width: String(MAX_IMAGE_SIDE + 1) }, 'width'],
    ['a huge width', { width: '99999999999999999999' }, 'width'],
    ['a negative width', { width: '-1' }, 'width'],
    ['a fractional width', { width: '1.5' }, 'width'],
    ['a leading zero', { width: '0400' }, 'width'],
    ['a sign', { width: '+400' }, 'width'],
    ['an exponent', { width: '4e2' }, 'width'],
    ['spaces', { width: ' 400' }, 'width'],
    ['a word', { height: 'auto' }, 'height'],
    ['an empty height', { height: '' }, 'height'],
    ['both sides 0', { width: '0', height: '0' }, 'width'],
    ['an unknown gravity', { gravity: 'up' }, 'gravity'],
    ['a gravity in capitals', { gravity: 'Center' }, 'gravity'],
    ['a NUL byte', { gravity: 'center\u0000' }, 'gravity'],
  ])('refuses %s, naming the segment', (_, change, segment) => {
    expect(parseResizeParams({ ...good, ...change })).toEqual({ invalid: segment });
  });
});

describe('output format', () => {
  it('prefers WebP, then AVIF, then the source format', () => {
    expect(acceptedModernFormat('image/avif,image/webp,image/apng,*/*;q=0.8')).toBe('webp');
    expect(acceptedModernFormat('image/avif,*/*')).toBe('avif');
    expect(acceptedModernFormat('image/webp;q=0, image/avif;q=0.5')).toBe('avif');
    expect(acceptedModernFormat('*/*')).toBeNull();
    expect(acceptedModernFormat(null)).toBeNull();
    expect(sourceOutputFormat('jpeg')).toBe('jpeg');
    expect(sourceOutputFormat('png')).toBe('png');
    expect(sourceOutputFormat('svg')).toBe('png');
    expect(sourceOutputFormat(undefined)).toBe('png');
  });
});

describe('resizedImageSources', () => {
  const b64Path = Buffer.from('products/bé?/1.png').toString('base64url');

  it('asks for 1× and 2× renderings of a raw image URL, within the size limit', () => {
    expect(resizedImageSources(`/images/raw/${b64Path}`, { width: 400, height: 400 })).toEqual({
      src: `/images/fit/400/400/center/${b64Path}`,
      srcSet: `/images/fit/400/400/center/${b64Path} 1x, /images/fit/800/800/center/${b64Path} 2x`,
    });
    expect(
      resizedImageSources(`/images/raw/${b64Path}`, { width: 1200, height: 0, mode: 'crop', gravity: 'smart' }),
    ).toEqual({
      src: `/images/crop/1200/0/smart/${b64Path}`,
      srcSet: `/images/crop/1200/0/smart/${b64Path} 1x, /images/crop/2400/0/smart/${b64Path} 2x`,
    });
    expect(resizedImageSources(`/images/raw/${b64Path}`, { width: 1600, height: 900 })).toEqual({
      src: `/images/fit/1600/900/center/${b64Path}`,
      srcSet: undefined,
    });
    expect(resizedImageSources(`/images/raw/${b64Path}`, { width: 3000, height: 900 })).toEqual({
      src: `/images/raw/${b64Path}`,
    });
  });

  it('leaves other URLs alone', () => {
    expect(resizedImageSources('https://cdn.example.com/a.png', { width: 400, height: 400 })).toEqual({
      src: 'https://cdn.example.com/a.png',
    });
    expect(resizedImageSources('/images/raw/a/../b', { width: 400, height: 400 })).toEqual({
      src: '/images/raw/a/../b',
    });
  });
});

describe('responsiveImageSources', () => {
  const b64Path = Buffer.from('products/frame.svg').toString('base64url');
  const raw = `/images/raw/${b64Path}`;

  it('offers half, once and twice the box by width, the box itself as src', () => {
    expect(responsiveImageSources(raw, { width: 400, height: 400 })).toEqual({
      src: `/images/fit/400/400/center/${b64Path}`,
      srcSet: [
        `/images/fit/200/200/center/${b64Path} 200w`,
        `/images/fit/400/400/center/${b64Path} 400w`,
        `/images/fit/800/800/center/${b64Path} 800w`,
      ].join(', '),
    });
    expect(responsiveImageSources(raw, { width: 1200, height: 500, mode: 'crop', gravity: 'smart' })).toEqual({
      src: `/images/crop/1200/500/smart/${b64Path}`,
      srcSet: [
        `/images/crop/600/250/smart/${b64Path} 600w`,
        `/images/crop/1200/500/smart/${b64Path} 1200w`,
        `/images/crop/2400/1000/smart/${b64Path} 2400w`,
      ].join(', '),
    });
  });

  it('leaves out renderings beyond the size limit, and other URLs alone', () => {
    expect(responsiveImageSources(raw, { width: 1600, height: 1600 }).srcSet).toBe(
      `/images/fit/800/800/center/${b64Path} 800w, /images/fit/1600/1600/center/${b64Path} 1600w`,
    );
    expect(responsiveImageSources(raw, { width: 3000, height: 900 })).toEqual({ src: raw });
    expect(responsiveImageSources('https://cdn.example.com/a.png', { width: 400, height: 400 })).toEqual({
      src: 'https://cdn.example.com/a.png',
    });
  });
});
