import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES, FIELD_MESSAGES } from '@domain/error-codes';
import { NAMESPACES, resources } from './resources';

// D29: the two catalogues cannot drift. Same keys, same {{placeholders}}, every namespace in
// both, every error code and field message key with its text in both, and no code in use that
// the closed list lacks.

type Tree = { [key: string]: string | Tree | Tree[] | string[] };

/** Every leaf of a catalogue as 'a.b.c' → text (arrays by index). */
function leaves(tree: unknown, prefix = '', into = new Map<string, string>()): Map<string, string> {
  if (typeof tree === 'string') into.set(prefix, tree);
  else if (tree && typeof tree === 'object') {
    for (const [key, value] of Object.entries(tree as Tree))
      leaves(value, prefix ? `${prefix}.${key}` : key, into);
  }
  return into;
}

const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((m) => m[1]).sort();
const tags = (text: string) => [...text.matchAll(/<\/?(\w+)>/g)].map((m) => m[0]).sort();

const localesDir = import.meta.dirname;

describe('catalogue parity (D29)', () => {
  it('both languages have a file for every namespace, and nothing else', () => {
    for (const lang of ['en', 'id']) {
      const files = readdirSync(join(localesDir, lang)).map((f) => f.replace(/\.json$/, ''));
      expect(files.sort(), lang).toEqual([...NAMESPACES].sort());
    }
  });

  for (const ns of NAMESPACES) {
    it(`${ns}: the same keys, {{placeholders}} and <tags> in en and id`, () => {
      const en = leaves(resources.en[ns]);
      const id = leaves(resources.id[ns]);
      // Indonesian has one plural form ('other', Intl.PluralRules('id')): an English `_one`
      // key has no Indonesian twin, and the `_other` text must read right for 1 too, so it
      // may leave {{count}} out (i18next still uses it to pick the form).
      const expected = [...en.keys()].filter((key) => !key.endsWith('_one'));
      expect([...id.keys()].sort()).toEqual(expected.sort());
      for (const [key, text] of en) {
        if (key.endsWith('_one')) continue;
        const wanted = placeholders(text).filter((p) => !(key.endsWith('_other') && p === 'count'));
        const got = placeholders(id.get(key) ?? '').filter((p) => !(key.endsWith('_other') && p === 'count'));
        expect(got, `${ns}:${key}`).toEqual(wanted);
        expect(tags(id.get(key) ?? ''), `${ns}:${key}`).toEqual(tags(text));
        expect(id.get(key)?.trim(), `${ns}:${key} is empty in id`).not.toBe('');
      }
    });
  }

  it('the Indonesian is not a copy of the English', () => {
    // Names, addresses, numbers and placeholders may stay as they are; sentences (four or more
    // lower-case words) may not.
    const isSentence = (text: string) =>
      (text.replace(/\{\{[^}]*\}\}/g, '').match(/\b[a-z]{3,}\b/g) ?? []).length >= 4;
    const same: string[] = [];
    for (const ns of NAMESPACES) {
      const en = leaves(resources.en[ns]);
      const id = leaves(resources.id[ns]);
      for (const [key, text] of en) if (isSentence(text) && id.get(key) === text) same.push(`${ns}:${key}`);
    }
    expect(same).toEqual([]);
  });
});

describe('error codes (D29)', () => {
  const codeTexts = (lang: 'en' | 'id') =>
    (resources[lang].errors as { codes: Record<string, string> }).codes;
  const fieldTexts = (lang: 'en' | 'id') =>
    (resources[lang].errors as { fields: Record<string, string> }).fields;

  it('every code has an HTTP error status', () => {
    for (const [code, status] of Object.entries(ERROR_CODES)) {
      expect(status >= 400 && status < 600, code).toBe(true);
    }
  });

  for (const lang of ['en', 'id'] as const) {
    it(`every code has its text in ${lang}, and the catalogue names no other`, () => {
      expect(Object.keys(codeTexts(lang)).sort()).toEqual(Object.keys(ERROR_CODES).sort());
    });
    it(`every field message key has its text in ${lang}, with exactly its parameters`, () => {
      const texts = fieldTexts(lang);
      expect(Object.keys(texts).sort()).toEqual(Object.keys(FIELD_MESSAGES).sort());
      for (const [key, params] of Object.entries(FIELD_MESSAGES)) {
        expect(placeholders(texts[key]), key).toEqual([...params].sort());
      }
    });
  }

  it('no code is used that the list lacks', () => {
    // Literal codes anywhere in the source and the tests: thrown, compared or expected.
    const root = join(localesDir, '..', '..', '..');
    const patterns = [
      /new AppError\(\s*'([A-Z][A-Z_]+)'/g,
      /code: '([A-Z][A-Z_]+)'/g,
      /code === '([A-Z][A-Z_]+)'/g,
      /\.code\)\.toBe\('([A-Z][A-Z_]+)'\)/g,
      /uuidParam\('([A-Z][A-Z_]+)'\)/g,
    ];
    const used = new Map<string, string>();
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) {
          if (name !== 'node_modules') walk(path);
        } else if (/\.tsx?$/.test(name)) {
          const text = readFileSync(path, 'utf8');
          for (const pattern of patterns) for (const m of text.matchAll(pattern)) used.set(m[1], path);
        }
      }
    };
    walk(join(root, 'src'));
    walk(join(root, 'tests'));
    // Codes that are not our errors: the currency, Better Auth's code for a wrong current
    // password (answered as INVALID_CURRENT_PASSWORD), and Node's errno for a process we may
    // not signal (the data folder's lock) or for a full disk (the storage failure test), and the
    // payment gateway's QRIS channel code (D42).
    const notOurs = new Set(['IDR', 'INVALID_PASSWORD', 'EPERM', 'ENOSPC', 'QRIS']);
    const unknown = [...used].filter(([code]) => !notOurs.has(code) && !Object.hasOwn(ERROR_CODES, code));
    expect(unknown).toEqual([]);
    expect(used.size).toBeGreaterThan(20);
  });
});
