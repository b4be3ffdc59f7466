import { writeFileSync } from 'node:fs';

// A video of a book's barcode for Chromium's fake camera (--use-file-for-fake-video-capture):
// one Y4M frame (Chromium repeats it) of the EAN-13 bars drawn from the standard's encoding
// tables, so the scanner journey needs no image library and no network.

const L = [
  '0001101',
  '0011001',
  '0010011',
  '0111101',
  '0100011',
  '0110001',
  '0101111',
  '0111011',
  '0110111',
  '0001011',
];
const R = L.map((code) => [...code].map((bit) => (bit === '1' ? '0' : '1')).join(''));
const G = R.map((code) => [...code].reverse().join(''));
/** Which of the left six digits use the G set, by the first digit. */
const PARITY = [
  'LLLLLL',
  'LLGLGG',
  'LLGGLG',
  'LLGGGL',
  'LGLLGG',
  'LGGLLG',
  'LGGGLL',
  'LGLGLG',
  'LGLGGL',
  'LGGLGL',
];

/** The 95 modules of an EAN-13 (1 = bar). */
function ean13Modules(digits: string): string {
  if (!/^\d{13}$/.test(digits)) throw new Error(`Not 13 digits: ${digits}`);
  const d = [...digits].map(Number);
  const left = d
    .slice(1, 7)
    .map((digit, i) => (PARITY[d[0]][i] === 'G' ? G : L)[digit])
    .join('');
  const right = d
    .slice(7)
    .map((digit) => R[digit])
    .join('');
  return `101${left}01010${right}101`;
}

/** Writes a 640 x 480 Y4M file showing the barcode, black on white, and returns its path. */
export function writeEan13Y4m(path: string, digits: string): string {
  const width = 640;
  const height = 480;
  const moduleWidth = 5;
  const modules = ean13Modules(digits);
  const left = Math.floor((width - modules.length * moduleWidth) / 2);
  const luma = Buffer.alloc(width * height, 235);
  for (let y = 120; y < 360; y++) {
    for (let m = 0; m < modules.length; m++) {
      if (modules[m] !== '1') continue;
      luma.fill(16, y * width + left + m * moduleWidth, y * width + left + (m + 1) * moduleWidth);
    }
  }
  const chroma = Buffer.alloc((width / 2) * (height / 2), 128);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\nFRAME\n`);
  writeFileSync(path, Buffer.concat([header, luma, chroma, chroma]));
  return path;
}
