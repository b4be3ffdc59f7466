import type { Page } from '@playwright/test';
import { expect, test } from '@tests/support/fixtures';

// Reviews (D27): after a completed loan the borrower and the owner rate each other; each review
// stays hidden from the other side until both wrote; the owner's shelf then shows the average.
// The demo borrower's completed order ('Life of Pi') is the loan.

async function completedOrder(page: Page) {
  const res = await page.request.get('/api/orders?as=borrower');
  const { items } = (await res.json()) as {
    items: Array<{ id: string; number: string; status: string; ownerId: string; ownerName: string }>;
  };
  return items.find((o) => o.status === 'Completed')!;
}

async function rate(page: Page, stars: number, text: string) {
  const form = page.getByRole('form', { name: 'Rate this loan' });
  await form.getByRole('radio', { name: `${stars} stars` }).check({ force: true });
  await form.getByLabel('A few words (optional)').fill(text);
  await form.getByRole('button', { name: 'Publish my review' }).click();
  await expect(form).toHaveCount(0);
}

test('after a completed loan both rate each other and the shelf shows the average', async ({
  memberPage: borrower,
  pageAs,
}) => {
  const order = await completedOrder(borrower);
  const ownerEmail = `${order.ownerName.split(' ')[0].toLowerCase()}@example.com`;
  const owner = await pageAs({ email: ownerEmail, password: 'owner12345' });

  await borrower.goto(`/orders/${order.id}`);
  await expect(borrower.getByRole('heading', { name: 'Rate this loan', level: 2 })).toBeVisible();
  await rate(borrower, 4, 'Kind owner, <b>easy</b> pickup. **thanks**');
  const mine = borrower.getByTestId('review').first();
  await expect(mine).toContainText('Kind owner, <b>easy</b> pickup. **thanks**');
  await expect(mine).toContainText('Hidden from');

  // The owner sees that the borrower wrote, not what.
  await owner.goto(`/orders/${order.id}`);
  await expect(owner.getByText(/has rated this loan/)).toBeVisible();
  await expect(owner.getByText('Kind owner')).toHaveCount(0);
  await rate(owner, 5, 'Returned in perfect shape.');
  await expect(
    owner.getByTestId('review').filter({ hasText: 'Kind owner, <b>easy</b> pickup.' }),
  ).toBeVisible();

  // Both published: the borrower sees the owner's; the shelf shows the owner's average.
  await borrower.reload();
  await expect(
    borrower.getByTestId('review').filter({ hasText: 'Returned in perfect shape.' }),
  ).toBeVisible();
  await borrower.goto(`/owner/${order.ownerId}`);
  const card = borrower.getByTestId('reputation');
  await expect(card).toContainText('4.0');
  await expect(card).toContainText('(1 review)');
  await expect(card.getByRole('img', { name: '4 stars out of 5' })).toBeVisible();
});
