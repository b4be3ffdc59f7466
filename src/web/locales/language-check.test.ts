import { describe, expect, it } from 'vitest';
import { NAMESPACES, resources } from './resources';

// The words stay right (D29, docs/product/glossary.md). Three checks over both catalogues:
// an Indonesian value that is still its English one, English words left in Indonesian values,
// and a glossary term used for a concept it does not name. A new text that trips one of them is
// either reworded or, when the word really is right (a name, a loanword Indonesian apps use),
// added to the list below with the reason.

type Tree = { [key: string]: string | Tree };

function leaves(tree: unknown, prefix = '', into = new Map<string, string>()): Map<string, string> {
  if (typeof tree === 'string') into.set(prefix, tree);
  else if (tree && typeof tree === 'object')
    for (const [key, value] of Object.entries(tree as Tree))
      leaves(value, prefix ? `${prefix}.${key}` : key, into);
  return into;
}

/** Every Indonesian value next to its English twin, as 'ns:key'. */
function pairs(): Array<{ key: string; en: string; id: string }> {
  const all: Array<{ key: string; en: string; id: string }> = [];
  for (const ns of NAMESPACES) {
    const en = leaves(resources.en[ns]);
    for (const [key, id] of leaves(resources.id[ns]))
      all.push({ key: `${ns}:${key}`, en: en.get(key) ?? '', id });
  }
  return all;
}

/** The words of a value, without placeholders, tags, links, addresses and numbers. */
function words(text: string): string[] {
  const plain = text
    .replace(/\{\{[^}]*\}\}/g, ' ')
    .replace(/<\/?\w+>/g, ' ')
    .replace(/(?:https?:\/\/|mailto:)\S+/g, ' ')
    .replace(/[\w.+-]+@[\w.-]+/g, ' ');
  return plain.match(/\p{L}[\p{L}'-]*/gu) ?? [];
}

/**
 * Words that are the same in both languages: names, places, and the words Indonesian apps use
 * as they are (Status, Total, Email, Checkout, Admin, Bank, Area, ISBN).
 */
const SAME_IN_BOTH = new Set(
  [
    'Rakbuku',
    'Made',
    'Wirawan',
    'Ubud',
    'Bali',
    'Denpasar',
    'Indonesia',
    'Bahasa',
    'English',
    'Jl',
    'Gatot',
    'Subroto',
    'Barat',
    'No',
    'WhatsApp',
    'Status',
    'Subtotal',
    'Total',
    'Bank',
    'Area',
    'Admin',
    'Email',
    'Checkout',
    'ISBN',
    // A push notification (D45): Indonesian apps say "notifikasi push".
    'Push',
    // The banks whose statements are read (D42), and the currency's name.
    'BCA',
    'Mandiri',
    'BNI',
    'BRI',
    'Rupiah',
  ].map((w) => w.toLowerCase()),
);

/**
 * English words that are not Indonesian: none may be left in an Indonesian value. Loanwords the
 * glossary keeps (email, checkout, cookie, file, browser, barcode, spam, folder, error in the
 * admin) are not listed.
 */
const ENGLISH_WORDS = [
  'the',
  'and',
  'or',
  'your',
  'you',
  'please',
  'with',
  'for',
  'from',
  'this',
  'that',
  'will',
  'is',
  'are',
  'was',
  'not',
  'of',
  'to',
  'on',
  'at',
  'by',
  'has',
  'have',
  'order',
  'orders',
  'book',
  'books',
  'borrow',
  'borrower',
  'owner',
  'payment',
  'payout',
  'payouts',
  'pending',
  'reset',
  'slide',
  'carousel',
  'waitlist',
  'due',
  'cart',
  'sign',
  'password',
  'delivery',
  'pickup',
  'shipping',
  'review',
  'reviews',
  'loan',
  'next',
  'back',
  'more',
  'new',
  'cancel',
  'save',
  'edit',
  'delete',
  'search',
  'browse',
  'share',
  'return',
  'week',
  'weeks',
  'day',
  'days',
  'price',
  'free',
  'system',
  'children',
  'teen',
  'adult',
  'fiction',
  'loading',
  'failed',
];

/**
 * The glossary's terms that name one concept only (docs/product/glossary.md): where the English
 * says `en`, the Indonesian must not say `notId` (and must say `id` when given).
 */
const GLOSSARY: Array<{ concept: string; en: RegExp; notId?: RegExp; id?: RegExp }> = [
  { concept: 'payout is pencairan (dana), not pembayaran', en: /\bpayouts?\b/i, notId: /pembayaran/i },
  // The reminder's {{words}} are the due badge's ("jatuh tempo besok"), so they carry the term.
  {
    concept: 'due is jatuh tempo, not a bare kembali',
    en: /(?<!payment )\bdue\b(?! to)/i,
    id: /jatuh tempo|\{\{words\}\}/i,
  },
  {
    concept: 'pending money is dalam proses / menunggu, not tertunda',
    en: /\bpending\b/i,
    notId: /tertunda/i,
  },
  {
    concept: 'the waitlist is daftar tunggu, not antrean',
    en: /\bwaitlist\b|\bin line\b/i,
    notId: /antrean/i,
  },
  {
    concept: 'a payment claim is melaporkan pembayaran',
    en: /\b(?:said|says|told us) (?:they|you)(?: had)? paid|\bclaim\b/i,
    notId: /bilang|klaim/i,
  },
  {
    concept: 'drop off is menitipkan, not antar (delivery)',
    en: /\bdrop(?:s|ping)? (?:\w+ )*?off\b|\bdrop-off\b/i,
    notId: /\b(?:antar|mengantar)\b/i,
  },
  { concept: 'sold is terjual (dijual is for sale)', en: /\bsold\b/i, id: /terjual/i },
  {
    concept: 'escrow is menahan dana, not menyimpan pembayaran',
    en: /\bhold your payment\b/i,
    id: /menahan dana/i,
  },
  { concept: 'the borrower is peminjam, not pelanggan', en: /\bcustomer\b/i, notId: /pelanggan/i },
  { concept: 'browse is jelajahi (cari is search)', en: /^browse/i, id: /jelajahi/i },
  {
    concept: 'a pickup location is lokasi pengambilan, not lokasi ambil',
    en: /pickup location/i,
    notId: /lokasi ambil\b/i,
  },
  { concept: 'reset a password is atur ulang', en: /\breset\b/i, notId: /\breset\b/i },
  { concept: 'passing a hold is lepaskan, not lewati (skip)', en: /^pass$/i, notId: /lewati/i },
  { concept: 'the catalogue is katalog, not toko', en: /\bshop\b/i, notId: /\btoko\b/i },
  {
    concept: 'something went wrong is terjadi kesalahan',
    en: /something went wrong/i,
    notId: /ada yang salah/i,
  },
  { concept: 'a review is ulasan, not nilai', en: /\brate this\b|\breview\b/i, notId: /beri nilai/i },
];

describe('the Indonesian words (D29, docs/product/glossary.md)', () => {
  const all = pairs();

  it('no Indonesian value is its English one, outside names and words both languages use', () => {
    const same = all
      .filter(({ en, id }) => en === id && words(id).some((w) => !SAME_IN_BOTH.has(w.toLowerCase())))
      .map(({ key, id }) => `${key} = ${id}`);
    expect(same).toEqual([]);
  });

  it('no English word is left in an Indonesian value', () => {
    const english = new Set(ENGLISH_WORDS);
    const left = all.flatMap(({ key, id }) =>
      words(id)
        .filter((w) => english.has(w.toLowerCase()))
        .map((w) => `${key}: "${w}" in ${id}`),
    );
    expect(left).toEqual([]);
  });

  it('no glossary term names a concept it does not mean', () => {
    const wrong = all.flatMap(({ key, en, id }) =>
      GLOSSARY.filter(
        (rule) =>
          rule.en.test(en) && ((rule.notId?.test(id) ?? false) || (rule.id ? !rule.id.test(id) : false)),
      ).map((rule) => `${key}: ${rule.concept}: ${id}`),
    );
    expect(wrong).toEqual([]);
  });

  it('never addresses the member as Anda, nor speaks as saya', () => {
    const formal = all.filter(({ id }) => /\b(?:Anda|saya)\b/.test(id)).map(({ key, id }) => `${key}: ${id}`);
    expect(formal).toEqual([]);
  });

  it('has no singular keys: Indonesian has one plural form, so `_other` reads right for 1 too', () => {
    expect(all.filter(({ key }) => key.endsWith('_one')).map(({ key }) => key)).toEqual([]);
  });
});
