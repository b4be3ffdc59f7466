import '@web/lib/words/checkout';
import { CheckCircle2, Clock, Mail, PackageCheck } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { formatMoney, fromMinor } from '@domain/money';
import { sumMinor } from '@domain/pricing';
import { ButtonLink } from '@web/components/ui/button';
import { Container } from '@web/components/ui/card';
import { DeliveryDetails } from '@web/components/delivery-details';
import { formatOrderDate } from '@web/lib/format';
import { PayNow } from '@web/features/checkout/pay-now';
import { paths } from '@web/lib/paths';
import type { ConfirmationState } from '@web/features/checkout/api';
import { PageTitle } from '@web/components/ui/page-title';
import { PushOffer } from '@web/components/push-offer';

// An order placed is worth keeping at hand: the one moment Rakbuku offers to install itself.
const InstallOffer = lazy(() => import('@web/components/install-offer'));

function readState(state: unknown): ConfirmationState | null {
  const orders = (state as ConfirmationState | null)?.orders;
  return Array.isArray(orders) && orders.length > 0 ? { orders } : null;
}

/** Shown once after checkout, from navigation state (spec: redirect to / without it). */
export default function OrderConfirmationPage() {
  const { t } = useTranslation('checkout');
  const location = useLocation();
  const state = readState(location.state);
  if (!state) return <Navigate to="/" replace />;

  const { orders } = state;
  const first = orders[0];
  const isPickup = first.deliveryMethod === 'pickup';
  // Payable at once: pickup and delivery on a priced route; the others wait for an
  // admin's shipping cost, promised within 24 hours.
  const payable = orders.filter((order) => order.paymentDueAt !== null);
  const waiting = orders.filter((order) => order.paymentDueAt === null);
  const total = fromMinor(sumMinor(orders.map((order) => order.total ?? order.subtotal)));
  // The earliest deadline of the orders placed together (they share one moment).
  const payBy = payable.map((order) => order.paymentDueAt as string).sort()[0] ?? null;
  let shippingNote: string;
  if (isPickup) shippingNote = t('confirmation.pickupFree');
  else if (waiting.length === 0) shippingNote = t('confirmation.shippingPriced');
  else if (payable.length > 0) shippingNote = t('confirmation.shippingPartly');
  else shippingNote = t('confirmation.shippingLater');

  return (
    <Container className="max-w-3xl py-10 sm:py-14">
      <PageTitle title={t('confirmation.title', { count: orders.length })} />
      <div className="text-center">
        <CheckCircle2 className="mx-auto size-14 text-brand-600" aria-hidden />
        <h1 className="mt-4 text-2xl font-bold tracking-tight text-stone-900 sm:text-3xl">
          {t('confirmation.title', { count: orders.length })}
        </h1>
        <p className="mt-2 text-stone-600">{t('confirmation.subtitle', { count: orders.length })}</p>
        <p className="mt-1 text-sm text-stone-500">
          {t('confirmation.placedOn', { date: formatOrderDate(first.createdAt) })}
        </p>
      </div>

      <div className="mt-8 overflow-hidden rounded-2xl border border-stone-200 bg-white shadow-xs">
        <ul className="divide-y divide-stone-100">
          {orders.map((order) => (
            <li key={order.id} className="flex items-center justify-between gap-4 px-5 py-4">
              <div className="min-w-0">
                <p className="text-xs font-medium tracking-wide text-stone-500 uppercase">
                  {t('confirmation.orderNumber')}
                </p>
                <p className="font-mono text-lg font-semibold text-stone-900" data-testid="order-number">
                  #{order.number}
                </p>
                <p className="truncate text-sm text-stone-600">
                  {t('confirmation.owner', { owner: order.ownerName })} ·{' '}
                  {t('confirmation.books', { count: order.itemCount })}
                </p>
              </div>
              <div className="text-right">
                <p className="text-xs text-stone-500">
                  {order.total === null ? t('confirmation.subtotal') : t('confirmation.orderTotal')}
                </p>
                <p className="font-semibold text-stone-900">{formatMoney(order.total ?? order.subtotal)}</p>
              </div>
            </li>
          ))}
        </ul>
        <div className="flex items-center justify-between border-t border-stone-200 bg-stone-50 px-5 py-4">
          <span className="font-semibold text-stone-900">
            {waiting.length === 0 ? t('confirmation.total') : t('confirmation.totalBeforeShipping')}
          </span>
          <span className="text-lg font-bold text-stone-900">{formatMoney(total)}</span>
        </div>
        <div className="border-t border-stone-100 px-5 py-4">
          <DeliveryDetails order={first} />
          <p className="mt-2 pl-8 text-sm text-stone-500">{shippingNote}</p>
        </div>
      </div>

      <section className="mt-6 rounded-2xl border border-brand-100 bg-brand-50 p-5">
        <h2 className="font-semibold text-brand-900">{t('confirmation.nextTitle')}</h2>
        <ol className="mt-3 space-y-3 text-sm text-brand-900">
          {payBy && (
            // An order payable at once; its deadline is on every such order.
            <li data-testid="pay-now">
              <PayNow by={payBy}>
                <p>{t('confirmation.payNow')}</p>
                <p>{t('confirmation.payNowEmail')}</p>
                <p className="flex flex-wrap gap-2">
                  {payable.map((order) => (
                    <ButtonLink key={order.id} to={`${paths.order(order.id)}#payment`} size="sm">
                      {t('confirmation.payPanel', { count: payable.length, number: order.number })}
                    </ButtonLink>
                  ))}
                </p>
              </PayNow>
            </li>
          )}
          {waiting.length > 0 && (
            // The spec's promise, kept by the admins' queue and their reminder.
            <>
              <li className="flex gap-3" data-testid="shipping-promise">
                <Clock className="size-5 shrink-0" aria-hidden />
                {payable.length > 0
                  ? t('confirmation.nextReviewOrders', {
                      numbers: waiting.map((order) => `#${order.number}`).join(', '),
                    })
                  : t('confirmation.nextReview')}
              </li>
              <li className="flex gap-3">
                <Mail className="size-5 shrink-0" aria-hidden />
                {t('confirmation.nextPayment')}
              </li>
            </>
          )}
          <li className="flex gap-3">
            <PackageCheck className="size-5 shrink-0" aria-hidden />
            {isPickup ? t('confirmation.nextPickup') : t('confirmation.nextDelivery')}
          </li>
        </ol>
      </section>

      <Suspense fallback={null}>
        <InstallOffer place="order" />
      </Suspense>
      {/* The moment push matters (a payment due, the order's news), never a first visit. */}
      <PushOffer className="mt-6" />

      <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
        <ButtonLink to="/my-orders" size="lg">
          {t('confirmation.myOrders')}
        </ButtonLink>
        <ButtonLink to="/books" size="lg" variant="outline">
          {t('confirmation.browse')}
        </ButtonLink>
      </div>
    </Container>
  );
}
