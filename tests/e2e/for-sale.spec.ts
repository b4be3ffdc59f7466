import { DEMO, expect, test } from '@tests/support/fixtures';

// For sale (D28): an owner sets a sale price, a member asks to buy (the offer is written into the
// book's conversation), the owner marks it Sold and it leaves the shop.

test('an owner sets a sale price, a member asks to buy, the owner marks it sold and it leaves the shop', async ({
  ownerPage: owner,
  freshMember: buyer,
}) => {
  const mine = (await (await owner.request.get('/api/my/books')).json()) as {
    items: Array<{ id: string; title: string; availability: string }>;
  };
  const book = mine.items.find((b) => b.availability === 'available')!;

  // --- The owner sets the sale price on the edit form ---------------------------------------
  await owner.goto(`/books/${book.id}/edit`);
  await owner.getByLabel('Sale price (IDR, optional)').fill('85000');
  await expect(owner.getByLabel('Sale price (IDR, optional)')).toHaveValue('85.000');
  await owner.getByRole('button', { name: /save|update/i }).click();
  await expect(owner).toHaveURL(/\/books\/manage$/);

  // --- A member sees it and asks to buy --------------------------------------------------------
  await buyer.page.goto(`/books?q=${encodeURIComponent(book.title)}`);
  await expect(buyer.page.getByTestId('for-sale').first()).toHaveText('For sale: Rp 85.000');
  await buyer.page.goto(`/books/${book.id}`);
  await expect(buyer.page.getByTestId('sale')).toContainText('For sale: Rp 85.000');
  await buyer.page.getByRole('link', { name: 'Ask to buy' }).click();
  const box = buyer.page.getByLabel('Write a message');
  await expect(box).toHaveValue(
    `Hi ${DEMO.owner.name}, I would like to buy “${book.title}” for Rp 85.000. When and where could we meet?`,
  );
  await buyer.page.getByRole('button', { name: 'Send' }).click();
  await expect(buyer.page.getByTestId('message')).toContainText('I would like to buy');

  // --- The owner marks it sold: it leaves the shop ---------------------------------------------
  await owner.goto(`/books/${book.id}`);
  await owner.getByRole('button', { name: 'Mark as sold' }).click();
  await owner.getByRole('button', { name: 'Yes, it is sold' }).click();
  await expect(owner).toHaveURL(/\/books\/manage$/);
  await expect(owner.getByText(book.title, { exact: true })).toHaveCount(0);
  await buyer.page.goto(`/books?q=${encodeURIComponent(book.title)}`);
  await expect(buyer.page.getByRole('link', { name: book.title, exact: true })).toHaveCount(0);
});
