import { z } from 'zod';

// What Better Auth's endpoints under /api/auth answer the web app (they are not our Hono routes,
// so these schemas describe them in the OpenAPI document and type the web's `authApi` calls).

/** POST /api/auth/sign-up/email: one answer for a new and a taken email alike (decision 0002). */
export const signUpAnswerSchema = z.object({ ok: z.literal(true) });
export type SignUpAnswer = z.infer<typeof signUpAnswerSchema>;

/** POST /api/auth/sign-in/email: the session cookie is set (httpOnly); the answer carries no token. */
export const signInAnswerSchema = z.object({
  redirect: z.boolean(),
  url: z.string().optional(),
  user: z.looseObject({ id: z.string(), email: z.string(), name: z.string() }),
});
export type SignInAnswer = z.infer<typeof signInAnswerSchema>;

/** POST /api/auth/sign-out. */
export const signOutAnswerSchema = z.object({
  success: z.literal(true),
  url: z.string().optional(),
  redirect: z.boolean().optional(),
});
export type SignOutAnswer = z.infer<typeof signOutAnswerSchema>;

/** send-verification-email, request-password-reset and reset-password. */
export const authStatusAnswerSchema = z.object({ status: z.literal(true), message: z.string().optional() });
export type AuthStatusAnswer = z.infer<typeof authStatusAnswerSchema>;
