// The web app's pages as the server knows them: an unknown path answers HTTP 404 (with the app's
// designed not-found page), and each page's HTML carries its own meta description. The router
// (src/web/app/router.tsx) draws the same paths; pages.test.ts keeps the two in step.

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

export interface PagePattern {
  path: RegExp;
  description: string;
  /** Listed in sitemap.xml as this URL path (public pages without parameters). */
  sitemap?: string;
}

export const PAGES: readonly PagePattern[] = [
  {
    path: /^\/$/,
    sitemap: '/',
    description: 'Rakbuku: borrow books from your neighbours in Bali for 1, 2 or 4 weeks, or lend your own.',
  },
  {
    path: /^\/books$/,
    sitemap: '/books',
    description:
      'All books on Rakbuku: search by title or author and filter by condition, language and price.',
  },
  {
    // Spec: any other category shows the generic Books header, so every name is a page.
    path: /^\/books\/category\/[^/]+$/,
    description: 'Books to borrow in Bali, by category: children, teen and adult reads from local owners.',
  },
  { path: /^\/books\/search$/, description: 'Search the books on Rakbuku.' },
  {
    path: new RegExp(`^/books/${UUID}$`, 'i'),
    description: 'A book to borrow on Rakbuku: its owner, area, condition and weekly price.',
  },
  { path: new RegExp(`^/books/${UUID}/edit$`, 'i'), description: 'Edit your book on Rakbuku.' },
  { path: /^\/books\/new$/, description: 'List a book on Rakbuku for your neighbours to borrow.' },
  { path: /^\/books\/manage$/, description: 'The books you list on Rakbuku.' },
  {
    path: /^\/owner\/[^/]+$/,
    description: "An owner's shelf on Rakbuku: the books they lend and their reviews.",
  },
  {
    path: /^\/how-it-works$/,
    sitemap: '/how-it-works',
    description: 'How Rakbuku works: list, borrow, pick up or get delivery, pay by bank transfer, return.',
  },
  {
    path: /^\/shipping$/,
    sitemap: '/shipping',
    description: 'Shipping and returns on Rakbuku: free pickup at partner locations or delivery in Bali.',
  },
  {
    path: /^\/contact$/,
    sitemap: '/contact',
    description: 'Contact the Rakbuku team.',
  },
  { path: /^\/privacy$/, sitemap: '/privacy', description: 'How Rakbuku handles your personal data.' },
  { path: /^\/terms$/, sitemap: '/terms', description: 'The terms of using Rakbuku.' },
  { path: /^\/cookies$/, sitemap: '/cookies', description: 'The cookies Rakbuku uses and why.' },
  {
    path: /^\/sell-books$/,
    sitemap: '/sell-books',
    description: 'Lend your books on Rakbuku and earn from them: how it works for owners.',
  },
  { path: /^\/signin$/, description: 'Sign in to Rakbuku to borrow and lend books in Bali.' },
  { path: /^\/signup$/, description: 'Create a Rakbuku account to borrow and lend books in Bali.' },
  { path: /^\/forgot-password$/, description: 'Reset your Rakbuku password.' },
  { path: /^\/reset-password$/, description: 'Choose a new Rakbuku password.' },
  { path: /^\/confirm-email$/, description: 'Confirm your Rakbuku email address.' },
  { path: /^\/profile\/edit$/, description: 'Your Rakbuku profile, drop-off locations and payout details.' },
  { path: /^\/cart$/, description: 'Your Rakbuku cart.' },
  { path: /^\/checkout$/, description: 'Check out your Rakbuku order.' },
  { path: /^\/order-confirmation$/, description: 'Your Rakbuku order is placed.' },
  {
    path: /^\/my-orders$/,
    description: 'Your Rakbuku orders: the books you borrow and the orders for your books.',
  },
  { path: /^\/my-waitlist$/, description: 'The books you wait for on Rakbuku and your place in each queue.' },
  { path: /^\/earnings$/, description: 'Your earnings from lending books on Rakbuku.' },
  { path: new RegExp(`^/orders/${UUID}$`, 'i'), description: 'A Rakbuku order.' },
  { path: /^\/messages$/, description: 'Your conversations on Rakbuku: orders and questions about books.' },
  {
    path: new RegExp(`^/messages/book/${UUID}$`, 'i'),
    description: 'Ask the owner about a book on Rakbuku.',
  },
  { path: new RegExp(`^/messages/${UUID}$`, 'i'), description: 'A conversation on Rakbuku.' },
  { path: /^\/admin$/, description: 'Rakbuku administration.' },
];

/** The page at `pathname` (a trailing slash is ignored), or null: no such page, HTTP 404. */
export function findPage(pathname: string): PagePattern | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return PAGES.find((page) => page.path.test(path)) ?? null;
}

export const NOT_FOUND_DESCRIPTION = 'This page does not exist on Rakbuku.';
