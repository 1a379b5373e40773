/**
 * The content pages' images: an illustrated scene per root category and one for the home page, stored as SVG media
 * files like the product images (no binary assets in the repository). Each scene is drawn once on a 1600×600 canvas;
 * the hero is the whole canvas, a category tile (600×400) a crop around the scene's subject. The scenes carry no
 * text (the blocks print their headings over or under them), and their darker left half keeps a hero's light
 * heading readable.
 */
import type { ContentImage } from '@b2b/contract';
import type { mediaFiles } from '../schema.ts';
import type { RootCategoryId } from './catalogue-data.ts';

const HERO = { width: 1600, height: 600 } as const;
const TILE = { width: 600, height: 400 } as const;

type Scene = {
  /** Text alternative of the hero. */
  alt: string;
  /** Left edge of the tile's 900×600 crop of the canvas: where the subject is. */
  tileCropX: number;
  /** The drawing on the 1600×600 canvas (gradients are declared by the drawing itself, ids prefixed by the scene). */
  draw: string;
};

/** Sky or backdrop gradient from top to bottom. */
function verticalGradient(id: string, stops: readonly string[]): string {
  const step = 100 / Math.max(1, stops.length - 1);
  return (
    `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1">` +
    stops.map((colour, index) => `<stop offset="${Math.round(index * step)}%" stop-color="${colour}"/>`).join('') +
    '</linearGradient>'
  );
}

/** A darkening veil over the left half, so a hero's heading keeps its contrast whatever the scene. */
const LEFT_VEIL =
  '<linearGradient id="veil" x1="0" y1="0" x2="1" y2="0"><stop offset="0%" stop-color="#020617" stop-opacity="0.55"/>' +
  '<stop offset="55%" stop-color="#020617" stop-opacity="0"/></linearGradient>';

/** Deterministic sprinkles (stars, snowflakes, foam): positions from a fixed arithmetic walk, no randomness. */
function sprinkle(
  count: number,
  colour: string,
  maxRadius: number,
  area: { x: number; y: number; w: number; h: number },
) {
  let circles = '';
  for (let index = 0; index < count; index++) {
    const x = area.x + ((index * 397) % area.w);
    const y = area.y + ((index * 211 + (index % 7) * 37) % area.h);
    const radius = 1 + (index % maxRadius);
    circles += `<circle cx="${x}" cy="${y}" r="${radius}" fill="${colour}" opacity="${0.35 + (index % 5) * 0.12}"/>`;
  }
  return circles;
}

function bikeSilhouette(x: number, y: number, colour: string): string {
  return (
    `<g fill="none" stroke="${colour}" stroke-width="9" stroke-linecap="round" stroke-linejoin="round">` +
    `<circle cx="${x}" cy="${y}" r="62"/><circle cx="${x + 190}" cy="${y}" r="62"/>` +
    `<path d="M${x} ${y} L${x + 70} ${y - 95} L${x + 150} ${y - 95} L${x + 190} ${y} M${x + 70} ${y - 95} L${x + 100} ${y} L${x + 150} ${y - 95} M${x + 100} ${y} L${x} ${y} M${x + 60} ${y - 115} L${x + 88} ${y - 115} M${x + 150} ${y - 95} L${x + 140} ${y - 130} L${x + 165} ${y - 135}"/>` +
    '</g>'
  );
}

const SCENES: Record<RootCategoryId | 'home', Scene> = {
  home: {
    alt: 'Layered mountain ridges under a sunrise sky',
    tileCropX: 700,
    draw:
      `<defs>${verticalGradient('home-sky', ['#0f172a', '#1e3a8a', '#c2410c', '#f59e0b'])}</defs>` +
      '<rect width="1600" height="600" fill="url(#home-sky)"/>' +
      '<circle cx="1140" cy="420" r="120" fill="#fde68a" opacity="0.9"/>' +
      sprinkle(40, '#e0e7ff', 2, { x: 0, y: 10, w: 1600, h: 200 }) +
      '<path d="M0 420 L180 330 L320 380 L520 250 L700 360 L860 290 L1040 390 L1240 280 L1420 360 L1600 300 L1600 600 L0 600 Z" fill="#4338ca" opacity="0.85"/>' +
      '<path d="M0 480 L220 400 L420 450 L640 360 L820 440 L1000 380 L1220 460 L1400 400 L1600 450 L1600 600 L0 600 Z" fill="#312e81"/>' +
      '<path d="M0 540 L260 480 L520 530 L760 470 L980 520 L1200 480 L1420 530 L1600 500 L1600 600 L0 600 Z" fill="#1e1b4b"/>',
  },
  skate: {
    alt: 'A skateboard in the air above a concrete quarter pipe at dusk',
    tileCropX: 480,
    draw:
      `<defs>${verticalGradient('skate-sky', ['#1f2937', '#7c2d12', '#f97316'])}${verticalGradient('skate-ramp', ['#9ca3af', '#4b5563'])}</defs>` +
      '<rect width="1600" height="600" fill="url(#skate-sky)"/>' +
      '<circle cx="1320" cy="170" r="70" fill="#fed7aa" opacity="0.8"/>' +
      '<path d="M560 600 L560 300 Q560 560 1000 560 L1600 560 L1600 600 Z" fill="url(#skate-ramp)"/>' +
      '<rect x="540" y="292" width="40" height="14" rx="7" fill="#e5e7eb"/>' +
      '<rect x="0" y="560" width="1600" height="40" fill="#374151"/>' +
      '<g transform="rotate(-18 900 220)"><rect x="760" y="205" width="300" height="34" rx="17" fill="#b91c1c"/>' +
      '<circle cx="815" cy="252" r="16" fill="#f3f4f6"/><circle cx="1005" cy="252" r="16" fill="#f3f4f6"/></g>' +
      '<path d="M0 560 L120 470 L200 560 Z M230 560 L330 430 L430 560 Z" fill="#111827" opacity="0.6"/>',
  },
  snow: {
    alt: 'Snow-capped peaks under a night sky with falling snow',
    tileCropX: 250,
    draw:
      `<defs>${verticalGradient('snow-sky', ['#020617', '#1e3a8a', '#3b82f6'])}</defs>` +
      '<rect width="1600" height="600" fill="url(#snow-sky)"/>' +
      '<path d="M0 600 L300 260 L420 360 L700 120 L980 380 L1150 230 L1600 560 L1600 600 Z" fill="#1e293b"/>' +
      '<path d="M700 120 L790 205 L745 195 L705 230 L660 190 L620 210 Z M300 260 L350 318 L312 305 L280 330 L255 310 Z M1150 230 L1220 282 L1180 276 L1140 300 L1110 270 Z" fill="#f8fafc"/>' +
      '<path d="M0 600 L0 470 Q400 400 800 480 T1600 450 L1600 600 Z" fill="#e2e8f0"/>' +
      '<path d="M0 600 L0 530 Q500 470 1000 540 T1600 520 L1600 600 Z" fill="#f8fafc"/>' +
      sprinkle(90, '#ffffff', 3, { x: 0, y: 0, w: 1600, h: 520 }),
  },
  surf: {
    alt: 'Rolling ocean waves under a low sun',
    tileCropX: 420,
    draw:
      `<defs>${verticalGradient('surf-sky', ['#0c4a6e', '#0e7490', '#67e8f9'])}${verticalGradient('surf-sea', ['#0891b2', '#164e63'])}</defs>` +
      '<rect width="1600" height="600" fill="url(#surf-sky)"/>' +
      '<circle cx="1250" cy="250" r="90" fill="#fef3c7" opacity="0.9"/>' +
      '<path d="M0 330 Q200 290 400 330 T800 330 T1200 330 T1600 330 L1600 600 L0 600 Z" fill="url(#surf-sea)"/>' +
      '<path d="M500 600 L500 420 Q560 250 760 260 Q900 270 930 360 Q850 320 800 380 Q760 440 820 520 L900 600 Z" fill="#0e7490"/>' +
      '<path d="M760 260 Q900 270 930 360 Q880 330 840 340 Q830 290 760 260 Z" fill="#ecfeff"/>' +
      '<path d="M0 450 Q200 410 400 450 T800 450 T1200 450 T1600 450 L1600 600 L0 600 Z" fill="#155e75" opacity="0.9"/>' +
      '<path d="M0 520 Q200 490 400 520 T800 520 T1200 520 T1600 520 L1600 600 L0 600 Z" fill="#083344"/>' +
      sprinkle(40, '#ecfeff', 3, { x: 0, y: 440, w: 1600, h: 80 }),
  },
  bike: {
    alt: 'A bike on a dirt trail through rolling green hills',
    tileCropX: 500,
    draw:
      `<defs>${verticalGradient('bike-sky', ['#1e3a8a', '#60a5fa', '#bfdbfe'])}</defs>` +
      '<rect width="1600" height="600" fill="url(#bike-sky)"/>' +
      '<path d="M0 360 Q300 240 620 330 T1200 300 T1600 320 L1600 600 L0 600 Z" fill="#3f6212"/>' +
      '<path d="M0 430 Q400 340 800 420 T1600 400 L1600 600 L0 600 Z" fill="#4d7c0f"/>' +
      '<path d="M560 600 Q700 500 980 470 Q1200 450 1600 470 L1600 520 Q1200 500 1000 520 Q780 550 720 600 Z" fill="#a16207"/>' +
      bikeSilhouette(880, 450, '#111827') +
      '<path d="M120 600 L160 470 L200 600 Z M220 600 L270 440 L320 600 Z" fill="#14532d"/>',
  },
  apparel: {
    alt: 'Hoodies, a T-shirt and a cap hanging on a clothes rail',
    tileCropX: 480,
    draw:
      `<defs>${verticalGradient('apparel-wall', ['#292524', '#57534e', '#a8a29e'])}</defs>` +
      '<rect width="1600" height="600" fill="url(#apparel-wall)"/>' +
      '<rect x="420" y="110" width="1000" height="12" rx="6" fill="#d6d3d1"/>' +
      '<g fill="none" stroke="#e7e5e4" stroke-width="6">' +
      '<path d="M620 122 L620 140 L560 175 M620 140 L680 175"/><path d="M880 122 L880 140 L820 175 M880 140 L940 175"/>' +
      '<path d="M1140 122 L1140 140 L1080 175 M1140 140 L1200 175"/></g>' +
      '<path d="M540 180 L700 180 L760 260 L720 290 L700 260 L700 470 L540 470 L540 260 L520 290 L480 260 Z" fill="#c2410c"/>' +
      '<path d="M590 180 Q620 230 650 180" fill="none" stroke="#7c2d12" stroke-width="8"/>' +
      '<path d="M800 180 L960 180 L1020 250 L980 280 L960 250 L960 450 L800 450 L800 250 L780 280 L740 250 Z" fill="#f5f5f4"/>' +
      '<path d="M1060 180 L1220 180 L1280 260 L1240 290 L1220 260 L1220 480 L1060 480 L1060 260 L1040 290 L1000 260 Z" fill="#1d4ed8"/>' +
      '<rect x="1100" y="330" width="80" height="50" rx="8" fill="#1e40af"/>' +
      '<path d="M1300 520 Q1300 450 1370 450 Q1440 450 1440 520 Z M1430 515 L1500 525 L1500 535 L1300 535 L1300 520 Z" fill="#15803d"/>' +
      '<rect x="0" y="540" width="1600" height="60" fill="#1c1917"/>',
  },
  protection: {
    alt: 'A skate helmet and knee pads on a dark background',
    tileCropX: 650,
    draw:
      `<defs>${verticalGradient('protection-bg', ['#0f172a', '#334155', '#475569'])}</defs>` +
      '<rect width="1600" height="600" fill="url(#protection-bg)"/>' +
      '<g stroke="#64748b" stroke-width="30" opacity="0.25"><path d="M0 600 L600 0 M200 600 L800 0 M1200 600 L1600 200"/></g>' +
      '<path d="M700 420 Q700 170 930 170 Q1160 170 1160 420 Z" fill="#facc15"/>' +
      '<path d="M700 420 L1160 420 L1160 445 L700 445 Z" fill="#a16207"/>' +
      '<g fill="none" stroke="#854d0e" stroke-width="10" stroke-linecap="round"><path d="M800 230 L840 280 M930 200 L930 260 M1060 230 L1020 280"/></g>' +
      '<rect x="1220" y="300" width="120" height="190" rx="50" fill="#111827"/><rect x="1240" y="340" width="80" height="90" rx="30" fill="#dc2626"/>' +
      '<rect x="1370" y="300" width="120" height="190" rx="50" fill="#111827"/><rect x="1390" y="340" width="80" height="90" rx="30" fill="#dc2626"/>' +
      '<rect x="0" y="500" width="1600" height="100" fill="#020617" opacity="0.7"/>',
  },
};

type ContentImageKey = keyof typeof SCENES;

function renderHeroSvg(scene: Scene): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${HERO.width} ${HERO.height}" width="${HERO.width}" height="${HERO.height}">` +
    `<defs>${LEFT_VEIL}</defs>${scene.draw}<rect width="${HERO.width}" height="${HERO.height}" fill="url(#veil)"/></svg>`
  );
}

/** A tile is a 900×600 crop of the scene scaled into 600×400 (a nested viewport, no veil: tiles carry no text). */
function renderTileSvg(scene: Scene): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${TILE.width} ${TILE.height}" width="${TILE.width}" height="${TILE.height}">` +
    `<svg width="${TILE.width}" height="${TILE.height}" viewBox="${scene.tileCropX} 0 900 600">${scene.draw}</svg></svg>`
  );
}

const heroPath = (key: ContentImageKey) => `content/hero-${key}.svg`;
const tilePath = (key: ContentImageKey) => `content/tile-${key}.svg`;

/** The hero image of the home page or a root category's landing page, as a content block names it. */
export function heroImage(key: ContentImageKey): ContentImage {
  return { path: heroPath(key), alt: SCENES[key].alt, ...HERO };
}

/** A category tile's image: decorative (the tile prints the category's name), so its alt text is empty. */
export function tileImage(key: ContentImageKey): ContentImage {
  return { path: tilePath(key), alt: '', ...TILE };
}

/** The media rows of every content image: a hero and a tile per scene. */
export function buildContentImageRows(): Array<typeof mediaFiles.$inferInsert> {
  return (Object.keys(SCENES) as ContentImageKey[]).flatMap((key) => [
    { path: heroPath(key), contentType: 'image/svg+xml', body: Buffer.from(renderHeroSvg(SCENES[key]), 'utf8') },
    { path: tilePath(key), contentType: 'image/svg+xml', body: Buffer.from(renderTileSvg(SCENES[key]), 'utf8') },
  ]);
}
