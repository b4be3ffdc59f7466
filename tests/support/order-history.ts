import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@server/db/client';
import { createUser } from '@server/seed/factories';

// A member with a long order history, written in SQL (one statement for the orders, one for
// their items) so that hundreds of orders take a moment: the e2e setup gives one to the
// journeys that page through My orders (docs/architecture.md, "Lists at scale").

export const ORDER_HISTORY = {
  email: 'history@example.com',
  password: 'history12345',
  name: 'Ayu Riwayat',
  orders: 600,
} as const;

/** The title of the book in the n-th oldest order (1 is the oldest). */
export const historyTitle = (n: number) => `History volume ${String(n).padStart(3, '0')}`;

/** `coverKey`: a stored cover every history book shows (the cover service's key). */
export async function seedOrderHistory(
  db: DbOrTx,
  coverKey: string,
  count: number = ORDER_HISTORY.orders,
): Promise<void> {
  const borrower = await createUser(db, {
    email: ORDER_HISTORY.email,
    password: ORDER_HISTORY.password,
    name: ORDER_HISTORY.name,
  });
  const lender = await createUser(db, { name: 'Gede Pustaka' });
  // Returned loans, a minute apart, the oldest first; each with one book of its own number.
  await db.execute(sql`
    with made as (
      insert into orders (user_id, user_name, user_email, owner_id, owner_name, status, delivery_method,
        delivery_address, borrow_duration, subtotal, shipping_cost, total, owner_share, service_fee, created_at)
      select ${borrower.id}, ${borrower.name}, ${borrower.email}, ${lender.id}, ${lender.name}, 'Completed',
        'delivery', ${JSON.stringify({ fullName: borrower.name, phone: '+628123456789', address: 'Jl. Raya Ubud 1' })}::jsonb,
        1, 10000, 15000, 25000, 9000, 1000, timestamptz '2025-01-01 08:00:00+08' + i * interval '1 minute'
      from generate_series(1, ${count}) as i
      returning id, created_at
    )
    insert into order_items (order_id, owner_id, owner_name, title, author, category, cover_key, borrow_duration,
      weekly_price, item_total, created_at)
    select made.id, ${lender.id}, ${lender.name},
      'History volume ' || lpad((extract(epoch from made.created_at - timestamptz '2025-01-01 08:00:00+08') / 60)::int::text, 3, '0'),
      'Gede Pustaka', 'Adult', ${coverKey}, 1, 10000, 10000, made.created_at
    from made`);
}
