import { useTranslation } from 'react-i18next';
import type { CartView } from '@domain/cart-types';
import { formatMoney } from '@domain/money';
import { Button } from '@web/components/ui/button';

/** The order summary beside the cart: server totals only, then Proceed to Checkout. */
export function CartSummary({
  cart,
  validating,
  busy,
  onProceed,
  onClear,
}: {
  cart: CartView;
  validating: boolean;
  busy: boolean;
  onProceed: () => void;
  onClear: () => void;
}) {
  const { t } = useTranslation('cart');
  return (
    <aside className="rounded-2xl border border-stone-200 bg-white p-5 shadow-xs lg:sticky lg:top-24">
      <h2 className="text-lg font-semibold text-stone-900">{t('summary.title')}</h2>
      <dl className="mt-4 space-y-2 text-sm">
        {cart.groups.map((group) => (
          <div key={group.ownerId} className="flex justify-between gap-3 text-stone-600">
            <dt className="truncate">
              {group.ownerName || t('group.unknownOwner')} · {t('group.books', { count: group.totalBooks })}
            </dt>
            <dd className="shrink-0">{formatMoney(group.totalAmount)}</dd>
          </div>
        ))}
        <div className="flex justify-between border-t border-stone-100 pt-2 text-stone-700">
          <dt>{t('summary.subtotal')}</dt>
          <dd>{formatMoney(cart.subtotal)}</dd>
        </div>
        <div className="flex justify-between text-stone-700">
          <dt>{t('summary.shipping')}</dt>
          <dd className="text-stone-500">{t('summary.shippingLater')}</dd>
        </div>
        <div className="flex justify-between gap-3 border-t border-stone-200 pt-3 text-base font-semibold text-stone-900">
          <dt>{t('summary.total')}</dt>
          <dd className="whitespace-nowrap" data-testid="cart-subtotal">
            {formatMoney(cart.subtotal)}
          </dd>
        </div>
      </dl>
      {cart.groups.length > 1 && <p className="mt-3 text-xs text-stone-500">{t('summary.onePerOwner')}</p>}
      <Button size="lg" className="mt-5 w-full" onClick={onProceed} loading={validating} disabled={busy}>
        {t('summary.proceed')}
      </Button>
      <Button variant="ghost" className="mt-2 w-full text-stone-600" onClick={onClear} disabled={busy}>
        {t('summary.clear')}
      </Button>
      <p className="mt-4 border-t border-stone-100 pt-4 text-xs leading-relaxed text-stone-500">
        {t('summary.paymentNote')}
      </p>
    </aside>
  );
}
