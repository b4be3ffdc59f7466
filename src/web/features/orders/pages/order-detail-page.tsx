import { ArrowLeft } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { formatMoney } from '@domain/money';
import { orderTotal } from '@domain/order-machine';
import type { OrderDetail } from '@domain/order-types';
import { viewerRole } from '@domain/order-words';
import { Button, ButtonLink } from '@web/components/ui/button';
import { Container } from '@web/components/ui/card';
import { ErrorBanner, LoadErrorBanner, LoadingState } from '@web/components/ui/feedback';
import { ApiError } from '@web/lib/api';
import { useOrder } from '@web/features/orders/api';
import { DeliveryDetails } from '@web/components/delivery-details';
import { hasLoanPanel, LoanPanel } from '@web/features/orders/components/loan-panel';
import { OrderMoneyPanels } from '@web/features/orders/components/payment-panel';
import { NextStepLine } from '@web/features/orders/components/next-step-line';
import { OrderActionBar } from '@web/features/orders/components/order-action-bar';
import { OrderItems } from '@web/features/orders/components/order-items';
import { OrderStatusBadge } from '@web/components/order-status-badge';
import { OrderConversation } from '@web/features/orders/components/order-conversation';
import { RateLoan } from '@web/features/orders/components/rate-loan';
import { formatOrderDate } from '@web/lib/format';
import { PageTitle } from '@web/components/ui/page-title';
// Where members are: WhatsApp chat links
import { WhatsappChatLinks } from '@web/features/orders/components/whatsapp-chat-links';

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className="rounded-2xl border border-stone-200 bg-white p-5 shadow-xs sm:p-6"
    >
      <h2 id={id} className="mb-4 text-base font-semibold text-stone-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

function loadErrorKey(error: unknown): string {
  if (error instanceof ApiError && error.status === 403) return 'errors.forbidden';
  if (error instanceof ApiError && error.status === 404) return 'errors.notFound';
  return 'errors.loadDetail';
}

export default function OrderDetailPage() {
  const { t } = useTranslation('orders');
  const { orderId = '' } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const order = useOrder(orderId);

  // Back returns where the member came from; a link opened directly falls back to My Orders.
  const goBack = () => (location.key === 'default' ? navigate('/my-orders') : navigate(-1));
  const back = (
    <Button variant="ghost" onClick={goBack} className="-ml-3 mb-4 text-stone-600">
      <ArrowLeft className="size-4" aria-hidden />
      {t('detail.back')}
    </Button>
  );

  if (order.isPending)
    return (
      <Container className="max-w-5xl py-8 sm:py-10">
        {back}
        <LoadingState label={t('detail.loading')} />
      </Container>
    );
  if (order.isError)
    return (
      <Container className="max-w-5xl py-8 sm:py-10">
        {back}
        {loadErrorKey(order.error) === 'errors.loadDetail' ? (
          // A failed load (not a missing or forbidden order) may work a second time.
          <LoadErrorBanner
            message={t('errors.loadDetail')}
            retryLabel={t('errors.retry')}
            onRetry={() => order.refetch()}
          />
        ) : (
          <ErrorBanner>{t(loadErrorKey(order.error))}</ErrorBanner>
        )}
        <ButtonLink to="/my-orders" variant="outline" className="mt-4">
          {t('errors.backToOrders')}
        </ButtonLink>
      </Container>
    );

  return (
    <Container className="max-w-5xl py-8 sm:py-10">
      {back}
      <OrderView order={order.data} />
    </Container>
  );
}

function OrderView({ order }: { order: OrderDetail }) {
  const { t } = useTranslation('orders');
  const isPickup = order.deliveryMethod === 'pickup';
  // Self pickup is free (spec), so its total is known before the admin confirms the order.
  const total = order.total ?? (isPickup ? orderTotal(order.subtotal, '0') : null);
  const shipping = isPickup
    ? t('detail.shippingFree')
    : order.shippingCost !== null
      ? formatMoney(order.shippingCost)
      : t('detail.shippingLater');

  return (
    <>
      <PageTitle title={t('detail.title', { number: order.number })} />
      <header className="mb-6 flex flex-col gap-2 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="font-mono text-2xl font-bold tracking-tight text-stone-900 sm:text-3xl">
              {t('detail.title', { number: order.number })}
            </h1>
            <OrderStatusBadge status={order.status} viewer={viewerRole(order.viewerRoles)} />
          </div>
          <p className="mt-1 text-stone-600">
            {t('detail.placedOn', { date: formatOrderDate(order.createdAt) })}
          </p>
        </div>
      </header>

      <div className="grid gap-6 lg:grid-cols-3 lg:items-start">
        <div className="space-y-6 lg:col-span-2">
          <OrderMoneyPanels order={order} />
          {/* The payment panel already shows the deadline to the borrower and the admins. */}
          {hasLoanPanel(order) && !(order.paymentDueAt && order.viewerRoles.some((r) => r !== 'owner')) && (
            <Section title={t(order.paymentDueAt ? 'loan.paymentTitle' : 'loan.title')}>
              <LoanPanel order={order} />
            </Section>
          )}
          <Section title={t('detail.actions')}>
            <NextStepLine className="mb-4" order={order} viewer={viewerRole(order.viewerRoles)} />
            <OrderActionBar key={order.status} order={order} />
          </Section>
          <Section title={t('detail.items')}>
            <OrderItems items={order.items} waitingByBook={order.waitingByBook} />
          </Section>
          {/* After Completed each side rates the loan. */}
          {order.status === 'Completed' && (
            <Section title={t('reviews:rate.title')}>
              <RateLoan order={order} />
            </Section>
          )}
          <Section title={t('messages:order.title')}>
            <OrderConversation order={order} />
          </Section>
        </div>

        <div className="space-y-6">
          <Section title={t('detail.summary')}>
            <dl className="space-y-2 text-sm">
              <div className="flex justify-between text-stone-700">
                <dt>{t('detail.subtotal')}</dt>
                <dd>{formatMoney(order.subtotal)}</dd>
              </div>
              <div className="flex justify-between text-stone-700">
                <dt>{t('detail.shipping')}</dt>
                <dd
                  className={
                    isPickup
                      ? 'font-medium text-green-700'
                      : order.shippingCost === null
                        ? 'text-stone-500'
                        : undefined
                  }
                >
                  {shipping}
                </dd>
              </div>
              <div className="flex justify-between border-t border-stone-200 pt-3 text-base font-semibold text-stone-900">
                <dt>{t('detail.total')}</dt>
                <dd>
                  {total !== null ? (
                    formatMoney(total)
                  ) : (
                    <span className="text-sm font-normal text-stone-500">{t('detail.totalLater')}</span>
                  )}
                </dd>
              </div>
              <div className="flex justify-between gap-4 pt-2 text-xs text-stone-500">
                <dt>{t('detail.payment')}</dt>
                <dd className="text-right">{t('detail.paymentManual')}</dd>
              </div>
            </dl>
          </Section>

          <Section title={t('detail.delivery')}>
            <DeliveryDetails order={order} />
          </Section>

          <Section title={t('detail.people')}>
            <dl className="space-y-2 text-sm">
              <div className="flex justify-between gap-4">
                <dt className="text-stone-500">{t('detail.borrower')}</dt>
                <dd className="text-right font-medium text-stone-900">{order.userName}</dd>
              </div>
              <div className="flex justify-between gap-4">
                <dt className="text-stone-500">{t('detail.owner')}</dt>
                <dd className="text-right font-medium text-stone-900">{order.ownerName}</dd>
              </div>
            </dl>
            <WhatsappChatLinks order={order} />
          </Section>

          {order.ownerContact && (
            <Section title={t('detail.ownerContact')}>
              <dl className="space-y-2 text-sm" data-testid="owner-contact">
                <div>
                  <dt className="sr-only">{t('detail.owner')}</dt>
                  <dd className="font-semibold text-stone-900">{order.ownerContact.name}</dd>
                </div>
                <div className="flex justify-between gap-4">
                  <dt className="text-stone-500">{t('detail.email')}</dt>
                  <dd className="truncate text-stone-900">{order.ownerContact.email}</dd>
                </div>
                {order.ownerContact.phone && (
                  <div className="flex justify-between gap-4">
                    <dt className="text-stone-500">{t('detail.phone')}</dt>
                    <dd className="text-stone-900">{order.ownerContact.phone}</dd>
                  </div>
                )}
                {order.ownerContact.address && (
                  <div>
                    <dt className="text-stone-500">{t('detail.address')}</dt>
                    <dd className="mt-0.5 text-stone-900">{order.ownerContact.address}</dd>
                  </div>
                )}
              </dl>
            </Section>
          )}

          {order.notes && (
            <Section title={t('detail.notes')}>
              <p className="text-sm whitespace-pre-line text-stone-700">{order.notes}</p>
            </Section>
          )}
        </div>
      </div>
    </>
  );
}
