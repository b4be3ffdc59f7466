import type { OpenAPIHono } from '@hono/zod-openapi';
import {
  authErrorSchema,
  authStatusAnswerSchema,
  signInAnswerSchema,
  signOutAnswerSchema,
  signUpAnswerSchema,
} from '@domain/auth-types';
import {
  forgotPasswordSchema,
  newPasswordRequestSchema,
  signInSchema,
  signUpRequestSchema,
} from '@domain/schemas/account';
import { errorBodySchema, operationIdFor, SESSION_SCHEME, z } from '@server/lib/openapi';

// Better Auth serves /api/auth/* (app.ts), but only the endpoints in auth/served-endpoints.ts:
// the web app's calls (src/web/features/account/api.ts, the header's sign-out) and the reset
// link, described here by hand; security/auth-endpoints.test.ts checks that what is served is
// exactly what is described. Our rules run before them (auth/request-rules.ts,
// decision 0002): a broken rule answers 422 VALIDATION_FAILED with the spec's message. Better
// Auth's own error answers are `{ code, message }`; our middleware's (cross-site, body size,
// forbidden characters, crash) are our `{ error }` shape.

const authError = authErrorSchema.openapi('AuthError');
const either = z.union([authError, errorBodySchema]);
const answer = (description: string, schema: z.ZodType) => ({
  description,
  content: { 'application/json': { schema } },
});

// Every endpoint: our middleware's refusals, Better Auth's limiter and our rules' 422.
const ALWAYS = {
  400: answer('Malformed request (our middleware), or refused by Better Auth', either),
  403: answer('A cross-site request (CROSS_SITE_REQUEST, our middleware)', either),
  413: answer('The body is larger than the route accepts', errorBodySchema),
  415: answer('A body in a type Better Auth does not take (UNSUPPORTED_MEDIA_TYPE): send JSON', authError),
  422: answer('Invalid input: VALIDATION_FAILED with the spec’s message and `fields`', authError),
  429: answer(
    'Too many attempts, with `Retry-After`: Better Auth’s limiter per address, or (sign-in) TOO_MANY_PASSWORD_ATTEMPTS per account',
    either,
  ),
  500: answer('Unexpected error', either),
};

interface AuthEndpoint {
  path: string;
  summary: string;
  body: z.ZodType;
  answer: z.ZodType;
  errors?: Record<number, ReturnType<typeof answer>>;
  /** Needs the session cookie (sign-out); the others are open to guests. */
  signedIn?: boolean;
}

const ENDPOINTS: AuthEndpoint[] = [
  {
    path: '/sign-up/email',
    summary:
      'Register (D10: the account stays unconfirmed until the emailed link is followed). A taken address answers like a new one and its owner is emailed instead.',
    body: signUpRequestSchema,
    answer: signUpAnswerSchema,
  },
  {
    path: '/sign-in/email',
    summary: 'Sign in with email and password; sets the httpOnly session cookie',
    body: signInSchema,
    answer: signInAnswerSchema,
    errors: {
      401: answer('Wrong email or password (INVALID_EMAIL_OR_PASSWORD)', authError),
      403: answer(
        'Email not confirmed yet (EMAIL_NOT_VERIFIED; no mail is sent), or a cross-site request',
        either,
      ),
    },
  },
  {
    path: '/sign-out',
    summary: 'Sign out: the session ends (revoked on every instance at once)',
    body: z.object({}),
    answer: signOutAnswerSchema,
    signedIn: true,
  },
  {
    path: '/send-verification-email',
    summary: 'Send the confirmation email again (same answer for any address)',
    body: forgotPasswordSchema.extend({ callbackURL: z.string().optional() }),
    answer: authStatusAnswerSchema,
  },
  {
    path: '/request-password-reset',
    summary: 'Email a password reset link (same answer whether or not the address is registered)',
    body: forgotPasswordSchema.extend({ redirectTo: z.string().optional() }),
    answer: authStatusAnswerSchema,
  },
  {
    path: '/reset-password',
    summary: 'Set a new password with the emailed token; signs out every session of the member',
    body: newPasswordRequestSchema.extend({ token: z.string() }),
    answer: authStatusAnswerSchema,
    errors: {
      400: answer('An unknown, used or expired token (INVALID_TOKEN): the page offers a new link', either),
    },
  },
];

export function describeAuthEndpoints(registry: OpenAPIHono['openAPIRegistry']) {
  // The link in the reset email: Better Auth checks the token and redirects to our page.
  registry.registerPath({
    method: 'get',
    path: '/api/auth/reset-password/{token}',
    operationId: operationIdFor('get', 'auth/reset-password/{token}'),
    tags: ['Authentication (Better Auth)'],
    security: [],
    summary:
      'The password reset link: redirects to /reset-password with the token, or with error=INVALID_TOKEN',
    request: {
      params: z.object({ token: z.string() }),
      query: z.object({ callbackURL: z.string() }),
    },
    responses: {
      302: { description: 'To our reset page (`callbackURL`), with `token` or `error=INVALID_TOKEN`' },
      400: answer('No `callbackURL` (Better Auth’s VALIDATION_ERROR)', authError),
    },
  });
  for (const endpoint of ENDPOINTS) {
    registry.registerPath({
      method: 'post',
      path: `/api/auth${endpoint.path}`,
      operationId: operationIdFor('post', `auth${endpoint.path}`),
      tags: ['Authentication (Better Auth)'],
      security: endpoint.signedIn ? [{ [SESSION_SCHEME]: [] }] : [],
      summary: endpoint.summary,
      request: { body: { required: true, content: { 'application/json': { schema: endpoint.body } } } },
      responses: { 200: answer('Done', endpoint.answer), ...ALWAYS, ...endpoint.errors },
    });
  }
}
