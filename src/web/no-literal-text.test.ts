import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// D29: every word a component shows comes from the catalogues, so both languages have it. A
// component that renders words of its own (JSX text, or a label, placeholder, title or alt
// written in the markup) fails here.

const webDir = import.meta.dirname;

function components(dir: string, into: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) components(path, into);
    else if (name.endsWith('.tsx') && !name.endsWith('.test.tsx')) into.push(path);
  }
  return into;
}

/** JSX text with a word in it: between a tag's end and the next tag or expression. */
const JSX_TEXT = />\s*([^<>{}`=;()]*[A-Za-z]{2,}[^<>{}`=;()]*?)\s*(?=<|\{)/g;
/** A shown attribute written as a literal. */
const SHOWN_ATTRIBUTE = /\b(aria-label|placeholder|title|alt|label)="([^"]*[A-Za-z]{2,}[^"]*)"/g;

/** Brand and technical words that read the same in every language. */
const SAME_IN_EVERY_LANGUAGE = new Set(['Rakbuku', 'Rp', 'WhatsApp', 'IDR']);

/** The words a component's source renders itself. */
function literalText(source: string): string[] {
  const found: string[] = [];
  // Comments are not shown.
  const text = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  for (const m of text.matchAll(JSX_TEXT)) {
    const words = m[1].trim();
    const next = text[(m.index ?? 0) + m[0].length];
    // TypeScript, not JSX: a generic type (Promise<T>), or object keys after a closing '>'.
    const isTypeScript = (/^[A-Z]\w*$/.test(words) && next === '<') || /[,:[]$|^,|&&|\|\||[=!]==/.test(words);
    if (!isTypeScript && !SAME_IN_EVERY_LANGUAGE.has(words)) found.push(words);
  }
  for (const m of text.matchAll(SHOWN_ATTRIBUTE)) found.push(`${m[1]}="${m[2]}"`);
  return found;
}

describe('components render no words of their own (D29)', () => {
  it('every shown word comes from a catalogue', () => {
    const found = components(webDir).flatMap((file) =>
      literalText(readFileSync(file, 'utf8')).map((words) => `${relative(webDir, file)}: ${words}`),
    );
    expect(found).toEqual([]);
  });

  it('would catch a word written in the markup', () => {
    const source = `export const A = () => (
      <div className="x">
        <h1>{t('title')}</h1>
        <p>Borrow this book</p>
        <button aria-label="Close menu" />
        {count > 1 && <span>{count}</span>}
      </div>
    );`;
    expect(literalText(source)).toEqual(['Borrow this book', 'aria-label="Close menu"']);
  });
});
