import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '@server/db/client';
import { emailNotifications } from '@server/db/schema';
import { setClock } from '@server/lib/clock';
import { createLogger } from '@server/lib/logger';
import { createBook } from '@server/seed/factories';
import { setUpTestContext, type Member, type TestContext } from '@tests/support/harness';
import { advanceTestOrder, placeTestOrder } from '@tests/support/order-factories';
import { DIGEST_LIMIT } from './digest';
import { renderEmail, renderNotice } from './layout';
import { createOutbox, createTransport, enqueueEmails, type QueuedEmail } from './outbox';
import type { ConversationsApi } from '@server/modules/conversations/routes';

// D37: several notices due to one member at one moment go out in one email, each with its own
// link to act on it or answer; everything else keeps its own email. Real SMTP, the clock set.

let ctx: TestContext;
let admin: Member;
const MINUTE = 60_000;

setUpTestContext((made, madeAdmin) => {
  ctx = made;
  admin = madeAdmin;
});

const mailTo = (address: string) =>
  ctx.mailbox.messages.filter((m) => m.to.some((to) => to.toLowerCase() === address.toLowerCase()));

/** A notice (or, with `plain`, an ordinary email) about `topic`, with a link of its own. */
function notice(
  to: string,
  topic: string,
  options: { lang?: 'en' | 'id'; plain?: boolean } = {},
): QueuedEmail {
  const content = {
    subject: `Notice ${topic}`,
    title: `Title ${topic}`,
    paragraphs: [`Body ${topic}`],
    button: { label: `Open ${topic}`, url: `http://localhost/${topic}` },
  };
  const lang = options.lang ?? 'en';
  return {
    to,
    recipientType: 'user',
    emailType: 'test_notice',
    ...(options.plain ? renderEmail(lang, content) : renderNotice(lang, content)),
  };
}

/**
 * Queues each email in its own statement, so they are oldest first in the order given, once the
 * worker is idle: a pass still running from an earlier request's kick would otherwise send the
 * first before the others are queued (notices queued apart in time may go apart).
 */
async function queueInTurn(emails: QueuedEmail[]) {
  await ctx.deps.outbox.runOnce();
  for (const email of emails) await enqueueEmails(ctx.db, [email]);
}

describe('notices due at one moment share one email (D37)', () => {
  it("a loan reminder and another order's message reach the borrower in ONE email, each with its order link", async () => {
    // The loan is due on Wednesday 9 December; its first reminder fires at 09:00 Makassar on the 7th.
    setClock(new Date('2026-12-02T02:00:00Z'));
    const lender = await ctx.member({ name: 'Made Owner' });
    const borrower = await ctx.member({ name: 'Sari Borrower' });
    const onLoan = await placeTestOrder(ctx, {
      borrower,
      books: [await createBook(ctx.db, { ownerId: lender.user.id, title: 'Matilda' })],
    });
    await advanceTestOrder(ctx, { orderId: onLoan.order.id, admin, to: 'Delivered' });
    const seller = await ctx.member({ name: 'Komang Owner' });
    const next = await placeTestOrder(ctx, {
      borrower,
      books: [await createBook(ctx.db, { ownerId: seller.user.id, title: 'Momo' })],
    });
    await ctx.deps.outbox.runOnce();
    const before = mailTo(borrower.user.email).length;

    // 08:30: the other order's owner writes; that email goes at once. 08:35: again, and this one
    // waits for the 30th minute (D26): 09:00, the reminder's moment.
    const say = (body: string) =>
      ctx.answer(
        ctx
          .client<ConversationsApi>(seller.cookie)
          .orders[':id'].conversation.$post({ param: { id: next.order.id }, json: { body } }),
      );
    setClock(new Date('2026-12-07T00:30:00Z'));
    expect((await say('I can bring it on Friday')).status).toBe(201);
    await ctx.deps.outbox.runOnce();
    setClock(new Date('2026-12-07T00:35:00Z'));
    expect((await say('Or <script>alert(1)</script> on **Saturday**')).status).toBe(201);
    await ctx.deps.outbox.runOnce();
    expect(mailTo(borrower.user.email)).toHaveLength(before + 1);

    setClock(new Date('2026-12-07T01:00:00Z'));
    await ctx.deps.outbox.runOnce();
    await ctx.deps.outbox.runOnce();
    const received = mailTo(borrower.user.email).slice(before + 1);
    expect(received).toHaveLength(1);
    const [email] = received;
    expect(email.subject).toMatch(/, and 1 more notice$/);
    // The reminder with its order's link, the message with its own: each says how to act or answer.
    expect(email.body).toContain('due in 2 days');
    expect(email.body).toContain(`${ctx.config.appUrl}/orders/${onLoan.order.id}`);
    expect(email.body).toContain('Or <script>alert(1)</script> on **Saturday**');
    expect(email.body).toContain(`${ctx.config.appUrl}/orders/${next.order.id}`);
    expect(email.body).not.toContain('I can bring it on Friday');
    // The HTML part shows the message as text, never as markup.
    const html = email.body.slice(email.body.indexOf('<!doctype html>'));
    expect(html).toContain('Or &lt;script&gt;alert(1)&lt;/script&gt; on **Saturday**');
    expect(html).not.toContain('<script>');

    // Both rows are sent, by that one email; nothing goes again.
    const rows = await ctx.db
      .select()
      .from(emailNotifications)
      .where(
        and(
          eq(emailNotifications.recipientEmail, borrower.user.email),
          inArray(emailNotifications.emailType, ['loan_reminder_due_soon', 'message']),
        ),
      );
    expect(rows.filter((r) => r.emailType === 'loan_reminder_due_soon')).toHaveLength(1);
    expect(rows.every((r) => r.sentAt !== null)).toBe(true);
    await ctx.deps.outbox.runOnce();
    expect(mailTo(borrower.user.email)).toHaveLength(before + 2);
  });

  it('only notices of one address and one language share an email; other emails keep their own', async () => {
    await queueInTurn([
      notice('Pair@Example.com', 'a'),
      notice('pair@example.com', 'b'),
      notice('pair@example.com', 'c', { lang: 'id' }),
      notice('pair@example.com', 'd', { plain: true }),
      notice('other@example.com', 'e'),
    ]);
    await ctx.deps.outbox.runOnce();
    const subjects = mailTo('pair@example.com').map((m) => m.subject);
    expect(subjects.sort()).toEqual(['Notice a, and 1 more notice', 'Notice c', 'Notice d']);
    const pair = mailTo('pair@example.com').find((m) => m.subject.startsWith('Notice a'))!;
    expect(pair.body).toContain('2 notices for you');
    for (const topic of ['a', 'b']) {
      expect(pair.body).toContain(`Body ${topic}`);
      expect(pair.body).toContain(`Open ${topic}: http://localhost/${topic}`);
    }
    expect(mailTo('other@example.com').map((m) => m.subject)).toEqual(['Notice e']);
  });

  it('an Indonesian reader gets the combined email in Indonesian', async () => {
    await queueInTurn([
      notice('baca@example.com', 'a', { lang: 'id' }),
      notice('baca@example.com', 'b', { lang: 'id' }),
      notice('baca@example.com', 'c', { lang: 'id' }),
    ]);
    await ctx.deps.outbox.runOnce();
    const [email] = mailTo('baca@example.com');
    expect(mailTo('baca@example.com')).toHaveLength(1);
    expect(email.subject).toBe('Notice a dan 2 kabar lainnya');
    expect(email.body).toContain('3 kabar untukmu');
  });

  it('a failed send keeps the notices together; the next attempt sends them in one email, once', async () => {
    await queueInTurn([notice('later@example.com', 'a'), notice('later@example.com', 'b')]);
    ctx.mailbox.failNext(1);
    expect(await ctx.deps.outbox.runOnce()).toEqual({ sent: 0, failed: 1 });
    const pending = await ctx.db
      .select()
      .from(emailNotifications)
      .where(eq(emailNotifications.recipientEmail, 'later@example.com'));
    expect(pending.every((r) => r.sentAt === null && r.lastError?.includes('Mailbox'))).toBe(true);
    expect(new Set(pending.map((r) => r.nextAttemptAt.getTime())).size).toBe(1);

    setClock(new Date(pending[0].nextAttemptAt.getTime() + MINUTE));
    expect(await ctx.deps.outbox.runOnce()).toEqual({ sent: 1, failed: 0 });
    expect(mailTo('later@example.com').map((m) => m.subject)).toEqual(['Notice a, and 1 more notice']);
  });

  it(`two workers at once send a member's notices in one email, once; at most ${DIGEST_LIMIT} a time`, async () => {
    const count = DIGEST_LIMIT + 3;
    await ctx.deps.outbox.runOnce();
    await enqueueEmails(
      ctx.db,
      Array.from({ length: count }, (_, i) => notice('many@example.com', String(i).padStart(2, '0'))),
    );
    // On PostgreSQL the second worker has its own pool, like a second instance.
    const url = (ctx.runtime.database as { url?: string | null }).url ?? null;
    const second = url ? await openDatabase({ databaseUrl: url, poolSize: 2 }) : null;
    const log = createLogger('silent');
    const workers = [ctx.db, second?.db ?? ctx.db].map((db) =>
      createOutbox({ db, transport: createTransport(ctx.config, log), log, intervalMs: 60_000 }),
    );
    try {
      await Promise.all(workers.map((w) => w.runOnce()));
    } finally {
      await second?.close();
    }
    const received = mailTo('many@example.com');
    // Every notice exactly once, in as few emails as the limit allows.
    // Each notice shows twice in a message: in its text part and in its HTML part.
    const topics = (body: string) => [...new Set([...body.matchAll(/Body (\d\d)/g)].map((x) => x[1]))];
    const carried = received.flatMap((m) => topics(m.body));
    expect(carried.sort()).toEqual(Array.from({ length: count }, (_, i) => String(i).padStart(2, '0')));
    expect(received.length).toBeLessThanOrEqual(3);
    for (const m of received) expect(topics(m.body).length).toBeLessThanOrEqual(DIGEST_LIMIT);
    const rows = await ctx.db
      .select()
      .from(emailNotifications)
      .where(eq(emailNotifications.recipientEmail, 'many@example.com'));
    expect(rows.every((r) => r.sentAt !== null)).toBe(true);
  });
});
