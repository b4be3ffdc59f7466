import type { Page } from '@playwright/test';
import { DEMO, expect, test } from '@tests/support/fixtures';

// Conversations (D26): a member asks an owner about a book, the owner answers, and the unread
// mark comes and goes; an order's conversation sits in its history. Messages are text: markup
// and Markdown show as written and nothing in them runs.

const HOSTILE =
  '<script>alert(1)</script> <img src=x onerror=alert(2)> **bold** see https://example.org/pickup';

/** Fails the journey if anything on the page opens a dialog (a script that ran). */
function noScripts(page: Page) {
  page.on('dialog', async (dialog) => {
    await dialog.dismiss();
    throw new Error(`a dialog opened: ${dialog.message()}`);
  });
}

async function openMessagesFromMenu(page: Page) {
  await page.getByRole('button', { name: /^Account/ }).click();
  await page.getByRole('menuitem', { name: /Messages/ }).click();
  await expect(page.getByRole('heading', { name: 'Messages', level: 1 })).toBeVisible();
}

test('a member asks the owner about a book, the owner answers, the unread mark comes and goes', async ({
  freshMember: asker,
  ownerPage: owner,
}) => {
  noScripts(asker.page);
  noScripts(owner);
  const mine = (await (await owner.request.get('/api/my/books')).json()) as {
    items: Array<{ id: string; title: string }>;
  };
  const book = mine.items[0];

  // --- The member asks, from the book page ------------------------------------------------
  await asker.page.goto(`/books/${book.id}`);
  await asker.page.getByRole('link', { name: 'Ask the owner' }).click();
  await expect(
    asker.page.getByRole('heading', { name: `Ask ${DEMO.owner.name} about “${book.title}”` }),
  ).toBeVisible();
  await asker.page.getByLabel('Write a message').fill(HOSTILE);
  await asker.page.getByRole('button', { name: 'Send' }).click();
  const sent = asker.page.getByTestId('message');
  await expect(sent).toHaveCount(1);
  await expect(sent).toContainText('<script>alert(1)</script> <img src=x onerror=alert(2)> **bold**');
  await expect(sent.locator('img, script, strong')).toHaveCount(0);
  // A web address becomes a link that opens apart from our page.
  const link = sent.getByRole('link', { name: 'https://example.org/pickup' });
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow ugc');

  // --- The owner sees the unread mark, reads and answers ------------------------------------
  await owner.goto('/');
  await expect(owner.getByTestId('unread-badge')).toBeVisible();
  await openMessagesFromMenu(owner);
  const row = owner
    .getByTestId('thread-row')
    .filter({ hasText: `“${book.title}”` })
    .filter({ hasText: asker.name });
  await expect(row).toHaveAttribute('data-unread', 'true');
  await row.getByRole('link').click();
  await expect(owner.getByTestId('message')).toContainText('<img src=x onerror=alert(2)>');
  await owner.getByLabel('Write a message').fill('Yes: Friday after 3 pm in Sanur works.');
  await owner.getByRole('button', { name: 'Send' }).click();
  await expect(owner.getByTestId('message')).toHaveCount(2);

  // --- The member sees the answer marked unread; reading it clears the mark -----------------
  await asker.page.goto('/');
  await expect(asker.page.getByTestId('unread-badge')).toHaveText('1');
  await openMessagesFromMenu(asker.page);
  const mineRow = asker.page.getByTestId('thread-row').first();
  await expect(mineRow).toHaveAttribute('data-unread', 'true');
  await expect(mineRow).toContainText('Yes: Friday after 3 pm in Sanur works.');
  await mineRow.getByRole('link').click();
  await expect(asker.page.getByTestId('message').last()).toContainText('Friday after 3 pm');
  await expect(asker.page.getByTestId('unread-badge')).toHaveCount(0);
  await asker.page.getByRole('link', { name: 'All messages' }).click();
  await expect(asker.page.getByTestId('thread-row').first()).not.toHaveAttribute('data-unread', 'true');
});

test("an order's conversation sits in its history; the owner sees it unread on the order", async ({
  memberPage: borrower,
  ownerPage: owner,
}) => {
  noScripts(borrower);
  const orders = (await (await borrower.request.get('/api/orders?as=borrower')).json()) as {
    items: Array<{ id: string; number: string; ownerName: string }>;
  };
  const order = orders.items.find((o) => o.ownerName === DEMO.owner.name)!;
  await borrower.goto(`/orders/${order.id}`);
  const history = borrower.getByRole('region', { name: 'History and messages' });
  await history.getByLabel('Write a message').fill('Can I pick it up in Sanur on Friday? **thanks**');
  await history.getByRole('button', { name: 'Send' }).click();
  await expect(history.getByTestId('message')).toContainText(
    'Can I pick it up in Sanur on Friday? **thanks**',
  );

  await owner.goto('/my-orders?as=owner');
  const row = owner.getByTestId('order-row').filter({ hasText: `Order #${order.number}` });
  await expect(row.getByTestId('order-unread')).toHaveText('1 unread message');
  await row.getByRole('link', { name: 'View Details' }).click();
  await expect(owner.getByTestId('message')).toContainText('Sanur on Friday');
  await owner.goto('/my-orders?as=owner');
  await expect(
    owner
      .getByTestId('order-row')
      .filter({ hasText: `Order #${order.number}` })
      .getByTestId('order-unread'),
  ).toHaveCount(0);
});
