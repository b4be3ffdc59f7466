import { createUser } from '@server/seed/factories';
import { orders, timers } from '@server/db/schema';
import type { Database } from '@server/db/client';

// Loans whose reminder is due now (D22, D24), written straight into the database for the tests
// that run real servers: each order is Delivered, its due date has passed, and one timer (the
// due-date reminder, one email to the borrower) waits to be fired.

export const DUE_REMINDER_TYPE = 'loan_reminder_due_today';

export async function seedDueReminders(db: Database['db'], count: number, tag: string): Promise<string[]> {
  const borrower = await createUser(db, { name: 'Timer Borrower' });
  const owner = await createUser(db, { name: 'Timer Owner' });
  const dueAt = new Date(Date.now() - 3_600_000);
  const rows = await db
    .insert(orders)
    .values(
      Array.from({ length: count }, (_, i) => ({
        userId: borrower.id,
        userName: borrower.name,
        // One address per order, so each reminder can be counted where it arrives.
        userEmail: `${tag}-${i}@example.com`,
        ownerId: owner.id,
        ownerName: owner.name,
        status: 'Delivered' as const,
        borrowDuration: 1,
        subtotal: '10000.00',
        deliveredAt: new Date(dueAt.getTime() - 7 * 86_400_000),
        dueAt,
      })),
    )
    .returning({ id: orders.id });
  await db.insert(timers).values(
    rows.map(({ id }) => ({
      kind: 'reminder_due_today',
      subjectId: id,
      key: `${id}:reminder_due_today:${dueAt.toISOString()}`,
      refAt: dueAt,
      dueAt,
    })),
  );
  return rows.map((r) => r.id);
}
