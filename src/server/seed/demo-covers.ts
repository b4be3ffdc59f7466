import sharp from 'sharp';
import type { Category } from '@domain/constants';

// The demo's covers (D20): drawn as SVG and rasterized by sharp, with the title and author set
// in type, in one of several layouts and palettes, so the shop reads as a shop of books. They
// are stand-ins: books.cover_drawn marks them, and an owner's first photo replaces one.

interface Palette {
  ink: string;
  paper: string;
  accent: string;
}

const PALETTES: Palette[] = [
  { ink: '#0f3d3e', paper: '#f3efe0', accent: '#e07a5f' },
  { ink: '#1d3557', paper: '#f1faee', accent: '#e63946' },
  { ink: '#3d2c8d', paper: '#fdf6ec', accent: '#f4a261' },
  { ink: '#283618', paper: '#fefae0', accent: '#dda15e' },
  { ink: '#6a040f', paper: '#fff3e0', accent: '#ffba08' },
  { ink: '#22223b', paper: '#f2e9e4', accent: '#9a8c98' },
  { ink: '#005f73', paper: '#e9d8a6', accent: '#ee9b00' },
  { ink: '#7f5539', paper: '#ede0d4', accent: '#386641' },
  { ink: '#14213d', paper: '#e5e5e5', accent: '#fca311' },
  { ink: '#b5179e', paper: '#fff0f6', accent: '#3a0ca3' },
];

const W = 720;
const H = 1080;

const xml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[ch]!,
  );

/** Words into lines of at most `width` characters (a long word keeps its own line), at most `max`. */
function wrap(text: string, width: number, max = 4): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if (`${line} ${word}`.trim().length > width && line) {
      lines.push(line);
      line = word;
    } else line = `${line} ${word}`.trim();
  }
  if (line) lines.push(line);
  if (lines.length > max) return [...lines.slice(0, max - 1), `${lines.slice(max - 1).join(' ')}`];
  return lines;
}

/** A type size that fits the longest line into `room` pixels (bold type: about 0.66 em per character). */
const fitSize = (lines: string[], room: number, largest: number) =>
  Math.min(largest, Math.floor(room / (0.66 * Math.max(...lines.map((l) => l.length), 1))));

interface TextBlock {
  lines: string[];
  x: number;
  y: number;
  size: number;
  fill: string;
  family: string;
  weight?: number;
  anchor?: 'start' | 'middle' | 'end';
  italic?: boolean;
  spacing?: number;
}

function text(b: TextBlock): string {
  const lead = Math.round(b.size * 1.15);
  return b.lines
    .map(
      (line, i) =>
        `<text x="${b.x}" y="${b.y + i * lead}" font-family="${b.family}" font-size="${b.size}" font-weight="${b.weight ?? 400}" fill="${b.fill}" text-anchor="${b.anchor ?? 'start'}"${b.italic ? ' font-style="italic"' : ''}${b.spacing ? ` letter-spacing="${b.spacing}"` : ''}>${xml(line)}</text>`,
    )
    .join('');
}

type Layout = (p: Palette, title: string, author: string, category: Category, n: number) => string;

const SERIF = 'DejaVu Serif, Liberation Serif, serif';
const SANS = 'DejaVu Sans, Liberation Sans, sans-serif';

const LAYOUTS: Layout[] = [
  // Classic cloth: a framed panel, the title in a serif, a rule and the author below.
  // Its imprint is our name, not the category: a cover is one image for readers of both
  // languages, so it carries no English (or Indonesian) word.
  (p, title, author) => {
    const lines = wrap(title, 13);
    const size = fitSize(lines, 520, 76);
    return `<rect width="${W}" height="${H}" fill="${p.ink}"/>
      <rect x="48" y="48" width="${W - 96}" height="${H - 96}" fill="none" stroke="${p.accent}" stroke-width="6"/>
      <rect x="64" y="64" width="${W - 128}" height="${H - 128}" fill="none" stroke="${p.paper}" stroke-opacity="0.4" stroke-width="2"/>
      ${text({ lines: ['RAKBUKU'], x: W / 2, y: 170, size: 24, fill: p.accent, family: SANS, anchor: 'middle', spacing: 8 })}
      ${text({ lines, x: W / 2, y: 360, size, fill: p.paper, family: SERIF, weight: 700, anchor: 'middle' })}
      <rect x="${W / 2 - 60}" y="800" width="120" height="4" fill="${p.accent}"/>
      ${text({ lines: wrap(author, 24, 2), x: W / 2, y: 880, size: 36, fill: p.paper, family: SERIF, anchor: 'middle', italic: true })}`;
  },
  // Three bands: coloured top and bottom, the title and author on the paper band between.
  (p, title, author) => {
    const lines = wrap(title, 15, 3);
    const size = fitSize(lines, 600, 64);
    return `<rect width="${W}" height="${H}" fill="${p.paper}"/>
      <rect width="${W}" height="300" fill="${p.ink}"/>
      <rect y="${H - 300}" width="${W}" height="300" fill="${p.ink}"/>
      <rect y="300" width="${W}" height="10" fill="${p.accent}"/>
      <rect y="${H - 310}" width="${W}" height="10" fill="${p.accent}"/>
      <circle cx="${W / 2}" cy="150" r="56" fill="none" stroke="${p.paper}" stroke-width="5"/>
      ${text({ lines, x: W / 2, y: 420, size, fill: p.ink, family: SANS, weight: 700, anchor: 'middle' })}
      ${text({ lines: wrap(author, 26, 2), x: W / 2, y: 700, size: 34, fill: p.ink, family: SANS, anchor: 'middle' })}`;
  },
  // Sun over the sea: a large disc and waves, the title set big at the top left.
  (p, title, author, _c, n) => {
    const lines = wrap(title, 11);
    const size = fitSize(lines, 600, 84);
    const waves = [0, 1, 2, 3]
      .map(
        (i) =>
          `<path d="M0 ${820 + i * 55} Q ${W / 4} ${790 + i * 55} ${W / 2} ${820 + i * 55} T ${W} ${820 + i * 55}" stroke="${p.paper}" stroke-opacity="${0.7 - i * 0.15}" stroke-width="8" fill="none"/>`,
      )
      .join('');
    return `<rect width="${W}" height="${H}" fill="${p.paper}"/>
      <circle cx="${470 - (n % 3) * 60}" cy="640" r="190" fill="${p.accent}"/>
      <rect y="780" width="${W}" height="${H - 780}" fill="${p.ink}"/>
      ${waves}
      ${text({ lines, x: 60, y: 150, size, fill: p.ink, family: SERIF, weight: 700 })}
      ${text({ lines: wrap(author, 28, 2), x: 60, y: 1010, size: 32, fill: p.paper, family: SANS, weight: 700 })}`;
  },
  // Stripes down the spine side, a bold sans title and the author in capitals.
  (p, title, author) => {
    const lines = wrap(title, 12);
    const size = fitSize(lines, 500, 72);
    const stripes = [0, 1, 2, 3, 4]
      .map(
        (i) =>
          `<rect x="${i * 36}" width="18" height="${H}" fill="${i % 2 ? p.accent : p.paper}" opacity="0.85"/>`,
      )
      .join('');
    return `<rect width="${W}" height="${H}" fill="${p.ink}"/>
      ${stripes}
      ${text({ lines, x: 220, y: 260, size, fill: p.paper, family: SANS, weight: 700 })}
      <rect x="220" y="${280 + lines.length * Math.round(size * 1.15)}" width="90" height="8" fill="${p.accent}"/>
      ${text({ lines: wrap(author.toUpperCase(), 22, 2), x: 220, y: 960, size: 28, fill: p.paper, family: SANS, spacing: 3 })}`;
  },
  // A woven pattern panel (ikat-like diamonds) above a title plate.
  (p, title, author, _c, n) => {
    const lines = wrap(title, 16, 3);
    const size = fitSize(lines, 600, 60);
    const diamonds: string[] = [];
    for (let row = 0; row < 6; row++) {
      for (let col = 0; col < 7; col++) {
        const cx = 60 + col * 100 + (row % 2) * 50;
        const cy = 70 + row * 90;
        const fill = (row + col + n) % 3 === 0 ? p.accent : p.paper;
        diamonds.push(
          `<path d="M${cx} ${cy - 38} L${cx + 40} ${cy} L${cx} ${cy + 38} L${cx - 40} ${cy} Z" fill="${fill}" opacity="0.8"/>`,
        );
      }
    }
    return `<rect width="${W}" height="${H}" fill="${p.ink}"/>
      ${diamonds.join('')}
      <rect x="40" y="600" width="${W - 80}" height="420" rx="12" fill="${p.paper}"/>
      ${text({ lines, x: W / 2, y: 700, size, fill: p.ink, family: SERIF, weight: 700, anchor: 'middle' })}
      <rect x="${W / 2 - 40}" y="900" width="80" height="4" fill="${p.accent}"/>
      ${text({ lines: wrap(author, 28, 1), x: W / 2, y: 965, size: 30, fill: p.ink, family: SANS, anchor: 'middle' })}`;
  },
];

/** A stable number from the title, so a book keeps its look from one seed to the next. */
function hash(s: string): number {
  let h = 2166136261;
  for (const ch of s) h = Math.imul(h ^ ch.codePointAt(0)!, 16777619);
  return h >>> 0;
}

/** The demo cover of a book as a PNG (720 x 1080): its layout and palette follow from its title. */
export async function renderDemoCover(
  title: string,
  author: string,
  category: Category,
  index: number,
): Promise<Buffer> {
  const h = hash(title);
  const layout = LAYOUTS[index % LAYOUTS.length];
  const palette = PALETTES[(h + index) % PALETTES.length];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${layout(palette, title, author, category, h)}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}
