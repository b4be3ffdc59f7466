import { eq, inArray } from 'drizzle-orm';
import type { MyWhatsapp, OrderWhatsapp } from '@domain/whatsapp-types';
import type { SessionUser } from '@server/app-env';
import type { DbOrTx } from '@server/db/client';
import { memberWhatsapp, orders, user } from '@server/db/schema';
import { now } from '@server/lib/clock';
import { AppError } from '@server/lib/errors';
import { loadOrderItems, rolesOnOrder } from '@server/modules/orders/service';

// A member's WhatsApp number (D45): optional, given with consent, and shown only as a chat
// contact to the other side of a placed order and to admins. Nothing else reads this table.

export async function getMyWhatsapp(db: DbOrTx, userId: string): Promise<MyWhatsapp> {
  const [row] = await db.select().from(memberWhatsapp).where(eq(memberWhatsapp.userId, userId));
  return { number: row?.number ?? null, consentedAt: row?.consentedAt.toISOString() ?? null };
}

/** Saves the number (already in E.164, consent given: the request schema refuses anything else). */
export async function saveMyWhatsapp(db: DbOrTx, userId: string, number: string): Promise<MyWhatsapp> {
  const at = now();
  await db
    .insert(memberWhatsapp)
    .values({ userId, number, consentedAt: at, updatedAt: at })
    .onConflictDoUpdate({ target: memberWhatsapp.userId, set: { number, consentedAt: at, updatedAt: at } });
  return getMyWhatsapp(db, userId);
}

/** Withdraws the number: from now on no order shows it. */
export async function removeMyWhatsapp(db: DbOrTx, userId: string): Promise<MyWhatsapp> {
  await db.delete(memberWhatsapp).where(eq(memberWhatsapp.userId, userId));
  return { number: null, consentedAt: null };
}

/**
 * Whom the viewer may chat with about this order: the borrower reaches the owner, the owner the
 * borrower, an admin both. An order exists only once placed; a cancelled one is over, so its
 * parties no longer see each other's numbers (admins still do). A side without a number is left out.
 */
export async function getOrderWhatsapp(
  db: DbOrTx,
  input: { actor: Pick<SessionUser, 'id' | 'role'>; orderId: string },
): Promise<OrderWhatsapp> {
  const [order] = await db.select().from(orders).where(eq(orders.id, input.orderId));
  if (!order) throw new AppError('ORDER_NOT_FOUND');
  const roles = rolesOnOrder(input.actor, order, await loadOrderItems(db, order.id));
  if (roles.length === 0) throw new AppError('ORDER_FORBIDDEN');

  const admin = roles.includes('admin');
  const notCancelled = order.status !== 'Cancelled';
  const wanted: { side: 'borrower' | 'owner'; userId: string }[] = [];
  if (order.ownerId && (admin || (notCancelled && roles.includes('borrower')))) {
    wanted.push({ side: 'owner', userId: order.ownerId });
  }
  if (order.userId && (admin || (notCancelled && roles.includes('owner')))) {
    wanted.push({ side: 'borrower', userId: order.userId });
  }
  // One person on both sides (never through checkout) has nobody to chat with.
  const others = wanted.filter((w) => admin || w.userId !== input.actor.id);
  if (others.length === 0) return { contacts: [] };

  const rows = await db
    .select({ userId: memberWhatsapp.userId, number: memberWhatsapp.number, name: user.name })
    .from(memberWhatsapp)
    .innerJoin(user, eq(user.id, memberWhatsapp.userId))
    .where(
      inArray(
        memberWhatsapp.userId,
        others.map((w) => w.userId),
      ),
    );
  const byUser = new Map(rows.map((r) => [r.userId, r]));
  return {
    contacts: others.flatMap((w) => {
      const row = byUser.get(w.userId);
      return row ? [{ side: w.side, name: row.name, number: row.number }] : [];
    }),
  };
}
