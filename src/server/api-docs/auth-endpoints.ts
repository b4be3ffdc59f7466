import type { OpenAPIHono } from '@hono/zod-openapi';
import {
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
// decision 0002): a broken rule answers 422 VALIDATION_FAILED with the spec's message. Every
// refusal, Better Auth's own included, is our `{ error }` envelope (auth/answer-envelope.ts).

const answer = (description: string, schema: z.ZodType = errorBodySchema) => ({
  description,
  content: { 'application/json': { schema } },
});
// Every endpoint: our middleware's refusals, Better Auth's limiter and our rules' 422.
const ALWAYS = {
  400: answer('A malformed request (HTTP_ERROR, INVALID_JSON, FORBIDDEN_CHARACTER)'),
  403: answer('A cross-site request (CROSS_SITE_REQUEST)'),
  413: answer('The body is larger than the route accepts (PAYLOAD_TOO_LARGE)'),
  415: answer('A body in a type Better Auth does not take (UNSUPPORTED_MEDIA_TYPE): send JSON'),
  422: answer('Invalid input: VALIDATION_FAILED with the spec’s message, `fields` and `fieldCodes`'),
  429: answer(
    'Too many attempts (TOO_MANY_REQUESTS: Better Auth’s limit per address; on sign-in also TOO_MANY_PASSWORD_ATTEMPTS per account), with `Retry-After`, `RateLimit-Policy` and `RateLimit`',
  ),
  500: answer('Unexpected error (INTERNAL), with a request id'),
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
      'Register (the account stays unconfirmed until the emailed link is followed). A taken address answers like a new one and its owner is emailed instead.',
    body: signUpRequestSchema,
    answer: signUpAnswerSchema,
  },
  {
    path: '/sign-in/email',
    summary: 'Sign in with email and password; sets the httpOnly session cookie',
    body: signInSchema,
    answer: signInAnswerSchema,
    errors: {
      401: answer('Wrong email or password, or no account with that email (INVALID_EMAIL_OR_PASSWORD)'),
      403: answer(
        'Email not confirmed yet (EMAIL_NOT_VERIFIED; no mail is sent), or a cross-site request (CROSS_SITE_REQUEST)',
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
      400: answer('An unknown, used or expired token (INVALID_TOKEN): the page offers a new link'),
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
      400: answer('No `callbackURL` (HTTP_ERROR)'),
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
