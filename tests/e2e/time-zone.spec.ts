import { expect, test } from '@tests/support/fixtures';

// D21: every date the web shows is the operator's (Asia/Makassar, UTC+8), the one the rules and
// the emails name, even on a device set to New York (UTC-5, 13 hours behind: the hour always
// differs, the day often). The demo borrower's 'The Great Gatsby' order waits for payment.

test.use({ timezoneId: 'America/New_York' });

const inZone = (iso: string, timeZone: string, options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat('en-GB', { timeZone, ...options }).format(new Date(iso));
const DAY: Intl.DateTimeFormatOptions = { day: 'numeric', month: 'long', year: 'numeric' };
const MOMENT: Intl.DateTimeFormatOptions = {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
};

test("a browser in New York sees the order's dates in the operator's zone", async ({ memberPage: page }) => {
  const res = await page.request.get('/api/orders?as=borrower');
  const { items } = (await res.json()) as {
    items: Array<{ number: string; status: string; createdAt: string; paymentDueAt: string | null }>;
  };
  const waiting = items.find((o) => o.status === 'Waiting for Payment' && o.paymentDueAt);
  expect(waiting, 'the demo borrower has an order waiting for payment').toBeTruthy();
  const order = waiting!;

  await page.goto('/my-orders');
  expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe(
    'America/New_York',
  );
  await expect(page.locator('html')).toHaveAttribute('data-time-zone', 'Asia/Makassar');
  const row = page.getByTestId('order-row').filter({ hasText: `Order #${order.number}` });
  await expect(row).toContainText(`Placed on ${inZone(order.createdAt, 'Asia/Makassar', DAY)}`);
  const payBy = inZone(order.paymentDueAt!, 'Asia/Makassar', MOMENT);
  await expect(row).toContainText(`Pay by ${payBy}`);
  expect(payBy).not.toBe(inZone(order.paymentDueAt!, 'America/New_York', MOMENT));
});
