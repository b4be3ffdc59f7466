import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { NAMESPACES as FIRST_PAGE_NAMESPACES } from '@web/locales/en';
import { LAZY_NAMESPACES, type LazyNamespace } from '@web/locales/resources';

// A namespace the first page does not carry is in i18next only once its words module ran
// (lib/lazy-words.ts): a file that shows its words without importing that module would show
// bare keys whenever it is the first to render. This reads every web source file for the
// namespaces it uses and checks each lazy one's module is among its imports.

const webDir = join(import.meta.dirname, '..');

/** The module in lib/words that adds each lazy namespace (`emails` is the server's alone). */
const WORDS_MODULE: Record<Exclude<LazyNamespace, 'emails'>, string> = {
  admin: 'admin',
  finance: 'admin',
  payoutBatch: 'admin',
  deliveryPrices: 'admin',
  books: 'books',
  info: 'info',
  account: 'account',
  checkout: 'checkout',
  notices: 'notices',
  pwa: 'pwa',
  statistics: 'statistics',
  payments: 'payments',
  whatsapp: 'whatsapp',
};

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'locales' ? [] : sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const known = new Set<string>([...FIRST_PAGE_NAMESPACES, ...LAZY_NAMESPACES]);

/** The namespaces a file names: useTranslation('ns' | ['ns', ...]), t('ns:key'), { ns: 'ns' }. */
function namespacesUsed(text: string): Set<string> {
  const used = new Set<string>();
  for (const [, list] of text.matchAll(/useTranslation\(\s*\[([^\]]*)\]/g))
    for (const [, ns] of list!.matchAll(/'(\w+)'/g)) used.add(ns!);
  for (const [, ns] of text.matchAll(/useTranslation\(\s*'(\w+)'/g)) used.add(ns!);
  for (const [, ns] of text.matchAll(/\bt\(\s*['"`](\w+):/g)) used.add(ns!);
  for (const [, ns] of text.matchAll(/\bns:\s*'(\w+)'/g)) used.add(ns!);
  return new Set([...used].filter((ns) => known.has(ns)));
}

describe('lazy namespaces', () => {
  it('finds the namespaces a file uses', () => {
    const text = "useTranslation(['orders', 'admin']); t('finance:tasks.title'); useTranslation('books');";
    expect([...namespacesUsed(text)].sort()).toEqual(['admin', 'books', 'finance', 'orders']);
  });

  it('every file that shows a lazy namespace imports its words module', () => {
    const missing: string[] = [];
    for (const file of sources(webDir)) {
      const name = relative(webDir, file);
      if (name.startsWith('lib/words/')) continue;
      const text = readFileSync(file, 'utf8');
      for (const ns of namespacesUsed(text)) {
        if (ns === 'emails' || !(ns in WORDS_MODULE)) continue;
        const module = WORDS_MODULE[ns as keyof typeof WORDS_MODULE];
        if (!text.includes(`import '@web/lib/words/${module}';`))
          missing.push(`${name}: ${ns} (lib/words/${module})`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('every lazy namespace but the server-only one has a words module that adds it', () => {
    for (const ns of LAZY_NAMESPACES) {
      if (ns === 'emails') continue;
      const module = WORDS_MODULE[ns];
      const text = readFileSync(join(webDir, 'lib/words', `${module}.ts`), 'utf8');
      expect(text, `${ns} in lib/words/${module}.ts`).toContain(`addWords('${ns}',`);
    }
  });

  it('adding a lazy namespace leaves the first page list, which the Indonesian chunk loads, as it was', async () => {
    const before = [...FIRST_PAGE_NAMESPACES];
    const { addWords } = await import('./lazy-words');
    const { default: i18n } = await import('./i18n');
    addWords('info', { title: 'Info' }, { title: 'Info' });
    expect(i18n.hasResourceBundle('id', 'info')).toBe(true);
    expect(FIRST_PAGE_NAMESPACES).toEqual(before);
  });

  it('no first page namespace is lazy too', () => {
    for (const ns of FIRST_PAGE_NAMESPACES) expect(LAZY_NAMESPACES).not.toContain(ns);
  });
});
