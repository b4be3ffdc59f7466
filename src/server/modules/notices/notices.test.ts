import { and, asc, eq, isNull } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { NOTICE_KINDS, type NoticeKind, pushIsOffered } from '@domain/notice-kinds';
import { reminderTime } from '@domain/loan';
import { emailNotifications, noticeChoices, orders, pushSubscriptions } from '@server/db/schema';
import { advanceClock, resetClock, setClock } from '@server/lib/clock';
import { enqueueEmails, type QueuedEmail } from '@server/outbox/outbox';
import { unsubscribeToken } from '@server/outbox/unsubscribe';
import { createBook } from '@server/seed/factories';
import { createTestContext, type Member, type TestContext } from '@tests/support/harness';
import { advanceTestOrder, placeTestOrder } from '@tests/support/order-factories';
import {
  type BrowserSubscription,
  browserSubscription,
  type PushService,
  startPushService,
  vapidSigner,
} from '@tests/support/push-service';
import { englishCode } from '@tests/support/texts';
import type { NoticesApi } from './routes';
import type { ConversationsApi } from '@server/modules/conversations/routes';
import type { AccountApi } from '@server/modules/account/routes';
import type { WaitlistApi } from '@server/modules/waitlist/routes';
import type { AdminApi } from '@server/modules/admin/routes';

// Members choose their channels (D45), through the API and a real push service stand-in: a
// local HTTP endpoint receives the encrypted push, which the test decrypts with the keys a
// browser would hold. Batching (D37) and exactly-once per channel; 404/410 remove a device; a
// push failure never holds an email back; choices per kind; the one-click unsubscribe (RFC 8058).

let ctx: TestContext;
let push: PushService;
let admin: Member;

beforeAll(async () => {
  ctx = await createTestContext({ RATE_LIMIT_ENABLED: 'false' });
  push = await startPushService();
  admin = await ctx.admin({ name: 'Ops Admin' });
});
afterAll(async () => {
  resetClock();
  await ctx.close();
  await push.close();
});
afterEach(() => resetClock());

const runWorker = async () => {
  await ctx.deps.outbox.runOnce();
  await ctx.deps.outbox.runOnce();
};

/** A member's browser subscribes through the API, as the notifications page does. */
async function subscribe(member: Member, name: string): Promise<BrowserSubscription> {
  const device = browserSubscription(push, `${name}-${member.user.id}`);
  const res = await ctx.answer(
    ctx.client<NoticesApi>(member.cookie).profile['push-subscriptions'].$post({ json: device.json }),
  );
  expect(res.status).toBe(201);
  return device;
}

/** What arrived at `device`, decrypted, oldest first. */
function pushesAt(device: BrowserSubscription) {
  return push.received
    .filter((p) => p.path === device.path)
    .map(
      (p) => JSON.parse(device.decrypt(p.body)) as { title: string; body: string; url: string; tag: string },
    );
}

async function rowsTo(email: string, channel: 'email' | 'push') {
  return ctx.db
    .select()
    .from(emailNotifications)
    .where(and(eq(emailNotifications.recipientEmail, email), eq(emailNotifications.channel, channel)))
    .orderBy(asc(emailNotifications.createdAt));
}

const say = (cookie: string, orderId: string, body: string) =>
  ctx.answer(
    ctx
      .client<ConversationsApi>(cookie)
      .orders[':id'].conversation.$post({ param: { id: orderId }, json: { body } }),
  );

async function anOrder(title = 'Matilda') {
  const owner = await ctx.member({ name: 'Made Owner' });
  const borrower = await ctx.member({ name: 'Sari Borrower' });
  const book = await createBook(ctx.db, { ownerId: owner.user.id, title });
  const placed = await placeTestOrder(ctx, { borrower, books: [book] });
  return { owner, borrower, book, id: placed.order.id };
}

describe('push notices (D45)', () => {
  it('a message reaches the device encrypted (aes128gcm), VAPID-signed, naming the book and opening the order; the email goes too', async () => {
    const { owner, borrower, id } = await anOrder('Cantik Itu Luka');
    const device = await subscribe(owner, 'phone');
    expect(await say(borrower.cookie, id, 'Can I pick it up in Sanur on Friday?')).toMatchObject({
      status: 201,
    });
    await runWorker();

    const arrived = push.received.filter((p) => p.path === device.path);
    expect(arrived).toHaveLength(1);
    expect(arrived[0].headers['content-encoding']).toBe('aes128gcm');
    expect(arrived[0].headers.urgency).toBe('high');
    expect(Number(arrived[0].headers.ttl)).toBeGreaterThan(0);
    // Signed by our VAPID key for the push service's origin.
    expect(vapidSigner(arrived[0], push.origin)).toBe(ctx.config.vapid.publicKey);
    // The body is not readable without the browser's keys.
    expect(arrived[0].body.toString('utf8')).not.toContain('Sanur');
    const [shown] = pushesAt(device);
    expect(shown.title).toBe('New message about “Cantik Itu Luka”');
    expect(shown.body).toBe('Sari Borrower: Can I pick it up in Sanur on Friday?');
    expect(shown.url).toBe(`${ctx.config.appUrl}/orders/${id}`);
    const [pushRow] = await rowsTo(owner.user.email, 'push');
    expect(shown.tag).toBe(pushRow.id);
    expect(pushRow.sentAt).not.toBeNull();
    // The email is its own row, sent once.
    const emails = (await rowsTo(owner.user.email, 'email')).filter((r) => r.emailType === 'message');
    expect(emails).toHaveLength(1);
    expect(emails[0].sentAt).not.toBeNull();
    // Never twice: more passes send nothing more.
    await runWorker();
    expect(push.received.filter((p) => p.path === device.path)).toHaveLength(1);
  });

  it('payment due and confirmed reach the borrower; the paid order to hand over reaches the owner, each in its reader’s language', async () => {
    const { owner, borrower, id } = await anOrder('Laskar Pelangi');
    await ctx.answer(
      ctx.client<AccountApi>(owner.cookie).profile.language.$put({ json: { language: 'id' } }),
    );
    const borrowerPhone = await subscribe(borrower, 'phone');
    const ownerPhone = await subscribe(owner, 'phone');
    await advanceTestOrder(ctx, { orderId: id, admin, to: 'Waiting for Payment' });
    await runWorker();
    expect(pushesAt(borrowerPhone).map((p) => p.title)).toEqual(['Payment due for “Laskar Pelangi”']);
    expect(pushesAt(borrowerPhone)[0].url).toBe(`${ctx.config.appUrl}/orders/${id}`);
    expect(pushesAt(ownerPhone)).toEqual([]);

    await advanceTestOrder(ctx, { orderId: id, admin, to: 'Processed' });
    await runWorker();
    expect(pushesAt(borrowerPhone).map((p) => p.title)).toEqual([
      'Payment due for “Laskar Pelangi”',
      'Payment confirmed for “Laskar Pelangi”',
    ]);
    expect(pushesAt(ownerPhone).map((p) => p.title)).toEqual(['Pesanan untuk diserahkan: “Laskar Pelangi”']);
    // Shipping and delivery are not where hours count: email only.
    await advanceTestOrder(ctx, { orderId: id, admin, to: 'Delivered' });
    await runWorker();
    expect(pushesAt(borrowerPhone)).toHaveLength(2);
  });

  it('a notice due with another at one moment: one email and one push carry both (D37, per channel)', async () => {
    const { owner, borrower, id } = await anOrder('Bumi Manusia');
    await advanceTestOrder(ctx, { orderId: id, admin, to: 'Delivered' });
    const [order] = await ctx.db.select().from(orders).where(eq(orders.id, id));
    const reminderAt = reminderTime(order.dueAt!, 'due_soon', ctx.config.timeZone).getTime();
    // The owner wrote 30 minutes before the due-soon reminder (emailed at once); a second message
    // a minute before it waits for its 30 minutes (D26): both fall due at the reminder's moment.
    setClock(new Date(reminderAt - 30 * 60_000));
    expect(await say(owner.cookie, id, 'Hope the delivery went well')).toMatchObject({ status: 201 });
    await runWorker();
    const phone = await subscribe(borrower, 'phone');
    const before = { emails: (await rowsTo(borrower.user.email, 'email')).length };
    setClock(new Date(reminderAt - 60_000));
    expect(await say(owner.cookie, id, 'Enjoying it?')).toMatchObject({ status: 201 });
    await runWorker();
    setClock(new Date(reminderAt + 60_000));
    await runWorker();

    const emails = (await rowsTo(borrower.user.email, 'email')).slice(before.emails);
    expect(emails.map((r) => r.emailType).sort()).toEqual(['loan_reminder_due_soon', 'message']);
    const pushes = await rowsTo(borrower.user.email, 'push');
    const fresh = pushes.filter((r) => ['loan_reminder_due_soon', 'message'].includes(r.emailType));
    expect(fresh).toHaveLength(2);
    // Each channel sent its two rows as one: the same moment marked them together.
    const smtpCopies = ctx.mailbox.messages.filter(
      (m) => m.to.includes(borrower.user.email) && /Bumi|notice/.test(m.subject),
    );
    expect(new Set(emails.map((r) => r.sentAt?.getTime())).size).toBe(1);
    expect(smtpCopies.filter((m) => /more notice/.test(m.subject))).toHaveLength(1);
    const shown = pushesAt(phone);
    expect(shown).toHaveLength(1);
    expect(shown[0].title).toMatch(/, and 1 more notice$/);
    expect(shown[0].body).toContain('“Bumi Manusia”: due in 2 days');
    expect(shown[0].body).toContain('New message about “Bumi Manusia”');
    expect(shown[0].tag).toBe(
      fresh.find((r) => r.createdAt.getTime() === Math.min(...fresh.map((f) => f.createdAt.getTime())))!.id,
    );
  });

  it('a book held for a waiter reaches their device, naming the book and when the hold ends, opening the book', async () => {
    setClock(new Date('2026-12-02T02:00:00Z'));
    const owner = await ctx.member({ name: 'Made Owner' });
    const book = await createBook(ctx.db, { ownerId: owner.user.id, title: 'Circe', weeklyPrice: '10000' });
    const placed = await placeTestOrder(ctx, { books: [book] });
    await advanceTestOrder(ctx, { orderId: placed.order.id, admin, to: 'Processed' });
    const waiter = await ctx.member({ name: 'Wayan Waiter' });
    expect(
      (
        await ctx.answer(
          ctx.client<WaitlistApi>(waiter.cookie).books[':id'].waitlist.$post({ param: { id: book.id } }),
        )
      ).status,
    ).toBe(201);
    const phone = await subscribe(waiter, 'phone');
    await advanceTestOrder(ctx, { orderId: placed.order.id, admin, to: 'Completed' });
    await runWorker();
    const shown = pushesAt(phone);
    expect(shown).toHaveLength(1);
    expect(shown[0].title).toBe('Held for you: “Circe”');
    // 48 hours from 10:00 Bali time on Wednesday.
    expect(shown[0].body).toBe('Borrow it before Friday, 4 December 2026 at 10:00 (Bali time).');
    expect(shown[0].url).toBe(`${ctx.config.appUrl}/books/${book.id}`);

    // Six hours before the hold ends, the holder hears it is about to lapse: email and push.
    setClock(new Date(new Date('2026-12-04T02:00:00Z').getTime() - 6 * 3_600_000 + 60_000));
    await runWorker();
    const ending = pushesAt(phone);
    expect(ending).toHaveLength(2);
    expect(ending[1].title).toBe('Hold ending soon: “Circe”');
    expect(ending[1].body).toBe(
      'Borrow it before Friday, 4 December 2026 at 10:00 (Bali time), or it goes to the next member.',
    );
    expect(
      (await rowsTo(waiter.user.email, 'email')).filter((r) => r.emailType === 'waitlist_hold_ending'),
    ).toHaveLength(1);
    // Once, however many passes.
    await runWorker();
    expect(pushesAt(phone)).toHaveLength(2);
  });

  it('a hold passed on before its last six hours sends no ending notice', async () => {
    setClock(new Date('2026-12-02T02:00:00Z'));
    const owner = await ctx.member();
    const book = await createBook(ctx.db, {
      ownerId: owner.user.id,
      title: 'Gadis Pantai',
      weeklyPrice: '10000',
    });
    const placed = await placeTestOrder(ctx, { books: [book] });
    await advanceTestOrder(ctx, { orderId: placed.order.id, admin, to: 'Processed' });
    const waiter = await ctx.member();
    await ctx.answer(
      ctx.client<WaitlistApi>(waiter.cookie).books[':id'].waitlist.$post({ param: { id: book.id } }),
    );
    const phone = await subscribe(waiter, 'phone');
    await advanceTestOrder(ctx, { orderId: placed.order.id, admin, to: 'Completed' });
    await runWorker();
    expect(
      (
        await ctx.answer(
          ctx.client<WaitlistApi>(waiter.cookie).books[':id'].waitlist.pass.$post({ param: { id: book.id } }),
        )
      ).status,
    ).toBe(200);
    setClock(new Date('2026-12-04T01:00:00Z'));
    await runWorker();
    expect(pushesAt(phone).map((p) => p.title)).toEqual(['Held for you: “Gadis Pantai”']);
    expect(
      (await rowsTo(waiter.user.email, 'email')).filter((r) => r.emailType === 'waitlist_hold_ending'),
    ).toEqual([]);
  });

  it('an endpoint answering 410 or 404 is removed; the other device still gets it; a push service down retries the push and never holds the email', async () => {
    const { owner, borrower, id } = await anOrder('Ronggeng Dukuh Paruk');
    const gone = await subscribe(owner, 'old-phone');
    const lost = await subscribe(owner, 'lost-tablet');
    const kept = await subscribe(owner, 'new-phone');
    push.answer(gone.path, 410);
    push.answer(lost.path, 404);
    await say(borrower.cookie, id, 'Hello');
    await runWorker();
    expect(pushesAt(kept)).toHaveLength(1);
    const left = await ctx.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, owner.user.id));
    expect(left.map((s) => s.endpoint)).toEqual([kept.json.endpoint]);

    // The service is down: the email goes, the push waits and is retried once it is back.
    push.answer(kept.path, 500);
    setClock(new Date(Date.now() + 60 * 60_000));
    await say(borrower.cookie, id, 'Are you there?');
    await runWorker();
    const messageEmails = (await rowsTo(owner.user.email, 'email')).filter((r) => r.emailType === 'message');
    expect(messageEmails).toHaveLength(2);
    expect(messageEmails.every((r) => r.sentAt !== null)).toBe(true);
    const waiting = (await rowsTo(owner.user.email, 'push')).filter((r) => r.sentAt === null);
    expect(waiting).toHaveLength(1);
    expect(waiting[0].lastError).toContain('500');
    push.answer(kept.path, 201);
    advanceClock(2 * 60_000);
    await runWorker();
    expect(pushesAt(kept).map((p) => p.body)).toEqual([
      'Sari Borrower: Hello',
      'Sari Borrower: Are you there?',
    ]);
    // A 500 is not "gone": the device stays.
    expect(
      await ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, owner.user.id)),
    ).toHaveLength(1);
  });

  it('a member without a device gets no push row; an admin’s working notices never go by push', async () => {
    const { owner, borrower, id } = await anOrder();
    await say(borrower.cookie, id, 'No phone here');
    await runWorker();
    expect(await rowsTo(owner.user.email, 'push')).toEqual([]);
    await subscribe(admin, 'desk');
    await advanceTestOrder(ctx, { orderId: id, admin, to: 'Waiting for Payment' });
    expect(await rowsTo(admin.user.email, 'push')).toEqual([]);
  });
});

describe('the admins’ Emails tab', () => {
  it('lists and counts emails only: a push row is not an email, and Retry all failed leaves it alone', async () => {
    const owner = await ctx.member();
    await subscribe(owner, 'phone');
    await enqueueEmails(ctx.db, [
      {
        to: owner.user.email,
        recipientType: 'owner',
        emailType: 'message',
        subject: 'A message',
        text: 'text',
        html: '<p>html</p>',
        push: { language: 'en', title: 'A message', body: 'body', url: `${ctx.config.appUrl}/messages` },
      },
    ]);
    expect((await rowsTo(owner.user.email, 'push')).length).toBe(1);
    // Before the worker runs: the pending count is the unsent emails, not the unsent push row.
    const unsent = await ctx.db
      .select({ channel: emailNotifications.channel })
      .from(emailNotifications)
      .where(isNull(emailNotifications.sentAt));
    expect(unsent.some((r) => r.channel === 'push')).toBe(true);
    const pending = await ctx.answer(ctx.client<AdminApi>(admin.cookie).admin.emails['pending-count'].$get());
    expect(pending.body.count).toBe(unsent.filter((r) => r.channel === 'email').length);
    const list = await ctx.answer(
      ctx.client<AdminApi>(admin.cookie).admin.emails.$get({ query: { q: owner.user.email } }),
    );
    expect(list.status).toBe(200);
    expect(list.body.items.filter((r: { emailType: string }) => r.emailType === 'message')).toHaveLength(1);
    await runWorker();
    await ctx.db
      .update(emailNotifications)
      .set({ failedAt: new Date(), sentAt: null })
      .where(
        and(eq(emailNotifications.recipientEmail, owner.user.email), eq(emailNotifications.channel, 'push')),
      );
    expect(
      (await ctx.answer(ctx.client<AdminApi>(admin.cookie).admin.emails['retry-failed'].$post())).status,
    ).toBe(200);
    const [pushRow] = await rowsTo(owner.user.email, 'push');
    expect(pushRow.failedAt).not.toBeNull();
  });
});

describe('choices per kind (D45)', () => {
  /** One notice of `kind` to `member`, with a push, queued as the features queue them. */
  const SAMPLE: Record<NoticeKind, Pick<QueuedEmail, 'emailType' | 'recipientType'>> = {
    account: { emailType: 'password_changed', recipientType: 'user' },
    payment: { emailType: 'order_shipping_cost_set', recipientType: 'borrower' },
    handover: { emailType: 'order_payment_confirmed', recipientType: 'owner' },
    loans: { emailType: 'loan_reminder_due_today', recipientType: 'borrower' },
    waitlist: { emailType: 'waitlist_hold', recipientType: 'user' },
    messages: { emailType: 'message', recipientType: 'owner' },
    orders: { emailType: 'order_shipped', recipientType: 'borrower' },
    wanted: { emailType: 'wanted_available', recipientType: 'user' },
  };
  const queueOne = (member: Member, kind: NoticeKind) =>
    enqueueEmails(ctx.db, [
      {
        to: member.user.email,
        ...SAMPLE[kind],
        subject: `About ${kind}`,
        text: 'text',
        html: '<p>html</p>',
        push: { language: 'en', title: `About ${kind}`, body: 'body', url: `${ctx.config.appUrl}/orders` },
      },
    ]);
  const channelsQueued = async (member: Member, kind: NoticeKind) =>
    (
      await ctx.db
        .select({ channel: emailNotifications.channel })
        .from(emailNotifications)
        .where(
          and(
            eq(emailNotifications.recipientEmail, member.user.email),
            eq(emailNotifications.subject, `About ${kind}`),
          ),
        )
    )
      .map((r) => r.channel)
      .sort();
  const choose = (member: Member, kind: NoticeKind, channel: 'email' | 'push', enabled: boolean) =>
    ctx.answer(
      ctx.client<NoticesApi>(member.cookie).profile.notices.$put({ json: { kind, channel, enabled } }),
    );

  it('defaults: every kind on by email and, where it has pushes, by push', async () => {
    const member = await ctx.member();
    const res = await ctx.answer(ctx.client<NoticesApi>(member.cookie).profile.notices.$get());
    expect(res.status).toBe(200);
    expect(res.body.devices).toBe(0);
    expect(res.body.choices).toEqual(
      NOTICE_KINDS.map((kind) => ({
        kind,
        email: true,
        emailLocked: kind === 'account' || kind === 'payment',
        push: pushIsOffered(kind) ? true : null,
      })),
    );
  });

  it.each(NOTICE_KINDS)(
    'kind %s: each channel turned off stops only that channel; essential emails stay on',
    async (kind) => {
      const member = await ctx.member();
      await subscribe(member, 'phone');
      // The sample row is subject-tagged: queue it again per step and clear it between.
      const clear = () =>
        ctx.db
          .delete(emailNotifications)
          .where(
            and(
              eq(emailNotifications.recipientEmail, member.user.email),
              eq(emailNotifications.subject, `About ${kind}`),
            ),
          );
      await queueOne(member, kind);
      expect(await channelsQueued(member, kind)).toEqual(pushIsOffered(kind) ? ['email', 'push'] : ['email']);
      await clear();

      if (kind === 'account' || kind === 'payment') {
        const refused = await choose(member, kind, 'email', false);
        expect(refused.status).toBe(409);
        expect(refused.body.error.message).toBe(englishCode('NOTICE_EMAIL_REQUIRED'));
        expect(
          await ctx.db.select().from(noticeChoices).where(eq(noticeChoices.userId, member.user.id)),
        ).toEqual([]);
      } else {
        expect((await choose(member, kind, 'email', false)).status).toBe(200);
        await queueOne(member, kind);
        expect(await channelsQueued(member, kind)).toEqual(pushIsOffered(kind) ? ['push'] : []);
        await clear();
        expect((await choose(member, kind, 'email', true)).status).toBe(200);
      }

      if (pushIsOffered(kind)) {
        const off = await choose(member, kind, 'push', false);
        expect(off.status).toBe(200);
        expect(off.body.choices.find((c: { kind: string }) => c.kind === kind)?.push).toBe(false);
        await queueOne(member, kind);
        expect(await channelsQueued(member, kind)).toEqual(['email']);
      } else {
        const refused = await choose(member, kind, 'push', false);
        expect(refused.status).toBe(422);
        expect(refused.body.error.code).toBe('PUSH_NOT_OFFERED');
      }
    },
  );

  it('the database refuses an essential email turned off whoever writes it', async () => {
    const member = await ctx.member();
    await expect(
      ctx.db
        .insert(noticeChoices)
        .values({ userId: member.user.id, kind: 'payment', channel: 'email', enabled: false }),
    ).rejects.toThrow();
  });
});

describe('devices', () => {
  it('refuses an endpoint that is not https to a named host; an endpoint saved by another member moves to them; removing one leaves others', async () => {
    const a = await ctx.member();
    const b = await ctx.member();
    const keys = browserSubscription(push, 'keys').json.keys;
    for (const endpoint of [
      'http://push.example.test/x',
      'https://10.0.0.1/x',
      'https://user:pw@push.example.test/x',
      'ftp://push.example.test/x',
    ]) {
      const res = await ctx.answer(
        ctx.client<NoticesApi>(a.cookie).profile['push-subscriptions'].$post({ json: { endpoint, keys } }),
      );
      expect(res.status, endpoint).toBe(422);
    }
    const bad = await ctx.answer(
      ctx.client<NoticesApi>(a.cookie).profile['push-subscriptions'].$post({
        json: { endpoint: 'https://push.example.test/y', keys: { p256dh: 'short', auth: keys.auth } },
      }),
    );
    expect(bad.status).toBe(422);
    expect(
      await ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, a.user.id)),
    ).toEqual([]);

    const shared = { endpoint: 'https://push.example.test/shared-phone', keys };
    expect(
      (
        await ctx.answer(
          ctx.client<NoticesApi>(a.cookie).profile['push-subscriptions'].$post({ json: shared }),
        )
      ).body.devices,
    ).toBe(1);
    expect(
      (
        await ctx.answer(
          ctx.client<NoticesApi>(b.cookie).profile['push-subscriptions'].$post({ json: shared }),
        )
      ).body.devices,
    ).toBe(1);
    expect((await ctx.answer(ctx.client<NoticesApi>(a.cookie).profile.notices.$get())).body.devices).toBe(0);
    // A cannot remove B's device.
    const unsubscribe = (cookie: string) =>
      ctx.answer(
        ctx
          .client<NoticesApi>(cookie)
          .profile['push-subscriptions'].$delete({ query: { endpoint: shared.endpoint } }),
      );
    await unsubscribe(a.cookie);
    expect((await ctx.answer(ctx.client<NoticesApi>(b.cookie).profile.notices.$get())).body.devices).toBe(1);
    expect((await unsubscribe(b.cookie)).body.devices).toBe(0);
  });

  it('answers the VAPID public key the browser subscribes with', async () => {
    const res = await ctx.answer(ctx.client<NoticesApi>().notices['push-key'].$get());
    expect(res.body).toEqual({ publicKey: ctx.config.vapid.publicKey });
    expect(Buffer.from(res.body.publicKey, 'base64url')).toHaveLength(65);
  });
});

describe('one-click unsubscribe (RFC 8058)', () => {
  /** The header `name` of a raw message, unfolded. */
  const header = (raw: string, name: string) =>
    new RegExp(`^${name}:[ \\t]*(.*(?:\\r?\\n[ \\t].*)*)`, 'mi')
      .exec(raw)?.[1]
      .replace(/\r?\n[ \t]+/g, '')
      .trim() ?? null;

  it('a message email carries List-Unsubscribe; posting it without a sign-in turns message emails off, and only for that member', async () => {
    const { owner, borrower, id } = await anOrder('Saman');
    await say(borrower.cookie, id, 'First question');
    await runWorker();
    const mail = await ctx.mailbox.waitFor(
      (m) => m.to.includes(owner.user.email) && /message/.test(m.subject),
    );
    expect(header(mail.raw, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const link = /<([^>]+)>/.exec(header(mail.raw, 'List-Unsubscribe') ?? '')?.[1];
    expect(link).toMatch(new RegExp(`^${ctx.config.appUrl}/api/notices/unsubscribe\\?token=`));
    const path = link!.slice(ctx.config.appUrl.length);

    // Forged: the same token's payload changed to the borrower's address keeps its signature: refused, nothing changed.
    const token = new URL(link!).searchParams.get('token')!;
    const [, signature] = token.split('.');
    const forged = `${Buffer.from(JSON.stringify({ e: borrower.user.email, k: ['messages'] })).toString('base64url')}.${signature}`;
    const refused = await ctx.rawRequest('POST', `/api/notices/unsubscribe?token=${forged}`, {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.code).toBe('UNSUBSCRIBE_LINK_INVALID');
    // A token signed with another secret is refused too.
    const otherSecret = unsubscribeToken('x'.repeat(40), borrower.user.email, ['messages']);
    expect(
      (
        await ctx.answer(
          ctx.client<NoticesApi>().notices.unsubscribe.$post({ query: { token: otherSecret } }),
        )
      ).status,
    ).toBe(400);
    expect(
      await ctx.db.select().from(noticeChoices).where(eq(noticeChoices.userId, borrower.user.id)),
    ).toEqual([]);

    // The real one, as a mail client posts it: no cookie.
    const done = await ctx.rawRequest('POST', path, {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ kinds: ['messages'] });
    const choices = await ctx.answer(ctx.client<NoticesApi>(owner.cookie).profile.notices.$get());
    expect(choices.body.choices.find((c: { kind: string }) => c.kind === 'messages')).toMatchObject({
      email: false,
      push: true,
    });
    // Twice changes nothing.
    expect((await ctx.rawRequest('POST', path)).status).toBe(200);

    // The next message: no email for the owner; the borrower still gets theirs.
    setClock(new Date(Date.now() + 60 * 60_000));
    await say(borrower.cookie, id, 'Second question');
    advanceClock(60_000);
    await say(owner.cookie, id, 'An answer');
    await runWorker();
    expect((await rowsTo(owner.user.email, 'email')).filter((r) => r.emailType === 'message')).toHaveLength(
      1,
    );
    expect(
      (await rowsTo(borrower.user.email, 'email')).filter((r) => r.emailType === 'message'),
    ).toHaveLength(1);
  });

  it('account security and payment emails carry no unsubscribe link', async () => {
    const { borrower, id } = await anOrder('Pulang');
    await advanceTestOrder(ctx, { orderId: id, admin, to: 'Waiting for Payment' });
    await ctx.rawRequest('POST', '/api/auth/request-password-reset', {
      body: { email: borrower.user.email, redirectTo: '/reset-password' },
    });
    await runWorker();
    const toBorrower = ctx.mailbox.messages.filter((m) => m.to.includes(borrower.user.email));
    const payment = toBorrower.find((m) => /^Payment instructions/.test(m.subject));
    const reset = toBorrower.find((m) => /password/i.test(m.subject));
    const placed = toBorrower.find((m) => /^We received your order/.test(m.subject));
    expect(payment && reset && placed).toBeTruthy();
    expect(header(payment!.raw, 'List-Unsubscribe')).toBeNull();
    expect(header(reset!.raw, 'List-Unsubscribe')).toBeNull();
    // An order update is a choice: its email carries the link.
    expect(header(placed!.raw, 'List-Unsubscribe')).toContain('/api/notices/unsubscribe?token=');
    // A token naming an essential kind, even signed by us, turns nothing off.
    const essential = await ctx.answer(
      ctx.client<NoticesApi>().notices.unsubscribe.$post({
        query: { token: unsubscribeToken(ctx.config.authSecret, borrower.user.email, ['payment']) },
      }),
    );
    expect(essential.status).toBe(400);
  });
});
