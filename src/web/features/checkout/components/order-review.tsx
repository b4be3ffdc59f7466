import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CartView } from '@domain/cart-types';
import type { DeliveryMethod } from '@domain/constants';
import { formatMoney } from '@domain/money';
import { PayNow } from '@web/features/checkout/pay-now';

/** One block per owner (each becomes its own order, D5) and the totals from the server (D3). */
export function OrderReview({
  cart,
  method,
  payBy,
  children,
}: {
  cart: CartView;
  method: DeliveryMethod;
  /** The payment deadline a pickup order placed now gets (D24), from the checkout options. */
  payBy: string | undefined;
  children?: ReactNode;
}) {
  const { t } = useTranslation('checkout');
  const isPickup = method === 'pickup';
  return (
    <aside className="rounded-2xl border border-stone-200 bg-white p-5 shadow-xs lg:sticky lg:top-24">
      <h2 className="text-lg font-semibold text-stone-900">{t('review.title')}</h2>
      <div className="mt-4 space-y-4">
        {cart.groups.map((group, index) => (
          <section key={group.ownerId} className="rounded-xl bg-stone-50 p-3">
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
            </ul>
          </section>
        ))}
      </div>
      <dl className="mt-4 space-y-2 border-t border-stone-100 pt-4 text-sm">
        <div className="flex justify-between text-stone-700">
          <dt>{t('review.subtotal')}</dt>
          <dd>{formatMoney(cart.subtotal)}</dd>
        </div>
        <div className="flex justify-between text-stone-700">
          <dt>{t('review.shipping')}</dt>
          <dd className={isPickup ? 'font-medium text-green-700' : 'text-stone-500'}>
            {isPickup ? t('review.shippingFree') : t('review.shippingLater')}
          </dd>
        </div>
        <div className="flex justify-between gap-3 border-t border-stone-200 pt-3 text-base font-semibold text-stone-900">
          <dt>{isPickup ? t('review.total') : t('review.totalBeforeShipping')}</dt>
          <dd className="whitespace-nowrap">{formatMoney(cart.subtotal)}</dd>
        </div>
      </dl>
      <p className="mt-3 text-xs text-stone-500">{t('review.ordersNote', { count: cart.groups.length })}</p>
      {children}
      {isPickup ? (
        // D33: a pickup order needs no review and is payable the moment it is placed.
        payBy && (
          <div className="mt-4 rounded-xl bg-brand-50 p-3 text-sm text-brand-900">
            <PayNow by={payBy} testId="checkout-pay-now">
              <p className="text-xs leading-relaxed">{t('review.payNowPickup')}</p>
            </PayNow>
          </div>
        )
      ) : (
        <p className="mt-4 border-t border-stone-100 pt-4 text-xs leading-relaxed text-stone-500">
          {t('review.paymentNote')}
        </p>
      )}
    </aside>
  );
}
