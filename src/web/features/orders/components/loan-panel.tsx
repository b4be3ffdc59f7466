import { CalendarPlus, Clock } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MAX_EXTENSIONS } from '@domain/loan';
import { formatMoney } from '@domain/money';
import type { OrderDetail } from '@domain/order-types';
import { Badge } from '@web/components/ui/badge';
import { Button, buttonClass } from '@web/components/ui/button';
import { ErrorBanner, SuccessBanner } from '@web/components/ui/feedback';
import { errorMessage } from '@web/lib/api';
import { formatOrderDate, formatOrderDateTime } from '@web/lib/format';
import { useMarkExtensionPaid } from '@web/features/orders/loan-api';
import { DueLine, formatDueDate } from '@web/components/due-badge';
import { ExtendLoanDialog } from './extend-loan-dialog';

/** True when the order has anything for the loan panel to show. */
export function hasLoanPanel(order: OrderDetail): boolean {
  return order.loan !== null || order.paymentDueAt !== null || order.extensions.length > 0;
}

/**
 * The loan on the order page: the due date and day count, "Add to calendar", the
 * borrower's "Extend loan" with prices, the extensions and their payment (the admin marks them
 * paid), and the payment deadline while Waiting for Payment.
 */
export function LoanPanel({ order }: { order: OrderDetail }) {
  const { t } = useTranslation('orders');
  const [extendedTo, setExtendedTo] = useState<string | null>(null);
  const markPaid = useMarkExtensionPaid(order.id);
  const isAdmin = order.viewerRoles.includes('admin');
  const isBorrower = order.viewerRoles.includes('borrower');

  return (
    <div className="space-y-4" data-testid="loan-panel">
      {order.paymentDueAt && (
        <div className="flex items-start gap-2 text-sm text-stone-700">
          <Clock className="mt-0.5 size-4 text-amber-700" aria-hidden />
          <div>
            <p className="font-medium text-stone-900">
              {t('loan.payBy', { date: formatOrderDateTime(order.paymentDueAt) })}
            </p>
            <p className="text-xs text-stone-500">{t('loan.payByHint')}</p>
          </div>
        </div>
      )}
      {order.loan && (
        <div className="space-y-2">
          <DueLine loan={order.loan} />
          {order.deliveredAt && (
            <p className="text-xs text-stone-500">
              {t(isBorrower ? 'loan.deliveredOn' : 'loan.deliveredOnBorrower', {
                date: formatOrderDate(order.deliveredAt),
              })}
            </p>
          )}
          {isBorrower && (
            <p
              className={
                order.loan.state === 'overdue' ? 'text-sm font-medium text-red-700' : 'text-sm text-stone-600'
              }
            >
              {order.loan.state === 'overdue' ? t('loan.overdueHint') : t('loan.returnHint')}
            </p>
          )}
          {extendedTo && (
            <SuccessBanner>{t('loan.extended', { date: formatDueDate(extendedTo) })}</SuccessBanner>
          )}
          <div className="flex flex-wrap items-center gap-2 pt-1">
            <a
              href={`/api/orders/${order.id}/due-date.ics`}
              download
              className={buttonClass('ghost', 'md', '-ml-3 text-brand-800')}
            >
              <CalendarPlus className="size-4" aria-hidden />
              {t('loan.addToCalendar')}
            </a>
            {/* Overdue says so above; the refusal would only repeat it. */}
            {order.extensionOffer && order.extensionOffer.refusal?.code !== 'EXTENSION_OVERDUE' && (
              <ExtendLoanDialog orderId={order.id} offer={order.extensionOffer} onExtended={setExtendedTo} />
            )}
          </div>
          {order.extensionOffer && !order.extensionOffer.refusal && (
            <p className="text-xs text-stone-500">
              {t('loan.extensionsLeft', { count: MAX_EXTENSIONS - order.extensions.length })}
            </p>
          )}
        </div>
      )}
      {order.extensions.length > 0 && (
        <div>
          <h3 className="mb-2 text-sm font-semibold text-stone-900">{t('loan.extensions')}</h3>
          <ul className="space-y-2">
            {order.extensions.map((extension) => (
              <li key={extension.id} className="flex flex-wrap items-center justify-between gap-2 text-sm">
                <span className="text-stone-700">
                  {t('loan.extensionRow', { weeks: extension.weeks, amount: formatMoney(extension.amount) })}
                </span>
                <span className="flex items-center gap-2">
                  <Badge tone={extension.paid ? 'green' : 'amber'}>
                    {extension.paid ? t('loan.paid') : t('loan.unpaid')}
                  </Badge>
                  {isAdmin && !extension.paid && (
                    <Button
                      size="sm"
                      variant="outline"
                      loading={markPaid.isPending && markPaid.variables?.extensionId === extension.id}
                      onClick={() => markPaid.mutate({ extensionId: extension.id })}
                    >
                      {t('loan.markPaid')}
                    </Button>
                  )}
                </span>
              </li>
            ))}
          </ul>
          {markPaid.isError && (
            <ErrorBanner className="mt-2">
              {errorMessage(markPaid.error, t('loan.markPaidFailed'))}
            </ErrorBanner>
          )}
        </div>
      )}
    </div>
  );
}
