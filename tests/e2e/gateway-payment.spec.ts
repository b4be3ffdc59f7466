import type { UiLanguage } from '@domain/ui-language';
import { e2eBaseUrl, expect, test } from '@tests/support/fixtures';
import { uniqueTitle, uploadBookByApi } from './catalog-helpers';
import { wordsIn } from './words';

// Payments that confirm themselves (D42), in both languages: a borrower checks out with free
// pickup, the order page shows the QRIS code and the virtual accounts of the test gateway, the
// borrower presses test mode's "Simulate payment", and the page says "Payment confirmed" by
// itself (it polls while payable): no admin acts.

for (const lang of ['en', 'id'] as const satisfies UiLanguage[]) {
  test(`pays an order by QRIS through the test gateway, confirmed with no admin (${lang})`, async ({
    newMember,
  }) => {
    test.setTimeout(120_000);
    const w = wordsIn(lang);
    const headers = { origin: e2eBaseUrl() };

    // --- An owner with a pickup location lists a book ----------------------------------------
    const { page: owner } = await newMember({ prefix: `gateway-owner-${lang}` });
    const { items: locations } = (await (await owner.request.get('/api/pickup-locations')).json()) as {
      items: Array<{ id: string; name: string }>;
    };
    const location = locations[0];
    const chosen = await owner.request.put('/api/profile/pickup-locations', {
      data: { ids: [location.id] },
      headers,
    });
    expect(chosen.ok(), await chosen.text()).toBeTruthy();
    const title = uniqueTitle(`Gateway ${lang}`);
    const book = await uploadBookByApi(owner, { title, author: 'Wayan QRIS', weeklyPrice: '15.000' });

    // --- A borrower, in the journey's language, checks out with free pickup --------------------
    const { page: borrower } = await newMember({ prefix: `gateway-borrower-${lang}` });
    const saved = await borrower.request.put('/api/profile/language', { data: { language: lang }, headers });
    expect(saved.ok(), await saved.text()).toBeTruthy();
    const added = await borrower.request.post('/api/cart/items', { data: { bookId: book.id }, headers });
    expect(added.status(), await added.text()).toBe(201);
    await borrower.goto('/checkout');
    await borrower.getByRole('radio', { name: new RegExp(w('checkout:method.pickup')) }).check();
    await borrower.getByRole('radio', { name: new RegExp(location.name) }).check();
    await borrower.getByRole('button', { name: w('checkout:review.place') }).click();
    await expect(borrower).toHaveURL(/\/order-confirmation$/);
    const { items: mine } = (await (await borrower.request.get('/api/orders?as=borrower')).json()) as {
      items: Array<{ id: string }>;
    };
    const orderId = mine[0].id;

    // --- The order page: the QRIS code, the amount and a virtual account ----------------------
    await borrower.goto(`/orders/${orderId}`);
    const paying = borrower.getByTestId('gateway-payment');
    const qr = paying.getByRole('img', { name: w('payments:gateway.qrisAlt', { amount: 'Rp 15.000' }) });
    await expect(qr).toBeVisible();
    expect(await qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    // Drawn at a size a phone can scan.
    expect((await qr.boundingBox())?.width).toBeGreaterThanOrEqual(200);
    await expect(paying.getByTestId('gateway-amount')).toHaveText('Rp 15.000');
    await expect(paying.getByTestId('gateway-virtual-accounts')).toContainText(/\d{8,}/);
    // The bank transfer stays as the other way.
    await expect(borrower.getByRole('button', { name: w('payments:panel.claim') })).toBeVisible();

    // --- Test mode pays it; the page moves by itself ------------------------------------------
    await expect(paying.getByTestId('gateway-test-mode')).toContainText(w('payments:gateway.testMode'));
    await paying.getByRole('button', { name: w('payments:gateway.simulate') }).click();
    const confirmed = borrower.getByTestId('payment-confirmed');
    await expect(confirmed).toBeVisible({ timeout: 30_000 });
    await expect(confirmed).toContainText(w('payments:panel.confirmed').split(':')[0]);
    await expect(borrower.getByTestId('gateway-payment')).toHaveCount(0);
    await expect(borrower.getByTestId('payment-panel')).not.toContainText(
      w('payments:panel.claimState').split(':')[0],
    );
    await expect(borrower.getByText(w('payments:borrowerStatus.Processed')).first()).toBeVisible();
  });
}
