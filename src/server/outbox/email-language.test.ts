import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { UiLanguage } from '@domain/ui-language';
import { createTestContext, type Member, type TestContext } from '@tests/support/harness';
import {
  queueConfirmationEmail,
  queueExistingAccountEmail,
  queuePasswordChangedEmail,
  queueResetEmail,
} from '@server/auth/account-emails';
import {
  emailNotifications,
  type Message,
  type Thread,
  orderExtensions,
  orderItems,
  orders,
} from '@server/db/schema';
import { resetClock, setClock } from '@server/lib/clock';
import { messageEmail } from '@server/modules/conversations/timer-service';
import { dueLabel, queueExtensionNotices, queueReminder } from '@server/modules/loans/notices';
import { queueHoldLapsed, queueHoldOffers, queueWaitlistEnded } from '@server/modules/waitlist/notices';
import { createBook } from '@server/seed/factories';
import { advanceTestOrder } from '@tests/support/order-factories';
import { insertOrder } from '@tests/support/order-fixture';
import { type OrderNotice, queueOrderNotices } from '@server/modules/email/order-notices-service';
import type { AccountApi } from '@server/modules/account/routes';
import type { CartApi } from '@server/modules/cart/routes';
import type { CheckoutApi } from '@server/modules/checkout/routes';

// D29: every email is worded in its recipient's saved language. The API test follows a real
// checkout to the SMTP server; the other renders every template in both languages and looks for
// keys that were not found (i18next answers a missing key with the key) and English left in the
// Indonesian.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
afterEach(() => resetClock());

/** Words only the English emails use: none may be left in an Indonesian one. */
const ENGLISH = [
  'Hi ',
  'Please',
  'View your order',
  'View the order',
  ' your ',
  ' the ',
  'order #',
  'Bali time',
  'community book lending',
  ' was ',
  ' is ',
];

/** Text that looks like a catalogue key: `emails:…`, `orders.placed.…`, `{{…}}`. */
function keyLike(text: string): string[] {
  const plain = text.replace(/https?:\/\/\S+/g, '').replace(/[\w.+-]+@[\w.-]+/g, '');
  return [
    ...(plain.match(/\b(?:emails|orders|common|payments):[\w.]+/g) ?? []),
    ...(plain.match(
      /\b(?:account|orders|loans|waitlist|messages|buttons|layout|hi)\.[a-zA-Z_]+(?:\.[\w]+)*/g,
    ) ?? []),
    ...(plain.match(/\{\{|\}\}/g) ?? []),
  ];
}

describe('emails in the recipient language (D29)', () => {
  it('words a due date the way the order page does (D21)', () => {
    expect([7, 1, 0, -1, -12].map((days) => dueLabel('en', days))).toEqual([
      'due in 7 days',
      'due tomorrow',
      'due today',
      '1 day overdue',
      '12 days overdue',
    ]);
    expect([7, 1, 0, -1, -12].map((days) => dueLabel('id', days))).toEqual([
      'jatuh tempo dalam 7 hari',
      'jatuh tempo besok',
      'jatuh tempo hari ini',
      'terlambat 1 hari',
      'terlambat 12 hari',
    ]);
  });

  it('a member whose language is id gets the order emails of their API checkout in Indonesian; each admin reads their own', async () => {
    const idAdmin = await ctx.admin({ name: 'Komang Admin', language: 'id' });
    const enAdmin = await ctx.admin({ name: 'English Admin', language: 'en' });
    const owner = await ctx.member({ name: 'Made Pemilik', language: 'en' });
    const borrower = await ctx.member({ name: 'Wayan Peminjam' });
    // The member chose Indonesian on the profile (saved for screens and emails).
    expect(
      (
        await ctx.answer(
          ctx.client<AccountApi>(borrower.cookie).profile.language.$put({ json: { language: 'id' } }),
        )
      ).status,
    ).toBe(200);

    const book = await createBook(ctx.db, {
      ownerId: owner.user.id,
      title: 'Laskar Pelangi',
      weeklyPrice: '25000.00',
    });
    expect(
      (await ctx.answer(ctx.client<CartApi>(borrower.cookie).cart.items.$post({ json: { bookId: book.id } })))
        .status,
    ).toBe(201);
    const placed = await ctx.answer(
      ctx.client<CheckoutApi>(borrower.cookie).checkout.$post({
        json: {
          idempotencyKey: randomUUID(),
          deliveryMethod: 'delivery',
          deliveryAddress: {
            fullName: 'Wayan Peminjam',
            phone: '+6281234567',
            address: 'Jl. Raya Ubud 1, Gianyar',
          },
        },
      }),
    );
    expect(placed.status).toBe(201);
    const orderId: string = placed.body.orders[0].id;
    const number = orderId.slice(-8).toUpperCase();
    await ctx.deps.outbox.runOnce();
    const to = (m: Member) =>
      ctx.mailbox.messages.filter((mail) => mail.to.includes(m.user.email) && mail.subject.includes(number));

    const [placedMail] = to(borrower);
    expect(placedMail.subject).toBe(`Pesananmu #${number} sudah kami terima`);
    expect(placedMail.body).toContain('Hai Wayan Peminjam, pesananmu');
    expect(placedMail.body).toContain('Laskar Pelangi (1 minggu)');
    expect(placedMail.body).toContain('Rp 25.000');
    expect(placedMail.body).toContain('Rakbuku, komunitas pinjam-meminjam buku di Bali');
    for (const word of ENGLISH) expect(placedMail.body, word).not.toContain(word);
    // The owner and the other admin read English; the Indonesian admin reads Indonesian.
    expect(to(owner)[0].subject).toBe(`New borrowing request #${number}`);
    expect(to(enAdmin)[0].subject).toBe(`New order #${number} to review`);
    expect(to(idAdmin)[0].subject).toBe(`Pesanan baru #${number} perlu diperiksa`);

    // The payment instructions: the deadline in Indonesian words, Bali's zone named the Indonesian way.
    await advanceTestOrder(ctx, { orderId, admin: idAdmin, to: 'Waiting for Payment' });
    await ctx.deps.outbox.runOnce();
    const payMail = to(borrower).find((m) => m.subject === `Cara bayar pesanan #${number}`);
    expect(
      payMail,
      to(borrower)
        .map((m) => m.subject)
        .join(' | '),
    ).toBeDefined();
    expect(payMail!.body).toMatch(
      /Bayar paling lambat (Senin|Selasa|Rabu|Kamis|Jumat|Sabtu|Minggu), \d{1,2} [A-Z][a-z]+ \d{4} pukul \d\d\.\d\d WITA/,
    );
    for (const word of ENGLISH) expect(payMail!.body, word).not.toContain(word);
  });

  it('every template renders in both languages with no missing key, and the Indonesian has no English left', async () => {
    const people = {
      en: {
        borrower: await ctx.member({ name: 'Ketut En', language: 'en' }),
        owner: await ctx.member({ name: 'Nyoman En', language: 'en' }),
      },
      id: {
        borrower: await ctx.member({ name: 'Ketut Id', language: 'id' }),
        owner: await ctx.member({ name: 'Nyoman Id', language: 'id' }),
      },
    };
    await ctx.db.delete(emailNotifications);
    const notices: OrderNotice[] = [
      'placed',
      'shipping_cost_set',
      'payment_confirmed',
      'shipped',
      'delivered',
      'return_started',
      'completed',
      'cancelled',
      'cancelled_by_borrower',
      'payment_claimed',
      'payment_claim_waiting',
      'payment_claim_rejected',
      'cancelled_refund_owed',
      // D44: late or wrong money refunded; an order revived with it.
      'payment_refunded',
      'order_revived',
    ];
    setClock(new Date('2026-12-01T02:00:00Z'));
    const orderIds: string[] = [];
    for (const [borrowerLang, ownerLang] of [
      ['id', 'en'],
      ['en', 'id'],
    ] as const) {
      for (const deliveryMethod of ['delivery', 'pickup'] as const) {
        const { order, books } = await insertOrder(ctx.db, {
          borrower: people[borrowerLang].borrower.user,
          ownerId: people[ownerLang].owner.user.id,
          deliveryMethod,
          shippingCost: '15000.00',
          books: [
            { title: 'Bumi Manusia', weeklyPrice: '25000.00' },
            { title: 'Cantik Itu Luka', weeklyPrice: '15000.00' },
          ],
        });
        orderIds.push(order.id);
        const [withDates] = await ctx.db
          .update(orders)
          .set({
            paymentDueAt: new Date('2026-12-02T02:00:00Z'),
            ownerShare: '36000.00',
            dueAt: new Date('2026-12-03T15:59:59Z'),
          })
          .where(eq(orders.id, order.id))
          .returning();
        await ctx.db.transaction(async (tx) => {
          for (const notice of notices) {
            await queueOrderNotices(tx, ctx.config, order.id, notice, {
              reason: 'Transfer tidak ditemukan',
              deadline: new Date('2026-12-02T02:00:00Z'),
              refund: { amount: '55000.00', why: 'late', bankReference: null },
            });
          }
          await queueReminder(tx, ctx.config, withDates, 'due_soon');
          await queueReminder(tx, ctx.config, withDates, 'overdue_1');
          const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, order.id));
          const [extension] = await tx
            .insert(orderExtensions)
            .values({
              orderId: order.id,
              weeks: 2,
              amount: '80000.00',
              previousDueAt: withDates.dueAt!,
              newDueAt: new Date('2026-12-17T15:59:59Z'),
            })
            .returning();
          await queueExtensionNotices(tx, ctx.config, withDates, items, extension);
          const member = people[borrowerLang].borrower.user;
          const offer = (book: (typeof books)[number]) => ({
            userId: member.id,
            email: member.email,
            name: member.name,
            language: member.language,
            bookId: book.id,
            title: book.title,
            holdUntil: new Date('2026-12-03T02:00:00Z'),
          });
          await queueHoldOffers(tx, ctx.config, [offer(books[0])]);
          await queueHoldOffers(tx, ctx.config, [offer(books[0]), offer(books[1])]);
          for (const passedOn of [true, false]) {
            await queueHoldLapsed(tx, ctx.config, {
              ...offer(books[0]),
              lapsedAt: new Date('2026-12-03T02:00:00Z'),
              passedOn,
            });
          }
          for (const reason of ['sold', 'deleted'] as const) {
            await queueWaitlistEnded(tx, ctx.config, { title: books[0].title, reason }, [member]);
          }
        });
      }
    }
    for (const lang of ['en', 'id'] as const) {
      const member = people[lang].borrower.user;
      await queueConfirmationEmail(ctx.db, member, 'http://localhost:3000/confirm-email?token=x');
      await queueResetEmail(ctx.db, member, 'http://localhost:3000/reset-password?token=x');
      await queuePasswordChangedEmail(ctx.db, member, ctx.config.appUrl);
      await queueExistingAccountEmail(ctx.db, member, ctx.config.appUrl);
    }

    const rows = await ctx.db.select().from(emailNotifications);
    const languageOf = new Map<string, UiLanguage>(
      Object.entries(people).flatMap(([lang, p]) =>
        Object.values(p).map((m) => [m.user.email, lang as UiLanguage] as const),
      ),
    );
    const admins = await ctx.db.query.user.findMany({ where: (u, { eq: is }) => is(u.role, 'admin') });
    for (const a of admins) languageOf.set(a.email, a.language === 'id' ? 'id' : 'en');

    const rendered: Array<{ lang: UiLanguage; type: string; subject: string; text: string }> = rows.map(
      (r) => ({
        lang: languageOf.get(r.recipientEmail)!,
        type: `${r.emailType}/${r.recipientType}`,
        subject: r.subject,
        text: `${r.subject}\n${r.textBody}\n${r.htmlBody}`,
      }),
    );
    // The message email: a conversation about an order, one about a book, and both in one (D37).
    const thread = (orderId: string | null) =>
      ({ id: randomUUID(), orderId, bookTitle: 'Bumi Manusia' }) as Thread;
    const message = (fromAdmin: boolean) =>
      ({ fromAdmin, authorName: 'Nyoman', createdAt: new Date(), body: 'Boleh ambil besok?' }) as Message;
    for (const lang of ['en', 'id'] as const) {
      const [aboutOrder, aboutBook] = [thread(orderIds[0]), thread(null)];
      const cases = [
        ...[aboutOrder, aboutBook].flatMap((t) => [
          [{ thread: t, list: [message(false)] }],
          [{ thread: t, list: [message(false), message(true)] }],
        ]),
        [
          { thread: aboutOrder, list: [message(false)] },
          { thread: aboutBook, list: [message(true), message(false)] },
        ],
      ];
      for (const news of cases) {
        const mail = messageEmail(ctx.config, { name: 'Ketut', language: lang }, news);
        rendered.push({
          lang,
          type: `message/${news.length}`,
          subject: mail.subject,
          text: `${mail.subject}\n${mail.text}\n${mail.html}`,
        });
      }
    }

    // Every kind of email, for every reader it has, in both languages.
    const kinds = (lang: UiLanguage) => new Set(rendered.filter((r) => r.lang === lang).map((r) => r.type));
    expect([...kinds('id')].sort()).toEqual([...kinds('en')].sort());
    expect(kinds('en').size).toBeGreaterThan(30);
    for (const r of rendered) {
      expect(keyLike(r.text), `${r.lang} ${r.type}: ${r.subject}`).toEqual([]);
      if (r.lang === 'id') {
        for (const word of ENGLISH)
          expect(r.text, `${r.type}: "${word}" in ${r.subject}`).not.toContain(word);
        expect(r.text).toContain('komunitas pinjam-meminjam buku di Bali');
      } else {
        expect(r.text).toContain('Rakbuku, community book lending in Bali');
      }
    }
    // The admin's email list names every type in both languages (no English fallback on an
    // Indonesian page): every stored type has its words in both catalogues.
    for (const lang of ['en', 'id'] as const) {
      const catalogue = JSON.parse(readFileSync(`src/web/locales/${lang}/admin.json`, 'utf8')) as {
        emails: { types: Record<string, string> };
      };
      for (const type of new Set(rows.map((r) => r.emailType.replace(/^(loan_reminder_overdue)_\d+$/, '$1'))))
        expect(catalogue.emails.types[type], `${lang}: the admin's name for ${type}`).toBeTruthy();
    }
    // Every time an email shows names its zone (D21): "pukul 10.00 WITA" / "at 10:00 (Bali time)".
    for (const r of rendered) {
      const unnamed =
        r.lang === 'id' ? /\b\d{1,2}\.\d{2}\b(?! WITA)/g : /\b\d{1,2}:\d{2}\b(?! \(Bali time\))/g;
      expect(r.text.match(unnamed) ?? [], `${r.lang} ${r.type}: a time without its zone`).toEqual([]);
    }
    const idMail = (type: string) =>
      rendered
        .filter((r) => r.lang === 'id' && r.type === type)
        .map((r) => r.text)
        .join('\n');
    expect(idMail('waitlist_hold/user')).toContain('Kamis, 3 Desember 2026 pukul 10.00 WITA');
    // The glossary's words (docs/product/glossary.md): the owner drops pickup books off
    // (titipkan), never delivers them (antar); a claim is reported (melaporkan pembayaran);
    // a due date is jatuh tempo.
    expect(idMail('order_payment_confirmed/owner')).toContain('sudah dibayar: titipkan bukunya ya');
    expect(idMail('order_payment_confirmed/borrower')).toContain(
      'akan menitipkan bukunya di lokasi pengambilan',
    );
    expect(idMail('order_cancelled_refund_owed/borrower')).toContain(
      'Karena kamu sudah melaporkan pembayaran',
    );
    expect(idMail('loan_reminder_overdue_1/owner')).toContain('(jatuh tempo Kamis, 3 Desember 2026)');
    // The delivered email names the due date, not only the loan's length.
    const enMail = (type: string) =>
      rendered
        .filter((r) => r.lang === 'en' && r.type === type)
        .map((r) => r.text)
        .join('\n');
    expect(enMail('order_delivered/borrower')).toContain('loan is due Thursday, 3 December 2026');
    expect(idMail('order_delivered/borrower')).toContain('jatuh tempo Kamis, 3 Desember 2026');
    expect(idMail('order_delivered/owner')).toContain('jatuh tempo Kamis, 3 Desember 2026');
    // Dates in the reader's words.
    const reminder = (lang: UiLanguage) =>
      rendered.find((r) => r.lang === lang && r.type === 'loan_reminder_due_soon/borrower')!;
    expect(reminder('en').text).toContain('due in 2 days (due Thursday, 3 December 2026)');
    expect(reminder('id').text).toContain('jatuh tempo lusa (Kamis, 3 Desember 2026)');
    await ctx.db.delete(emailNotifications).where(inArray(emailNotifications.orderId, orderIds));
  });
});
