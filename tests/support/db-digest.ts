import { sql } from 'drizzle-orm';
import type { Db } from '@server/db/client';

// A fingerprint of everything a request could change, to prove a refused request changed
// nothing. Sessions and rate-limit counters are left out: reading a session may refresh it,
// and every attempt counts against a limit by design. Emails count by what was queued, not
// by their sending state, which the outbox worker changes in the background.

const TABLES = [
  'user',
  'account',
  'verification',
  'books',
  'cart_items',
  'checkouts',
  'orders',
  'order_items',
  'order_events',
  'pickup_locations',
  'owner_pickup_locations',
] as const;

export async function databaseDigest(db: Db): Promise<Record<string, string>> {
  const digest: Record<string, string> = {};
  for (const table of TABLES) {
    const result = (await db.execute(
      sql.raw(`select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as h from "${table}" t`),
    )) as unknown as { rows: { h: string }[] };
    digest[table] = result.rows[0].h;
  }
  const queued = (await db.execute(
    sql.raw(`select md5(coalesce(string_agg(id::text || recipient_email || subject, '|' order by id), '')) as h
             from email_notifications`),
  )) as unknown as { rows: { h: string }[] };
  digest.email_notifications = queued.rows[0].h;
  return digest;
}
