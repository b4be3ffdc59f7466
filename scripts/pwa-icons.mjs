#!/usr/bin/env node
// The installable app's icons (web app manifest, iPhone home screen), drawn by sharp from the
// brand mark of src/web/public/favicon.svg: the open book in white on the brand teal. Run it again
// after the mark changes (`node scripts/pwa-icons.mjs`); the PNGs it writes are committed.
//
//   icon-192.png, icon-512.png   "any": the mark as the favicon draws it (rounded square)
//   icon-maskable-512.png        "maskable": teal to every edge and the book inside the central
//                                80% circle, so a launcher's circle or squircle crops no part of it
//   apple-touch-icon.png         180 px, opaque (iOS fills transparency with black)
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';

const root = join(import.meta.dirname, '..');
const out = join(root, 'src/web/public/icons');
const favicon = readFileSync(join(root, 'src/web/public/favicon.svg'), 'utf8');

const TEAL = favicon.match(/fill="(#[0-9a-f]{6})"/i)?.[1];
const BOOK = favicon.match(/<path d="([^"]+)"/)?.[1];
if (!TEAL || !BOOK)
  throw new Error('favicon.svg no longer has the rect fill and book path this script reads');

// The book's path spans x 18..46 and y 16..48 of the favicon's 64-unit box (centre 32, 32).
const BOOK_CENTRE = 32;
const BOOK_HALF_DIAGONAL = Math.hypot(46 - 32, 48 - 32);

/** The book centred on a full-bleed teal square, scaled so it fits a circle of `radius` (of 32). */
function fullBleed(radius) {
  const scale = radius / BOOK_HALF_DIAGONAL;
  const offset = 32 - BOOK_CENTRE * scale;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${TEAL}"/><path transform="translate(${offset} ${offset}) scale(${scale})" d="${BOOK}" fill="#fff"/></svg>`;
}

const icons = [
  { file: 'icon-192.png', size: 192, svg: favicon },
  { file: 'icon-512.png', size: 512, svg: favicon },
  // The maskable safe zone is a circle of 40% of the size around the centre; the book stays in
  // 32 of its units (the favicon's own proportion), well inside.
  { file: 'icon-maskable-512.png', size: 512, svg: fullBleed(32 * 0.8 * 0.8) },
  { file: 'apple-touch-icon.png', size: 180, svg: fullBleed(32 * 0.75) },
];

mkdirSync(out, { recursive: true });
for (const { file, size, svg } of icons) {
  await sharp(Buffer.from(svg), { density: (72 * size) / 64 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(join(out, file));
  console.log(`${file} ${size}x${size}`);
}
