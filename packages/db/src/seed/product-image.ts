/**
 * Generated product images: a small SVG per product (a shape for the root category, in the product's colour, with the
 * brand name), so the shop has real images without binary assets in the repository.
 */
import type { RootCategoryId } from './catalogue-data.ts';

const SHAPES: Record<RootCategoryId, string> = {
  skate: '<rect x="150" y="40" width="100" height="300" rx="50" fill="{c}"/>',
  snow: '<rect x="165" y="30" width="70" height="320" rx="35" fill="{c}"/>',
  surf: '<ellipse cx="200" cy="190" rx="60" ry="160" fill="{c}"/>',
  bike: '<circle cx="120" cy="220" r="70" fill="none" stroke="{c}" stroke-width="18"/><circle cx="280" cy="220" r="70" fill="none" stroke="{c}" stroke-width="18"/>',
  apparel:
    '<path d="M140 60 L90 100 L110 160 L140 145 L140 330 L260 330 L260 145 L290 160 L310 100 L260 60 Q200 100 140 60 Z" fill="{c}"/>',
  protection: '<path d="M90 240 Q90 70 200 70 Q310 70 310 240 Z" fill="{c}"/>',
};

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Renders the SVG for one product (about 500 bytes). */
export function renderProductSvg(input: {
  root: RootCategoryId;
  colour: string;
  brandName: string;
  label: string;
}): string {
  const shape = SHAPES[input.root].replaceAll('{c}', input.colour);
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400" width="400" height="400">' +
    '<rect width="400" height="400" fill="#f3f4f6"/>' +
    shape +
    `<text x="200" y="375" font-family="Helvetica,Arial,sans-serif" font-size="28" font-weight="700" text-anchor="middle" fill="#111827">${escapeXml(input.brandName)}</text>` +
    `<text x="200" y="30" font-family="Helvetica,Arial,sans-serif" font-size="16" text-anchor="middle" fill="#6b7280">${escapeXml(input.label)}</text>` +
    '</svg>'
  );
}

/** The media URL for a stored file: spec §2 static route /images/raw/{b64Path}, base64url without padding. */
export function toRawImageUrl(path: string): string {
  return `/images/raw/${Buffer.from(path, 'utf8').toString('base64url')}`;
}
