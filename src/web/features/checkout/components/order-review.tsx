import '@web/lib/words/checkout';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CartView } from '@domain/cart-types';
import type { DeliveryMethod } from '@domain/constants';
import { formatMoney, fromMinor } from '@domain/money';
import { sumMinor } from '@domain/pricing';
import { PayNow } from '@web/features/checkout/pay-now';

/** Each owner's delivery price to the member now; null: an admin sets it within 24 hours. */
export type DeliveryPrices = ReadonlyMap<string, string | null>;

/** One block per owner (each becomes its own order) and the totals from the server. */
export function OrderReview({
  cart,
  method,
  payBy,
  deliveryPrices,
  children,
}: {
  cart: CartView;
  method: DeliveryMethod;
  /** The payment deadline an order payable at once placed now gets, from the checkout options. */
  payBy: string | undefined;
  deliveryPrices: DeliveryPrices | undefined;
  children?: ReactNode;
}) {
  const { t } = useTranslation('checkout');
  const isPickup = method === 'pickup';
  const priceOf = (ownerId: string) => (isPickup ? null : (deliveryPrices?.get(ownerId) ?? null));
  const priced = isPickup ? [] : cart.groups.flatMap((g) => priceOf(g.ownerId) ?? []);
  // Pickup, or every owner's route priced: each order is payable the moment it is placed.
  const allPriced = isPickup || (deliveryPrices !== undefined && priced.length === cart.groups.length);
  const somePriced = !isPickup && priced.length > 0;
  const shippingKnown = fromMinor(sumMinor(priced));
  const total = fromMinor(sumMinor([cart.subtotal, shippingKnown]));

  let shipping: ReactNode;
  if (isPickup) shipping = t('review.shippingFree');
  else if (allPriced) shipping = formatMoney(shippingKnown);
  else if (somePriced) shipping = t('review.shippingPartly', { amount: formatMoney(shippingKnown) });
  else shipping = t('review.shippingLater');

  return (
    <aside className="rounded-2xl border border-stone-200 bg-white p-5 shadow-xs lg:sticky lg:top-24">
      <h2 className="text-lg font-semibold text-stone-900">{t('review.title')}</h2>
      <div className="mt-4 space-y-4">
        {cart.groups.map((group, index) => {
          const price = priceOf(group.ownerId);
          return (
            <section key={group.ownerId} className="rounded-xl bg-stone-50 p-3" data-testid="review-order">
              <h3 className="text-sm font-semibold text-stone-900">
                {t('review.orderFrom', { index: index + 1, owner: group.ownerName })}
              </h3>
              <p className="text-xs text-stone-500">
                {t('review.duration', { duration: t(`durations.${group.borrowDuration}`) })}
              </p>
              <ul className="mt-2 space-y-1.5 text-sm">
                {group.items.map((item) => (
                  <li key={item.id} className="flex justify-between gap-3">
                    <span className="truncate text-stone-700">{item.book.title}</span>
                    <span className="shrink-0 text-stone-900">{formatMoney(item.itemTotal)}</span>
                  </li>
                ))}
                {!isPickup && (
                  <li className="flex justify-between gap-3 border-t border-stone-200 pt-1.5">
                    <span className="text-stone-700">{t('review.delivery')}</span>
                    <span
                      className={price === null ? 'shrink-0 text-stone-500' : 'shrink-0 text-stone-900'}
                      data-testid="review-delivery-price"
                    >
                      {price === null ? t('review.shippingLater') : formatMoney(price)}
                    </span>
                  </li>
                )}
              </ul>
            </section>
          );
        })}
      </div>
      <dl className="mt-4 space-y-2 border-t border-stone-100 pt-4 text-sm">
        <div className="flex justify-between text-stone-700">
          <dt>{t('review.subtotal')}</dt>
          <dd>{formatMoney(cart.subtotal)}</dd>
        </div>
        <div className="flex justify-between gap-3 text-stone-700">
          <dt>{t('review.shipping')}</dt>
          <dd
            className={
              isPickup
                ? 'font-medium text-green-700'
                : allPriced
                  ? 'text-stone-900'
                  : 'text-right text-stone-500'
            }
          >
            {shipping}
          </dd>
        </div>
        <div className="flex justify-between gap-3 border-t border-stone-200 pt-3 text-base font-semibold text-stone-900">
          <dt>{allPriced ? t('review.total') : t('review.totalBeforeShipping')}</dt>
          <dd className="whitespace-nowrap" data-testid="review-total">
            {formatMoney(total)}
          </dd>
        </div>
      </dl>
      <p className="mt-3 text-xs text-stone-500">{t('review.ordersNote', { count: cart.groups.length })}</p>
      {children}
      {allPriced ? (
        // Pickup, or delivery on priced routes, needs no review and is payable at once.
        payBy && (
          <div className="mt-4 rounded-xl bg-brand-50 p-3 text-sm text-brand-900">
            <PayNow by={payBy} testId="checkout-pay-now">
              <p className="text-xs leading-relaxed">
                {isPickup ? t('review.payNowPickup') : t('review.payNowDelivery')}
              </p>
            </PayNow>
          </div>
        )
      ) : (
        <p className="mt-4 border-t border-stone-100 pt-4 text-xs leading-relaxed text-stone-500">
          {somePriced ? t('review.paymentNotePartly') : t('review.paymentNote')}
        </p>
      )}
    </aside>
  );
}
