import { UUID_PATTERN } from './uuid';
// The web app's pages as the server knows them: an unknown path answers HTTP 404 (with the app's
// designed not-found page), and each page's HTML carries its own meta description, in the page's language. The router
// (src/web/app/router.tsx) draws the same paths; pages.test.ts keeps the two in step.

export interface PagePattern {
  path: RegExp;
  /** Its meta description: `common:meta.<meta>` in each catalogue. */
  meta: string;
  /** Listed in sitemap.xml as this URL path (public pages without parameters). */
  sitemap?: string;
}

export const PAGES: readonly PagePattern[] = [
  {
    path: /^\/$/,
    sitemap: '/',
    meta: 'home',
  },
  {
    path: /^\/books$/,
    sitemap: '/books',
    meta: 'books',
  },
  {
    // Spec: any other category shows the generic Books header, so every name is a page.
    path: /^\/books\/category\/[^/]+$/,
    meta: 'category',
  },
  { path: /^\/books\/search$/, meta: 'search' },
  {
    path: new RegExp(`^/books/${UUID_PATTERN}$`, 'i'),
    meta: 'book',
  },
  { path: new RegExp(`^/books/${UUID_PATTERN}/edit$`, 'i'), meta: 'editBook' },
  { path: /^\/books\/new$/, meta: 'newBook' },
  { path: /^\/books\/manage$/, meta: 'manageBooks' },
  { path: /^\/books\/import$/, meta: 'importBooks' },
  {
    path: /^\/owner\/[^/]+$/,
    meta: 'owner',
  },
  {
    path: /^\/how-it-works$/,
    sitemap: '/how-it-works',
    meta: 'howItWorks',
  },
  {
    path: /^\/shipping$/,
    sitemap: '/shipping',
    meta: 'shipping',
  },
  {
    path: /^\/contact$/,
    sitemap: '/contact',
    meta: 'contact',
  },
  { path: /^\/privacy$/, sitemap: '/privacy', meta: 'privacy' },
  { path: /^\/terms$/, sitemap: '/terms', meta: 'terms' },
  { path: /^\/cookies$/, sitemap: '/cookies', meta: 'cookies' },
  {
    path: /^\/sell-books$/,
    sitemap: '/sell-books',
    meta: 'sellBooks',
  },
  { path: /^\/signin$/, meta: 'signIn' },
  { path: /^\/signup$/, meta: 'signUp' },
  { path: /^\/forgot-password$/, meta: 'forgotPassword' },
  { path: /^\/reset-password$/, meta: 'resetPassword' },
  { path: /^\/confirm-email$/, meta: 'confirmEmail' },
  { path: /^\/profile\/edit$/, meta: 'profile' },
  { path: /^\/profile\/notifications$/, meta: 'notifications' },
  { path: /^\/cart$/, meta: 'cart' },
  { path: /^\/checkout$/, meta: 'checkout' },
  { path: /^\/order-confirmation$/, meta: 'orderConfirmation' },
  {
    path: /^\/my-orders$/,
    meta: 'myOrders',
  },
  { path: /^\/my-waitlist$/, meta: 'myWaitlist' },
  { path: /^\/wanted$/, meta: 'wanted' },
  { path: /^\/earnings$/, meta: 'earnings' },
  { path: new RegExp(`^/orders/${UUID_PATTERN}$`, 'i'), meta: 'order' },
  { path: /^\/messages$/, meta: 'messages' },
  {
    path: new RegExp(`^/messages/book/${UUID_PATTERN}$`, 'i'),
    meta: 'askOwner',
  },
  { path: new RegExp(`^/messages/${UUID_PATTERN}$`, 'i'), meta: 'conversation' },
  { path: /^\/admin$/, meta: 'admin' },
];

/** The page at `pathname` (a trailing slash is ignored), or null: no such page, HTTP 404. */
export function findPage(pathname: string): PagePattern | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return PAGES.find((page) => page.path.test(path)) ?? null;
}

/** The not-found page's meta description key. */
export const NOT_FOUND_META = 'notFound';
