import type { OpenAPIHono } from '@hono/zod-openapi';
import { signUpRequestSchema } from '@domain/schemas/account';
import { errorBodySchema, z } from '@server/lib/openapi';

// Better Auth serves /api/auth/* itself (app.ts); these are the endpoints the web app calls,
// described here so the document covers every call the product makes. Better Auth's own error
// answers are `{ code, message }`, not our `{ error }` shape.

const authError = z.object({ code: z.string().optional(), message: z.string() }).openapi('AuthError');
const ok = z.object({ status: z.boolean() }).passthrough();
const userAnswer = z.object({
  user: z.object({ id: z.string(), email: z.string(), name: z.string() }).passthrough(),
});

interface AuthEndpoint {
  path: string;
  summary: string;
  body: z.ZodType;
  answer: z.ZodType;
}

const ENDPOINTS: AuthEndpoint[] = [
  {
    path: '/sign-up/email',
    summary:
      'Register (D10: the account stays unconfirmed until the emailed link is followed). A taken address answers like a new one and its owner is emailed instead.',
    body: signUpRequestSchema.extend({ callbackURL: z.string().optional() }),
    answer: z.object({ token: z.string().nullable() }).passthrough(),
  },
  {
    path: '/sign-in/email',
    summary: 'Sign in with email and password; sets the httpOnly session cookie',
    body: z.object({ email: z.string(), password: z.string(), rememberMe: z.boolean().optional() }),
    answer: userAnswer,
  },
  {
    path: '/sign-out',
    summary: 'End this session (revoked on every instance at once)',
    body: z.object({}),
    answer: z.object({ success: z.boolean() }),
  },
  {
    path: '/send-verification-email',
    summary: 'Send the confirmation email again',
    body: z.object({ email: z.string(), callbackURL: z.string().optional() }),
    answer: ok,
  },
  {
    path: '/request-password-reset',
    summary: 'Email a password reset link (same answer whether or not the address is registered)',
    body: z.object({ email: z.string(), redirectTo: z.string().optional() }),
    answer: ok,
  },
  {
    path: '/reset-password',
    summary: 'Set a new password with the emailed token; signs out every session of the member',
    body: z.object({ token: z.string(), newPassword: z.string() }),
    answer: ok,
  },
];

export function describeAuthEndpoints(registry: OpenAPIHono['openAPIRegistry']) {
  for (const endpoint of ENDPOINTS) {
    registry.registerPath({
      method: 'post',
      path: `/api/auth${endpoint.path}`,
      tags: ['Authentication (Better Auth)'],
      summary: endpoint.summary,
      request: { body: { required: true, content: { 'application/json': { schema: endpoint.body } } } },
      responses: {
        200: { description: 'Done', content: { 'application/json': { schema: endpoint.answer } } },
        400: { description: 'Invalid input', content: { 'application/json': { schema: authError } } },
        401: {
          description: 'Wrong email or password',
          content: { 'application/json': { schema: authError } },
        },
        403: {
          description: 'Email not confirmed yet, or a cross-site request',
          content: { 'application/json': { schema: z.union([authError, errorBodySchema]) } },
        },
        429: { description: 'Too many attempts', content: { 'application/json': { schema: authError } } },
      },
    });
  }
}
