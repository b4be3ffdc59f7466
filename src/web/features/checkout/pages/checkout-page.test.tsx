// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { BookSummary, Me, PickupLocation } from '@domain/api-types';
import type { CartView, OwnerGroup } from '@domain/cart-types';
import {
  apiError,
  componentTestLifecycle,
  inIndonesian,
  renderWithApp,
  type StandInAnswer,
  type StandInRequest,
  standInApi,
} from '@tests/support/web-render';
import CheckoutPage from './checkout-page';

// The checkout page (spec section 3, D5, D33, D49, D50): the delivery method choice, what the
// review says shipping costs per owner's route, what stops Place Order, and each failure.

const me: Me = {
  id: 'member-1',
  name: 'Wayan Sari',
  email: 'wayan@example.com',
  role: 'user',
  phone: '081234567890',
  location: 'Ubud',
  address: 'Jl. Raya Ubud 1',
  image: null,
  language: 'en',
  createdAt: '2026-01-05T02:00:00.000Z',
};

function book(id: string, ownerId: string, title: string): BookSummary {
  return {
    id,
    ownerId,
    title,
    author: 'Someone',
    category: 'Adult',
    language: 'English',
    condition: 'Good',
    status: 'Available',
    availability: 'available',
    backOn: null,
    weeklyPrice: '10000.00',
    monthlyPrice: null,
    salePrice: null,
    area: 'Ubud',
    cover: { card: `/covers/${id}-card.webp`, detail: `/covers/${id}.webp` },
    createdAt: '2026-10-01T02:00:00.000Z',
  };
}

function group(ownerId: string, ownerName: string, title: string, total: string): OwnerGroup {
  return {
    ownerId,
    ownerName,
    ownerLocation: 'Ubud',
    items: [
      {
        id: `item-${ownerId}`,
        book: book(`book-${ownerId}`, ownerId, title),
        quantity: 1,
        borrowDuration: 2,
        itemTotal: total,
        createdAt: '2026-11-27T01:00:00.000Z',
        updatedAt: '2026-11-27T01:00:00.000Z',
      },
    ],
    totalBooks: 1,
    borrowDuration: 2,
    totalAmount: total,
  };
}

const twoOwners: CartView = {
  groups: [group('owner-a', 'Made', 'Matilda', '20000.00'), group('owner-b', 'Ketut', 'Dune', '30000.00')],
  count: 2,
  subtotal: '50000.00',
};

const canggu: PickupLocation = {
  id: 'loc-canggu',
  name: 'Canggu Coffee',
  location: 'Canggu',
  address: 'Jl. Batu Bolong 5',
  active: true,
};
const ubud: PickupLocation = { ...canggu, id: 'loc-ubud', name: 'Ubud Library', location: 'Ubud' };

interface Options {
  pickupLocations: PickupLocation[];
  favouritePickupLocationId: string | null;
  pickupPayBy: string;
  deliveryPrices: { ownerId: string; shippingCost: string | null }[];
}

const options = (over: Partial<Options> = {}): Options => ({
  pickupLocations: [canggu, ubud],
  favouritePickupLocationId: null,
  pickupPayBy: '2026-11-28T04:00:00.000Z',
  deliveryPrices: [
    { ownerId: 'owner-a', shippingCost: '15000.00' },
    { ownerId: 'owner-b', shippingCost: null },
  ],
  ...over,
});

/** The API as this page meets it; each answer may be replaced per test. */
function standInCheckout({
  cart = { body: twoOwners } as StandInAnswer,
  checkoutOptions = { body: options() } as StandInAnswer,
  validate = { body: { ok: true, problems: [], problemCodes: [] } } as StandInAnswer,
  place = [{ status: 201, body: { orders: [] } }] as StandInAnswer[],
} = {}) {
  return standInApi([
    ['GET', '/api/me', () => ({ body: { user: me } })],
    ['GET', '/api/cart', () => cart],
    ['GET', '/api/checkout/options', () => checkoutOptions],
    ['POST', '/api/cart/validate', () => validate],
    ['POST', '/api/checkout', () => place.shift() ?? { status: 201, body: { orders: [] } }],
  ]);
}

function Confirmation() {
  const { state } = useLocation();
  return <p>Confirmation page: {JSON.stringify(state)}</p>;
}

function showCheckout() {
  return renderWithApp(<CheckoutPage />, {
    path: '/checkout',
    route: '/checkout',
    signedIn: true,
    others: { '/order-confirmation': <Confirmation /> },
  });
}

const review = () => screen.getByRole('complementary');
const placeOrder = () => within(review()).getByRole('button', { name: 'Place Order' });
const posts = (seen: StandInRequest[], path: string) =>
  seen.filter((r) => r.method === 'POST' && r.path === path);

componentTestLifecycle();

describe('checkout page', () => {
  it('by delivery, shows each owner’s route price or "Set later", and a total before the shipping still to be set (D49, D50)', async () => {
    standInCheckout();
    showCheckout();
    await screen.findByText('Order 1 · Made');
    await waitFor(() =>
      expect(screen.getAllByTestId('review-delivery-price')[0].textContent).toBe('Rp 15.000'),
    );
    expect(screen.getAllByTestId('review-delivery-price')[1].textContent).toBe('Set later');
    expect(review().textContent).toContain('Rp 15.000 + the rest set later');
    expect(within(review()).getByText('Total before shipping')).toBeTruthy();
    expect(screen.getByTestId('review-total').textContent).toBe('Rp 65.000');
    expect(review().textContent).toContain(
      'Orders with a delivery price for your area are payable as soon as you place them',
    );
    expect(screen.queryByTestId('checkout-pay-now')).toBeNull();
    // The address comes from the profile.
    expect((screen.getByLabelText('Full name') as HTMLInputElement).value).toBe('Wayan Sari');
  });

  it('with every route priced, the total includes shipping and the orders are payable at once', async () => {
    standInCheckout({
      checkoutOptions: {
        body: options({
          deliveryPrices: [
            { ownerId: 'owner-a', shippingCost: '15000.00' },
            { ownerId: 'owner-b', shippingCost: '12000.00' },
          ],
        }),
      },
    });
    showCheckout();
    await waitFor(() => expect(screen.getByTestId('review-total').textContent).toBe('Rp 77.000'));
    expect(within(review()).getByText('Total')).toBeTruthy();
    expect(screen.getByTestId('checkout-pay-now').textContent).toContain('Pay now, by 28 Nov 2026, 12:00');
    expect(screen.getByTestId('checkout-pay-now').textContent).toContain(
      'Delivery to your area has a set price',
    );
  });

  it('with no route priced, says the team sets shipping and emails how to pay', async () => {
    standInCheckout({
      checkoutOptions: {
        body: options({
          deliveryPrices: [
            { ownerId: 'owner-a', shippingCost: null },
            { ownerId: 'owner-b', shippingCost: null },
          ],
        }),
      },
    });
    showCheckout();
    await screen.findByText(/No payment now: our team sets the shipping cost first/);
    expect(screen.getByTestId('review-total').textContent).toBe('Rp 50.000');
    expect(screen.getAllByTestId('review-delivery-price').map((e) => e.textContent)).toEqual([
      'Set later',
      'Set later',
    ]);
  });

  it('self pickup: free, the favourite chosen, the order placed with that location and the confirmation shown (D5, D33)', async () => {
    const seen = standInCheckout({
      checkoutOptions: { body: options({ favouritePickupLocationId: 'loc-ubud' }) },
      place: [{ status: 201, body: { orders: [{ id: 'order-1', number: 'ORDER001' }] } }],
    });
    showCheckout();
    await userEvent.click(await screen.findByRole('radio', { name: /Self pickup/ }));
    expect((screen.getByRole('radio', { name: /Ubud Library/ }) as HTMLInputElement).checked).toBe(true);
    expect(within(review()).getByText('FREE')).toBeTruthy();
    expect(screen.getByTestId('review-total').textContent).toBe('Rp 50.000');
    expect(screen.queryByTestId('review-delivery-price')).toBeNull();
    expect(screen.getByTestId('checkout-pay-now').textContent).toContain(
      'Pickup is free and needs no review',
    );

    await userEvent.click(screen.getByRole('radio', { name: /Canggu Coffee/ }));
    await userEvent.click(placeOrder());
    await screen.findByText(/Confirmation page/);
    const sent = posts(seen, '/api/checkout')[0].body as Record<string, unknown>;
    expect(sent).toMatchObject({ deliveryMethod: 'pickup', pickupLocationId: 'loc-canggu' });
    expect(sent.deliveryAddress).toBeUndefined();
    expect(screen.getByText(/Confirmation page/).textContent).toContain('ORDER001');
  });

  it('offers no pickup when the owners share no location, and says why', async () => {
    standInCheckout({ checkoutOptions: { body: options({ pickupLocations: [] }) } });
    showCheckout();
    await screen.findByText(
      "Self pickup isn't available for this cart: its owners share no pickup location.",
    );
    expect(screen.queryByRole('radio', { name: /Self pickup/ })).toBeNull();
    expect((screen.getByRole('radio', { name: /Delivery/ }) as HTMLInputElement).checked).toBe(true);
  });

  it('does not place a delivery order with an address field empty, and asks nothing of the server', async () => {
    const seen = standInCheckout();
    showCheckout();
    const phone = await screen.findByLabelText('Phone');
    await userEvent.clear(phone);
    await userEvent.click(placeOrder());
    expect(within(review()).getByRole('alert').textContent).toBe(
      'Please fill in all shipping address fields',
    );
    expect(phone.getAttribute('aria-invalid')).toBe('true');
    expect(posts(seen, '/api/cart/validate')).toHaveLength(0);
    expect(posts(seen, '/api/checkout')).toHaveLength(0);
  });

  it('lists the books that can no longer be borrowed, and places nothing', async () => {
    const seen = standInCheckout({
      validate: {
        body: {
          ok: false,
          problems: ['"Matilda" is no longer available'],
          problemCodes: [{ code: 'titleNoLongerAvailable', params: { title: 'Matilda' } }],
        },
      },
    });
    showCheckout();
    await screen.findByText('Order 1 · Made');
    await userEvent.click(placeOrder());
    const problems = await within(review()).findByText("Some books can't be borrowed right now:");
    expect(problems.parentElement?.textContent).toContain('"Matilda" is no longer available');
    expect(posts(seen, '/api/checkout')).toHaveLength(0);
  });

  it('a cart check that fails says so; a lost answer is retried with the same key and no second check', async () => {
    const seen = standInCheckout({
      validate: apiError(500, 'INTERNAL', 'Internal error'),
    });
    showCheckout();
    await screen.findByText('Order 1 · Made');
    await userEvent.click(placeOrder());
    expect((await within(review()).findByRole('alert')).textContent).toBe(
      'Failed to validate cart. Please try again.',
    );
    expect(posts(seen, '/api/checkout')).toHaveLength(0);

    cleanup();
    const again = standInCheckout({
      place: [apiError(500, 'INTERNAL', 'Internal error'), { status: 200, body: { orders: [] } }],
    });
    showCheckout();
    await screen.findByText('Order 1 · Made');
    await userEvent.click(placeOrder());
    expect((await within(review()).findByRole('alert')).textContent).toBe('Failed to create order');
    await userEvent.click(placeOrder());
    await screen.findByText(/Confirmation page/);
    const [first, second] = posts(again, '/api/checkout').map(
      (r) => (r.body as { idempotencyKey: string }).idempotencyKey,
    );
    expect(second).toBe(first);
    expect(posts(again, '/api/cart/validate')).toHaveLength(1);
  });

  it('a book taken meanwhile: the server’s refusal in words', async () => {
    standInCheckout({
      place: [
        apiError(409, 'CART_NOT_AVAILABLE', 'A book is no longer available', {
          fieldCodes: { 'book-owner-a': { code: 'titleNoLongerAvailable', params: { title: 'Matilda' } } },
        }),
      ],
    });
    showCheckout();
    await screen.findByText('Order 1 · Made');
    await userEvent.click(placeOrder());
    expect((await within(review()).findByRole('alert')).textContent).toBe('"Matilda" is no longer available');
  });

  it('an empty cart offers to continue shopping; a cart that fails to load says so', async () => {
    standInCheckout({ cart: { body: { groups: [], count: 0, subtotal: '0.00' } } });
    showCheckout();
    await screen.findByText('Your cart is empty');
    expect(screen.getByRole('link', { name: 'Continue Shopping' }).getAttribute('href')).toBe('/books');
    expect(screen.queryByRole('button', { name: 'Place Order' })).toBeNull();

    cleanup();
    standInCheckout({ cart: apiError(500, 'INTERNAL', 'Internal error') });
    showCheckout();
    const failed = await screen.findByRole('alert');
    expect(failed.textContent).toBe('Failed to load cart Try again');
    expect(screen.queryByRole('button', { name: 'Place Order' })).toBeNull();
  });

  it('in Indonesian: the route still to be priced and the missing address', async () => {
    await inIndonesian(async () => {
      standInCheckout();
      showCheckout();
      await screen.findByText('Pesanan 1 · Made');
      await waitFor(() =>
        expect(screen.getAllByTestId('review-delivery-price')[1].textContent).toBe('Ditentukan nanti'),
      );
      expect(review().textContent).toContain('Rp 15.000 + sisanya ditentukan nanti');
      await userEvent.clear(screen.getByLabelText('Alamat'));
      await userEvent.click(within(review()).getByRole('button', { name: 'Buat Pesanan' }));
      expect(within(review()).getByRole('alert').textContent).toBe('Lengkapi semua kolom alamat pengiriman');
    });
  });
});
