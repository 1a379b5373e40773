/**
 * The parameters of /images/{resize}/{width}/{height}/{gravity}/{b64Path} (spec §2 static server routes; names and
 * meaning in ADR 015). Pure: the route parses with these, the resizer (image-resize.server.ts) renders.
 */

/** What each mode does to fit the image into the width×height box (sharp's `fit`). */
export const RESIZE_MODES = {
  /** The whole image, scaled to fit inside the box; one side may come out shorter (sharp `inside`). */
  fit: 'inside',
  /** The whole image, scaled to fit, padded with transparency (white for JPEG) to exactly the box (`contain`). */
  fill: 'contain',
  /** Covers the box exactly; what overflows is cut off, the gravity says which part stays (`cover`). */
  crop: 'cover',
} as const;
export type ResizeMode = keyof typeof RESIZE_MODES;

/** Which part of the image `crop` keeps and where `fill` places it; `smart` keeps the most eye-catching region. */
export const GRAVITIES = {
  center: 'center',
  north: 'north',
  northeast: 'northeast',
  east: 'east',
  southeast: 'southeast',
  south: 'south',
  southwest: 'southwest',
  west: 'west',
  northwest: 'northwest',
  smart: 'attention',
} as const;
export type Gravity = keyof typeof GRAVITIES;

/** Largest width or height served; bigger requests are refused rather than rendered (memory, CPU, cache size). */
export const MAX_IMAGE_SIDE = 2400;

/** 0 (keep the aspect ratio for that side) or 1..MAX_IMAGE_SIDE, written canonically: no sign, no leading zeros. */
const SIDE = /^(0|[1-9][0-9]{0,3})$/;

export type ResizeRequest = { mode: ResizeMode; width: number; height: number; gravity: Gravity };

export type ResizeParams = { resize?: string; width?: string; height?: string; gravity?: string };

/**
 * Parses the four size segments. Canonical spellings only, so one image has one URL and one cache entry.
 * @returns the request, or the name of the first bad segment (the route answers 400 naming it).
 */
export function parseResizeParams(params: ResizeParams): ResizeRequest | { invalid: keyof ResizeParams } {
  const { resize, width, height, gravity } = params;
  if (!resize || !Object.hasOwn(RESIZE_MODES, resize)) return { invalid: 'resize' };
  const parsedWidth = parseSide(width);
  if (parsedWidth === null) return { invalid: 'width' };
  const parsedHeight = parseSide(height);
  if (parsedHeight === null) return { invalid: 'height' };
  // one side may follow the other's scale, but a box with neither says nothing
  if (parsedWidth === 0 && parsedHeight === 0) return { invalid: 'width' };
  if (!gravity || !Object.hasOwn(GRAVITIES, gravity)) return { invalid: 'gravity' };
  return { mode: resize as ResizeMode, width: parsedWidth, height: parsedHeight, gravity: gravity as Gravity };
}

function parseSide(value: string | undefined): number | null {
  if (value === undefined || !SIDE.test(value)) return null;
  const side = Number(value);
  return side <= MAX_IMAGE_SIDE ? side : null;
}

export type OutputFormat = 'webp' | 'avif' | 'png' | 'jpeg';

/**
 * The modern format the browser accepts: WebP first, else AVIF; null when it takes neither (the answer keeps the
 * source's format, see {@link sourceOutputFormat}). WebP comes first although AVIF is smaller: it encodes many times
 * faster, which keeps a cold resize inside the budget (ADR 015).
 */
export function acceptedModernFormat(accept: string | null): 'webp' | 'avif' | null {
  const accepted = new Set(
    (accept ?? '')
      .split(',')
      .map((part) => part.split(';'))
      // `q=0` means "not this one"
      .filter(([, ...options]) => !options.some((option) => /^\s*q\s*=\s*0(\.0*)?\s*$/.test(option)))
      .map(([type]) => type?.trim().toLowerCase()),
  );
  if (accepted.has('image/webp')) return 'webp';
  if (accepted.has('image/avif')) return 'avif';
  return null;
}

/** For browsers without WebP/AVIF: JPEG stays JPEG, everything else (PNG, GIF, SVG rasterised, …) becomes PNG. */
export function sourceOutputFormat(sourceFormat: string | undefined): 'jpeg' | 'png' {
  return sourceFormat === 'jpeg' ? 'jpeg' : 'png';
}

/** Media URLs the shop stores (`/images/raw/{b64Path}`, spec §2); their b64Path is reused as it is. */
const RAW_IMAGE_URL = /^\/images\/raw\/([A-Za-z0-9_-]+={0,2})$/;

/**
 * `src` and a 1×/2× `srcSet` for showing a stored image in a width×height CSS-pixel box, from its raw URL. Browser-safe:
 * components call it while rendering. A URL that is not one of ours (another host, a placeholder) is used unchanged,
 * and the 2× rendering is left out when it would exceed {@link MAX_IMAGE_SIDE}.
 */
export function resizedImageSources(
  url: string,
  box: { width: number; height: number; mode?: ResizeMode; gravity?: Gravity },
): { src: string; srcSet?: string } {
  const b64Path = RAW_IMAGE_URL.exec(url)?.[1];
  const { width, height, mode = 'fit', gravity = 'center' } = box;
  const fits = (scale: number) => Math.max(width, height) * scale <= MAX_IMAGE_SIDE;
  // a box the route would refuse keeps the original rather than a broken image
  if (!b64Path || !fits(1)) return { src: url };
  const at = (scale: number) => `/images/${mode}/${width * scale}/${height * scale}/${gravity}/${b64Path}`;
  return { src: at(1), srcSet: fits(2) ? `${at(1)} 1x, ${at(2)} 2x` : undefined };
}

/** Renderings offered of an image whose shown width varies with the layout, as fractions of its box. */
const RESPONSIVE_SCALES = [0.5, 1, 2] as const;

/**
 * `src` (the box itself) and a `srcSet` of renderings at half, once and twice the box, by width (`400w`), for an
 * image whose shown width the layout decides: with a `sizes` attribute saying how wide it is shown, the browser picks
 * the smallest rendering that is sharp at its screen's pixel ratio. A phone's listing card, ≈ 150 CSS pixels wide,
 * takes the half instead of the double (issue 12: 6 kB instead of 12 kB a card). Renderings beyond
 * {@link MAX_IMAGE_SIDE} are left out; a URL that is not one of ours is used unchanged.
 */
export function responsiveImageSources(
  url: string,
  box: { width: number; height: number; mode?: ResizeMode; gravity?: Gravity },
): { src: string; srcSet?: string } {
  const { src } = resizedImageSources(url, box);
  if (src === url) return { src };
  const srcSet = RESPONSIVE_SCALES.filter((scale) => Math.max(box.width, box.height) * scale <= MAX_IMAGE_SIDE)
    .map((scale) => {
      const width = Math.round(box.width * scale);
      return `${resizedImageSources(url, { ...box, width, height: Math.round(box.height * scale) }).src} ${width}w`;
    })
    .join(', ');
  return { src, srcSet };
}
