/**
 * Generated product images: a small SVG per product type, brand and colour, a simple drawing of the product type (a helmet looks
 * like a helmet, a wetsuit like a wetsuit) in the variant's colour with the brand name, so the shop has recognisable
 * images without binary assets in the repository. Every shape has a dark outline, so white, yellow and sand products
 * stay readable on the white cards they are shown on.
 */

/** Outline and dark details (neutral-800). */
const INK = '#1f2937';
/** Light parts that are not the product's colour (wheels, lenses' glare, soles). */
const LIGHT = '#e5e7eb';

/** A filled shape with the outline. */
const shape = (d: string, fill: string) =>
  `<path d="${d}" fill="${fill}" stroke="${INK}" stroke-width="6" stroke-linejoin="round"/>`;
/** A line drawn as a tube: the outline underneath, the colour on top. */
const tube = (d: string, fill: string, width: number) =>
  `<path d="${d}" fill="none" stroke="${INK}" stroke-width="${width + 10}" stroke-linecap="round" stroke-linejoin="round"/>` +
  `<path d="${d}" fill="none" stroke="${fill}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round"/>`;
/** A thin dark line (seams, zips, laces). */
const line = (d: string, width = 4) =>
  `<path d="${d}" fill="none" stroke="${INK}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round"/>`;
const circle = (cx: number, cy: number, r: number, fill: string, strokeWidth = 6) =>
  `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${fill}" stroke="${INK}" stroke-width="${strokeWidth}"/>`;
/** A shadow on the shape it follows (the colour darkened). */
const shade = (d: string) => `<path d="${d}" fill="#000" fill-opacity="0.18"/>`;

const TEE = 'M150 70 Q200 100 250 70 L330 110 L305 170 L270 155 L270 330 L130 330 L130 155 L95 170 L70 110 Z';
const LONG_SLEEVE =
  'M150 70 Q200 100 250 70 L310 95 L350 300 L310 310 L275 175 L275 330 L125 330 L125 175 L90 310 L50 300 L90 95 Z';
const WHEEL = (cx: number, cy: number, c: string) => circle(cx, cy, 56, c) + circle(cx, cy, 22, LIGHT, 5);
const BIKE_WHEEL = (cx: number, cy: number, r: number) =>
  circle(cx, cy, r, 'none', 12) +
  circle(cx, cy, 8, INK, 2) +
  line(`M${cx - r} ${cy}H${cx + r}M${cx} ${cy - r}V${cy + r}`, 2);

/** One drawing per leaf category slug (catalogue-data.ts), in colour `c`, on a 400 × 400 canvas. */
const DRAWINGS: Record<string, (c: string) => string> = {
  decks: (c) =>
    `<g transform="rotate(-30 200 200)">${shape('M160 60 Q160 30 200 30 Q240 30 240 60 L240 340 Q240 370 200 370 Q160 370 160 340 Z', c)}` +
    `${shade('M200 30 Q240 30 240 60 L240 340 Q240 370 200 370 Z')}${line('M180 90h40M180 310h40', 8)}</g>`,
  completes: (c) =>
    `${tube('M50 175 Q65 200 100 200 L300 200 Q335 200 350 175', c, 16)}` +
    `${shape('M105 212h60l-10 28h-40Z', LIGHT)}${shape('M235 212h60l-10 28h-40Z', LIGHT)}` +
    `${circle(135, 260, 26, LIGHT)}${circle(265, 260, 26, LIGHT)}${circle(135, 260, 9, INK, 2)}${circle(265, 260, 9, INK, 2)}`,
  longboards: (c) =>
    `<g transform="rotate(-30 200 200)">${shape('M200 20 C250 60 255 300 230 370 L170 370 C145 300 150 60 200 20 Z', c)}` +
    `${shape('M140 95h24v36h-24zM236 95h24v36h-24zM140 280h24v36h-24zM236 280h24v36h-24z', LIGHT)}` +
    `${shade('M200 20 C250 60 255 300 230 370 L200 370 Z')}</g>`,
  wheels: (c) => WHEEL(140, 140, c) + WHEEL(260, 140, c) + WHEEL(140, 260, c) + WHEEL(260, 260, c),
  trucks: (c) =>
    `${shape('M150 90h100v30h-100z', LIGHT)}${shape('M185 120h30v40h-30z', INK)}` +
    `${line('M60 235H340', 10)}${shape('M95 215 Q200 150 305 215 L290 250 Q200 215 110 250 Z', c)}` +
    `${circle(60, 235, 10, INK, 2)}${circle(340, 235, 10, INK, 2)}`,
  bearings: (c) => {
    const balls = Array.from({ length: 8 }, (_, index) => {
      const angle = (index * Math.PI) / 4;
      return circle(200 + Math.cos(angle) * 70, 200 + Math.sin(angle) * 70, 14, LIGHT, 3);
    }).join('');
    return `${circle(200, 200, 110, c)}${circle(200, 200, 88, LIGHT, 4)}${balls}${circle(200, 200, 52, c)}${circle(200, 200, 26, '#fff')}`;
  },
  griptape: (c) => {
    const grain = Array.from({ length: 24 }, (_, index) =>
      circle(120 + ((index * 37) % 160), 70 + ((index * 53) % 250), 3, INK, 0),
    ).join('');
    return `<g transform="rotate(-12 200 200)">${shape('M110 50h180v300h-180z', c)}${grain}${shape('M290 290 L290 350 L230 350 Z', LIGHT)}</g>`;
  },
  snowboards: (c) =>
    `<g transform="rotate(-25 200 200)">${shape('M150 50 Q150 20 200 20 Q250 20 250 50 Q238 200 250 350 Q250 380 200 380 Q150 380 150 350 Q162 200 150 50 Z', c)}` +
    `${shade('M200 20 Q250 20 250 50 Q238 200 250 350 Q250 380 200 380 Z')}` +
    `${shape('M168 110h64v34h-64zM168 256h64v34h-64z', INK)}</g>`,
  skis: (c) =>
    [150, 250]
      .map(
        (x) =>
          `${shape(`M${x - 20} 360 L${x - 20} 70 Q${x - 20} 25 ${x} 25 Q${x + 20} 25 ${x + 20} 70 L${x + 20} 360 Q${x} 375 ${x - 20} 360 Z`, c)}` +
          shape(`M${x - 24} 200h48v40h-48z`, INK),
      )
      .join(''),
  bindings: (c) =>
    `${shape('M120 300 L120 120 Q125 70 180 80 L200 160 L200 300 Z', c)}${shape('M100 300h220v30h-220z', INK)}` +
    `${shape('M195 190h110v30h-110zM215 250h100v28h-100z', LIGHT)}`,
  boots: (c) =>
    `${shape('M140 60h110l10 170 Q330 240 340 290 L340 330 L120 330 L120 250 Z', c)}${shape('M115 330h230v22h-230z', INK)}` +
    `${line('M210 100h40M205 140h45M200 180h50M210 220h45', 6)}${shade('M120 250h220v40h-220z')}`,
  goggles: (c) =>
    `${tube('M30 210 Q200 170 370 210', INK, 12)}` +
    `${shape('M80 160 Q200 130 320 160 Q345 230 300 265 Q250 280 200 240 Q150 280 100 265 Q55 230 80 160 Z', c)}` +
    `${shape('M100 175 Q200 152 300 175 Q318 225 290 245 Q248 255 200 222 Q152 255 110 245 Q82 225 100 175 Z', '#334155')}` +
    `<path d="M120 185 Q160 172 200 172" fill="none" stroke="#fff" stroke-opacity="0.6" stroke-width="8" stroke-linecap="round"/>`,
  gloves: (c) =>
    `${shape('M130 350 L130 170 Q120 140 95 130 Q75 120 85 100 Q100 85 150 130 L150 80 Q150 60 168 60 Q186 60 186 80 L186 60 Q186 40 204 40 Q222 40 222 60 L222 70 Q222 52 240 52 Q258 52 258 72 L258 100 Q258 84 274 84 Q290 84 290 104 L290 250 Q290 300 260 350 Z', c)}` +
    `${shape('M125 300h170v50h-170z', INK)}${line('M186 80V170M222 70V170M258 100V170', 4)}`,
  surfboards: (c) =>
    `<g transform="rotate(-20 200 200)">${shape('M200 20 C265 110 270 260 238 370 Q200 385 162 370 C130 260 135 110 200 20 Z', c)}` +
    `${shade('M200 20 C265 110 270 260 238 370 Q220 377 200 378 Z')}${line('M200 35V372', 3)}</g>`,
  wetsuits: (c) =>
    `${shape('M165 50 Q200 70 235 50 L290 80 L330 230 L300 238 L262 130 L265 220 L255 360 L212 360 L200 240 L188 360 L145 360 L135 220 L138 130 L100 238 L70 230 L110 80 Z', c)}` +
    `${shade('M138 130 L262 130 L264 160 L136 160 Z')}${line('M200 60V200', 5)}`,
  leashes: (c) =>
    `${shape('M60 260 Q60 200 120 200 L150 200 Q190 200 190 250 L190 280 Q190 320 150 320 L100 320 Q60 320 60 280 Z', c)}` +
    `${tube('M190 250 C230 250 220 210 250 210 C280 210 270 250 300 250 C330 250 320 210 350 210 L360 140', INK, 8)}` +
    `${line('M360 140 L330 90', 4)}`,
  fins: (c) =>
    [110, 200, 290]
      .map((x) => shape(`M${x - 45} 320 L${x + 40} 320 Q${x + 25} 250 ${x + 50} 120 Q${x - 30} 180 ${x - 45} 320 Z`, c))
      .join(''),
  'traction-pads': (c) =>
    `${shape('M90 120 Q200 90 310 120 L300 300 Q310 330 280 340 L120 340 Q90 330 100 300 Z', c)}` +
    `${line('M110 170 L290 170M108 210 L292 210M106 250 L294 250M104 290 L296 290', 6)}${shade('M90 120 Q200 90 310 120 L308 150 Q200 120 92 150 Z')}`,
  boardshorts: (c) =>
    `${shape('M110 70h180l30 270h-105l-15 -150 -15 150h-105z', c)}${shape('M110 70h180v30h-180z', INK)}` +
    `${line('M195 100 L185 140M205 100 L215 140', 5)}${shade('M275 100 L320 340 L290 340 L260 100 Z')}`,
  'bmx-bikes': (c) =>
    `${BIKE_WHEEL(105, 270, 70)}${BIKE_WHEEL(295, 270, 70)}` +
    `${tube('M105 270 L190 275 L270 170 L150 180 Z', c, 14)}${tube('M270 170 L295 270', c, 12)}` +
    `${tube('M255 150 L290 110 L320 120', INK, 6)}${shape('M120 160h55v14h-55z', INK)}${tube('M150 180 L145 165', INK, 6)}`,
  'mtb-frames': (c) =>
    `${tube('M110 280 L200 290 L280 140 L160 130 Z', c, 18)}${tube('M160 130 L140 90', c, 14)}` +
    `${tube('M280 140 L290 110', c, 18)}${tube('M110 280 L95 290', c, 10)}${circle(200, 290, 16, LIGHT)}` +
    `${tube('M285 130 L320 290', INK, 8)}`,
  tyres: (c) => {
    const treads = Array.from({ length: 20 }, (_, index) => {
      const angle = (index * Math.PI) / 10;
      const x1 = 200 + Math.cos(angle) * 135;
      const y1 = 200 + Math.sin(angle) * 135;
      const x2 = 200 + Math.cos(angle) * 150;
      const y2 = 200 + Math.sin(angle) * 150;
      return line(`M${x1.toFixed(1)} ${y1.toFixed(1)}L${x2.toFixed(1)} ${y2.toFixed(1)}`, 12);
    }).join('');
    return `${treads}${circle(200, 200, 135, INK)}${circle(200, 200, 118, c)}${circle(200, 200, 92, '#fff')}`;
  },
  grips: (c) =>
    [130, 270]
      .map(
        (x) =>
          `<g transform="rotate(20 ${x} 200)">${shape(`M${x - 30} 60 Q${x - 30} 45 ${x} 45 Q${x + 30} 45 ${x + 30} 60 L${x + 30} 330 L${x - 30} 330 Z`, c)}` +
          `${shape(`M${x - 36} 330h72v24h-72z`, INK)}${line(`M${x - 30} 110h60M${x - 30} 160h60M${x - 30} 210h60M${x - 30} 260h60`, 5)}</g>`,
      )
      .join(''),
  pedals: (c) =>
    [120, 280]
      .map(
        (x) =>
          `${shape(`M${x - 65} 130 Q${x - 65} 110 ${x - 45} 110 L${x + 45} 110 Q${x + 65} 110 ${x + 65} 130 L${x + 65} 270 Q${x + 65} 290 ${x + 45} 290 L${x - 45} 290 Q${x - 65} 290 ${x - 65} 270 Z`, c)}` +
          `${circle(x, 200, 18, LIGHT)}${[-45, 45].flatMap((dx) => [135, 265].map((y) => circle(x + dx, y, 5, INK, 0))).join('')}`,
      )
      .join(''),
  jerseys: (c) =>
    `${shape(LONG_SLEEVE, c)}${line('M200 84V250', 5)}${shape('M125 240h150v25h-150z', INK)}${shade('M50 300 L90 310 L96 280 L56 270 Z')}`,
  jackets: (c) =>
    `${shape(LONG_SLEEVE, c)}${shape('M160 62 L200 100 L240 62 L250 70 L200 120 L150 70 Z', INK)}` +
    `${line('M200 100V330', 6)}${shape('M145 240h40v30h-40zM215 240h40v30h-40z', c)}`,
  hoodies: (c) =>
    `${shape(LONG_SLEEVE, c)}${shape('M150 70 Q150 20 200 20 Q250 20 250 70 Q200 110 150 70 Z', c)}` +
    `${shade('M165 70 Q200 95 235 70 Q225 45 200 45 Q175 45 165 70 Z')}${line('M190 88V140M210 88V140', 4)}` +
    `${shape('M150 240 L250 240 L265 300 L135 300 Z', c)}`,
  't-shirts': (c) => `${shape(TEE, c)}${line('M165 78 Q200 110 235 78', 5)}`,
  pants: (c) =>
    `${shape('M125 40h150l25 320h-75l-25 -230 -25 230h-75z', c)}${shape('M125 40h150v24h-150z', INK)}` +
    `${line('M200 64V120', 5)}${shade('M270 64 L300 360 L275 360 L250 64 Z')}`,
  caps: (c) =>
    `${shape('M70 250 Q70 110 200 110 Q330 110 330 250 Z', c)}${shape('M250 250 Q330 240 380 270 Q330 290 250 270 Z', c)}` +
    `${circle(200, 110, 12, c, 5)}${line('M200 122 Q180 180 190 250M200 122 Q250 180 270 250', 4)}${shade('M70 230h260v20h-260z')}`,
  beanies: (c) =>
    `${circle(200, 75, 32, c)}${shape('M90 260 Q90 100 200 100 Q310 100 310 260 Z', c)}${shape('M80 250h240v70h-240z', c)}` +
    `${line('M110 250V320M140 250V320M170 250V320M200 250V320M230 250V320M260 250V320M290 250V320', 4)}`,
  socks: (c) =>
    [
      [90, 0],
      [190, 20],
    ]
      .map(
        ([x = 0, y = 0]) =>
          `${shape(`M${x} ${50 + y} h80 v190 l60 50 q20 25 -5 45 l-90 -5 q-45 -10 -45 -55 Z`, c)}${shape(`M${x} ${50 + y}h80v30h-80z`, '#fff')}`,
      )
      .join(''),
  helmets: (c) =>
    `${shape('M70 260 Q60 90 210 80 Q340 80 340 240 L330 270 L80 275 Z', c)}` +
    `${shape('M130 150 Q150 125 175 120 L180 160 Q150 170 140 180 Z', INK)}${shape('M210 110 L250 112 L250 160 L212 158 Z', INK)}` +
    `${shape('M280 130 Q305 150 310 190 L275 185 Z', INK)}${shade('M75 240h265l-10 30h-250z')}${line('M140 275 Q170 330 210 275', 5)}`,
  'knee-pads': (c) =>
    `${shape('M130 60 Q200 40 270 60 L280 340 Q200 360 120 340 Z', INK)}${shape('M140 110 Q200 80 260 110 Q275 200 240 260 Q200 280 160 260 Q125 200 140 110 Z', c)}` +
    `${shape('M110 90h180v26h-180zM110 300h180v26h-180z', LIGHT)}`,
  'elbow-pads': (c) =>
    [120, 280]
      .map(
        (x) =>
          `${shape(`M${x - 55} 110 Q${x} 90 ${x + 55} 110 L${x + 60} 290 Q${x} 310 ${x - 60} 290 Z`, INK)}${circle(x, 195, 42, c)}` +
          shape(`M${x - 70} 130h140v20h-140zM${x - 70} 250h140v20h-140z`, LIGHT),
      )
      .join(''),
  'wrist-guards': (c) =>
    `${shape('M130 350 L125 160 Q120 110 160 100 L250 100 Q285 110 285 160 L285 350 Z', c)}` +
    `${shape('M150 100 L150 70 Q170 55 190 70 L190 100 Z', c)}${shape('M205 130h22v190h-22z', INK)}` +
    `${shape('M115 180h180v26h-180zM115 280h180v26h-180z', LIGHT)}`,
  'back-protectors': (c) =>
    `${tube('M140 70 Q120 150 150 220M260 70 Q280 150 250 220', INK, 10)}` +
    [70, 120, 170, 220, 270]
      .map((y, index) => shape(`M${150 - index * 2} ${y}h${100 + index * 4}v42h-${100 + index * 4}z`, c))
      .join('') +
    shape('M120 320h160v22h-160z', LIGHT),
};

/** Leaves without a drawing of their own (none today) fall back to a plain tag shape, never to nothing. */
const FALLBACK = (c: string) => shape('M120 80h160v240h-160z', c);

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Renders the SVG for one product in one colour (about 1–2 kB). */
export function renderProductSvg(input: {
  leafSlug: string;
  colour: string;
  brandName: string;
  label: string;
}): string {
  const drawing = (DRAWINGS[input.leafSlug] ?? FALLBACK)(input.colour);
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400" width="400" height="400">' +
    '<rect width="400" height="400" fill="#f8fafc"/>' +
    '<ellipse cx="200" cy="362" rx="140" ry="10" fill="#000" fill-opacity="0.08"/>' +
    `<g transform="translate(40 28) scale(0.8)">${drawing}</g>` +
    `<text x="200" y="390" font-family="Helvetica,Arial,sans-serif" font-size="22" font-weight="700" text-anchor="middle" fill="#111827">${escapeXml(input.brandName)}</text>` +
    `<text x="200" y="22" font-family="Helvetica,Arial,sans-serif" font-size="15" text-anchor="middle" fill="#4b5563">${escapeXml(input.label)}</text>` +
    '</svg>'
  );
}

/** The leaves that have a drawing of their own (a test checks every leaf of the catalogue has one). */
export const DRAWN_LEAF_SLUGS: ReadonlySet<string> = new Set(Object.keys(DRAWINGS));

/** The media URL for a stored file: spec §2 static route /images/raw/{b64Path}, base64url without padding. */
export function toRawImageUrl(path: string): string {
  return `/images/raw/${Buffer.from(path, 'utf8').toString('base64url')}`;
}

/**
 * The stored path of the image of a product type by a brand in a colour (`products/helmets/ironclad-red.svg`). The
 * drawing depends on nothing else, so products share it: the number of files stays bounded by leaves × brands ×
 * colours (a few thousand) however large the catalogue, and every path is deterministic.
 */
export function toProductImagePath(input: { leafSlug: string; brandId: string; colourName: string }): string {
  const colour = input.colourName.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  return `products/${input.leafSlug}/${input.brandId}-${colour}.svg`;
}
