import { and, eq, isNull } from 'drizzle-orm';
import type { Me } from '@domain/api-types';
import { DEFAULT_UI_LANGUAGE, isUiLanguage, type UiLanguage } from '@domain/ui-language';
import type { ProfileInput } from '@domain/schemas/account';
import type { Auth } from '@server/auth/auth';
import type { DbOrTx } from '@server/db/client';
import { books, user } from '@server/db/schema';
import { AppError, fieldProblem } from '@server/lib/errors';

export async function getMe(db: DbOrTx, userId: string): Promise<Me> {
  const [row] = await db.select().from(user).where(eq(user.id, userId));
  if (!row) throw new AppError('NOT_FOUND');
  return toMe(row);
}

function toMe(row: typeof user.$inferSelect): Me {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role === 'admin' ? 'admin' : 'user',
    phone: row.phone,
    location: row.location,
    address: row.address,
    image: row.image,
    language: isUiLanguage(row.language) ? row.language : DEFAULT_UI_LANGUAGE,
    createdAt: row.createdAt.toISOString(),
  };
}

/** D29: the member's language from now on, for their screens on every device and their emails. */
export async function saveLanguage(db: DbOrTx, input: { actorId: string; language: UiLanguage }) {
  const [row] = await db
    .update(user)
    .set({ language: input.language, updatedAt: new Date() })
    .where(eq(user.id, input.actorId))
    .returning({ language: user.language });
  if (!row) throw new AppError('NOT_FOUND');
  return { language: input.language };
}

/**
 * The profile form: name, phone, location, address (the email and role are not the member's to
 * edit here). An emptied phone, location or address is removed.
 */
export async function updateProfile(
  db: DbOrTx,
  input: { actorId: string; profile: ProfileInput },
): Promise<Me> {
  const { name, phone, location, address } = input.profile;
  // D38: listed books show their owner's location as their area, so it stays while there are any.
  if (location === null) {
    const [listed] = await db
      .select({ id: books.id })
      .from(books)
      .where(and(eq(books.ownerId, input.actorId), isNull(books.deletedAt)))
      .limit(1);
    if (listed)
      throw new AppError('VALIDATION_FAILED', {
        fields: { location: fieldProblem('locationNeededForBooks') },
      });
  }
  const [row] = await db
    .update(user)
    .set({ name, phone, location, address, updatedAt: new Date() })
    .where(eq(user.id, input.actorId))
    .returning();
  if (!row) throw new AppError('NOT_FOUND');
  return toMe(row);
}

/**
 * D11: Better Auth checks the current password, stores the new hash, ends every session and
 * opens a fresh one for this browser (the returned Set-Cookie headers); its after-hook queues
 * the 'password changed' notice.
 */
export async function changePassword(
  auth: Auth,
  input: { requestHeaders: Headers; currentPassword: string; newPassword: string },
): Promise<Headers> {
  try {
    const { headers } = await auth.api.changePassword({
      body: {
        currentPassword: input.currentPassword,
        newPassword: input.newPassword,
        revokeOtherSessions: true,
      },
      headers: input.requestHeaders,
      returnHeaders: true,
    });
    return headers;
  } catch (err) {
    if (isInvalidPassword(err)) {
      throw new AppError('INVALID_CURRENT_PASSWORD', {
        fields: { currentPassword: fieldProblem('currentPasswordIncorrect') },
      });
    }
    throw err;
  }
}

function isInvalidPassword(err: unknown): boolean {
  const body = (err as { body?: { code?: string } } | null)?.body;
  return body?.code === 'INVALID_PASSWORD';
}

/**
 * The confirm page's button. Better Auth checks the token, marks the email confirmed
 * and opens a session for this browser (the returned Set-Cookie headers); a token whose email is
 * already confirmed signs nobody in.
 */
export async function confirmEmail(
  auth: Auth,
  input: { requestHeaders: Headers; token: string },
): Promise<Headers> {
  try {
    const { headers } = await auth.api.verifyEmail({
      query: { token: input.token },
      headers: input.requestHeaders,
      returnHeaders: true,
    });
    return headers;
  } catch (err) {
    const status = (err as { statusCode?: number } | null)?.statusCode;
    if (status === 401 || status === 400) {
      throw new AppError('INVALID_CONFIRMATION_LINK');
    }
    throw err;
  }
}
