import { describe, expect, it } from 'vitest';
import { resources } from './resources';

// Sentences that were false for the state they are shown in, pinned to the rule they describe,
// in both languages.

type Tree = { [key: string]: string | Tree | Tree[] };
const text = (lang: 'en' | 'id', ns: string, path: string): string => {
  let node: unknown = (resources[lang] as Record<string, unknown>)[ns];
  for (const part of path.split('.')) node = (node as Tree)[part];
  return node as string;
};

describe.each(['en', 'id'] as const)('true sentences in %s', (lang) => {
  it('/sell-books: "Ask to buy" opens a conversation with the owner; we run no sale and take no fee on it (D28)', () => {
    const sale = text(lang, 'info', 'sellBooks.sections.1.text');
    const fee = text(lang, 'info', 'sellBooks.sections.2.text');
    expect(sale).toContain(`“${text(lang, 'messages', 'ask.buy')}”`);
    expect(sale).toContain(`“${text(lang, 'catalog', 'detail.markSold')}”`);
    expect(sale).not.toMatch(/our team arranges|tim kami (?:akan )?mengatur/i);
    expect(fee).not.toMatch(/up to 20%|hingga 20%/);
  });

  it('the home page: the cart sets one length per owner, not per book (D5)', () => {
    const steps = text(lang, 'home', 'steps.cartText');
    expect(steps).toMatch(lang === 'en' ? /each owner/ : /pemilik yang sama/);
    expect(steps).not.toMatch(/each book|tiap buku/);
  });
});
