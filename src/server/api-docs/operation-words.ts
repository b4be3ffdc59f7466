import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '@server/app-env';

// Every operation of the document has a tag the document defines and describes, and a
// description (scripts/openapi-lint.ts requires both). A route may write its own `description`;
// the others get one made here from what the declaration already says (who may call it, what it
// answers, the shared behaviours of docs/api.md), so the words cannot drift from the route.
// 429s name their rate-limit fields, and the catalog's and a book's 200/304 their ETag.

type Document = ReturnType<OpenAPIHono<AppEnv>['getOpenAPI31Document']>;

/** Each tag the routes use, with what it groups; a route with a tag not listed fails the lint. */
const TAGS: Record<string, string> = {
  Health: 'Whether the server and its database answer (for load balancers and monitors).',
  'Authentication (Better Auth)':
    'Sign-up, sign-in, sign-out, confirmation and password reset: Better Auth’s endpoints the web uses, behind our rules and in our error envelope.',
  Account: 'The signed-in member: who they are, their profile, language, password and pickup places.',
  'Pickup locations': 'The operator’s pickup locations and the ones a member shares.',
  Books: 'The catalog, a book’s page, and an owner’s own books: list, add, edit, availability, delete.',
  'Shelf import': 'An owner’s CSV of books turned into drafts, completed and published together.',
  'Owners away': 'An owner away for a while: their books wait until they are back.',
  Search: 'Finding a book by what a member remembers of it, and shelves of what was borrowed.',
  'Wanted books': 'Books a member wants: told when one is listed.',
  Cart: 'The member’s cart, grouped by owner.',
  Checkout: 'From the cart to orders, one per owner.',
  Orders: 'Orders of borrowers and owners: their state machine, actions and history.',
  Loans: 'Due dates, extensions and returns.',
  Waitlist: 'Waiting for a book that is out, and the hold when it comes back.',
  Conversations: 'Messages between a borrower and an owner about an order or a book.',
  Reviews: 'Reviews after a completed order.',
  Payments: 'Payment claims, receipts, the gateway, earnings and payouts.',
  Notifications: 'Which channels each kind of notice uses, push devices, one-click unsubscribe.',
  WhatsApp: 'A member’s WhatsApp number for notices.',
  Admin: 'The operator’s tools: members, orders, books, payments, emails, statistics.',
};

interface Operation {
  description?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  responses?: Record<string, { description?: string; headers?: Record<string, unknown> }>;
}

const RATE_LIMIT_HEADERS = {
  'Retry-After': { description: 'Seconds until the limit resets', schema: { type: 'integer' } },
  'RateLimit-Policy': {
    description: 'The limit met: `"<name>";q=<requests>;w=<seconds>` (IETF ratelimit-headers draft)',
    schema: { type: 'string' },
  },
  RateLimit: {
    description: 'None left until it resets: `"<name>";r=0;t=<seconds>`',
    schema: { type: 'string' },
  },
};
const ETAG_HEADER = {
  ETag: { description: 'Weak, per viewer: send it back in `If-None-Match`', schema: { type: 'string' } },
};

function who(operation: Operation): string {
  if (!operation.security?.length) return 'Open to anyone, signed in or not.';
  if (operation.responses?.['403']?.description?.includes('ADMIN_ONLY'))
    return 'Admins only: a guest gets 401 `UNAUTHORIZED`, a member 403 `ADMIN_ONLY`.';
  return 'Signed-in members only: a guest gets 401 `UNAUTHORIZED`.';
}

/** The words of an operation that has none of its own, from its declaration. */
function described(method: string, path: string, operation: Operation): string {
  const responses = operation.responses ?? {};
  const statuses = Object.keys(responses);
  const success = statuses.filter((s) => s.startsWith('2') || (s.startsWith('3') && s !== '304'));
  const refusals = statuses.filter((s) => Number(s) >= 400);
  const words = [who(operation)];
  for (const s of success) words.push(`Answers ${s}: ${responses[s]?.description ?? ''}.`);
  if (responses['304'])
    words.push('Sends an `ETag`; the same request with it in `If-None-Match` gets 304 with no body.');
  if (method === 'post' && !path.startsWith('/api/auth/'))
    words.push('An `Idempotency-Key` makes a retry safe: the first answer comes back.');
  if (responses['429'])
    words.push('Rate limited: a 429 carries `Retry-After`, `RateLimit-Policy` and `RateLimit`.');
  words.push(`Refusals (${refusals.join(', ')}) are the error envelope \`{ error: { code, message } }\`.`);
  return words.join(' ');
}

/** The document with its tags described and every operation described. */
export function withOperationWords(document: Document): Document {
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const [method, value] of Object.entries(item ?? {})) {
      if (!value || typeof value !== 'object' || !('responses' in value)) continue;
      const operation = value as Operation;
      operation.description ??= described(method, path, operation);
      const tooMany = operation.responses?.['429'];
      if (tooMany) tooMany.headers = { ...RATE_LIMIT_HEADERS, ...tooMany.headers };
      for (const status of operation.responses?.['304'] ? ['200', '304'] : []) {
        const answer = operation.responses?.[status];
        if (answer) answer.headers = { ...ETAG_HEADER, ...answer.headers };
      }
    }
  }
  document.tags = Object.entries(TAGS).map(([name, description]) => ({ name, description }));
  return document;
}
