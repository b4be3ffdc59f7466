import '@web/lib/words/admin';
import { CalendarX, CircleCheck, HandCoins, MailWarning, Truck, Wallet } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { QueueRow } from '@domain/admin-types';
import { formatMoney } from '@domain/money';
import type { OrderAction } from '@domain/order-actions';
import { ConfirmPaymentForm } from '@web/components/confirm-payment-form';
import { ShippingCostForm } from '@web/components/shipping-cost-form';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { useAdminOrderAction, useAdminQueue, useRetryEmails } from '@web/features/admin/api';
import { formatOrderDateTime } from '@web/lib/format';
import { paths } from '@web/lib/paths';
import { ListBody } from './list-body';
import { RowList } from './row-list';
import type { TabProps } from './tab-props';
import { useWriteFeedback } from './write-feedback';

// "Needs you now", what the dashboard opens on. The server lists every kind of waiting work
// by deadline (soonest, and so late, first) and says which rows are late; each row says why it is
// there and carries its action: a form or a button where one step does it, else a link.

const MINUTE_MS = 60_000;

const ICONS: Record<QueueRow['kind'], ReactNode> = {
  shipping_cost: <Truck className="size-5" aria-hidden />,
  payment_claim: <Wallet className="size-5" aria-hidden />,
  payment_task: <HandCoins className="size-5" aria-hidden />,
  overdue_return: <CalendarX className="size-5" aria-hidden />,
  failed_email: <MailWarning className="size-5" aria-hidden />,
};

/** A span of time in days and hours, or hours and minutes, or minutes (at least one). */
function useSpan() {
  const { t } = useTranslation('admin');
  return (ms: number) => {
    const minutes = Math.max(1, Math.floor(Math.abs(ms) / MINUTE_MS));
    const hours = Math.floor(minutes / 60);
    const days = Math.floor(hours / 24);
    if (days > 0 && hours % 24 === 0) return t('queue.span.daysOnly', { days });
    if (days > 0) return t('queue.span.days', { days, hours: hours % 24 });
    if (hours > 0) return t('queue.span.hours', { hours, minutes: minutes % 60 });
    return t('queue.span.minutes', { minutes });
  };
}

/** The deadline's line: time left before it, late by how much, or how long it has waited. */
function Deadline({ row }: { row: QueueRow }) {
  const { t } = useTranslation('admin');
  const span = useSpan();
  const left = Date.parse(row.dueAt) - Date.now();
  if (row.late)
    return (
      <span className="flex flex-wrap items-center gap-2">
        <Badge tone="red">{t('queue.late')}</Badge>
        <span className="text-sm font-medium text-red-700">{t('queue.lateBy', { time: span(left) })}</span>
      </span>
    );
  if (left > 0)
    return (
      <span className="text-sm font-medium text-amber-800">{t('queue.timeLeft', { time: span(left) })}</span>
    );
  return <span className="text-sm text-stone-600">{t('queue.waiting', { time: span(left) })}</span>;
}

function QueueItem({ row }: { row: QueueRow }) {
  const { t } = useTranslation('admin');
  const { t: tFinance } = useTranslation('finance');
  const action = useAdminOrderAction();
  const retry = useRetryEmails();
  const { error, feedback } = useWriteFeedback();

  const run = (orderId: string, next: OrderAction, done: string, failed: string) =>
    action.mutate(
      { orderId, action: next },
      feedback(() => done, failed),
    );

  let title: string;
  let why: string;
  let act: ReactNode;
  switch (row.kind) {
    case 'shipping_cost': {
      title = t('queue.shipping_cost.title', { number: row.number });
      const deadline = formatOrderDateTime(row.dueAt);
      why =
        row.ownerArea && row.borrowerArea
          ? t('queue.shipping_cost.why', {
              from: row.ownerArea,
              to: row.borrowerArea,
              name: row.userName,
              deadline,
            })
          : t('queue.shipping_cost.whyUnknownRoute', { name: row.userName, deadline });
      act = (
        <ShippingCostForm
          order={row}
          pending={action.isPending}
          onSubmit={(shippingCost) =>
            run(
              row.id,
              { type: 'set_shipping_cost', shippingCost },
              t('queue.shipping_cost.done', { number: row.number, name: row.userName }),
              t('orders.shippingFailed'),
            )
          }
        />
      );
      break;
    }
    case 'payment_claim':
      title = t('queue.payment_claim.title', { number: row.number });
      why =
        row.total === null
          ? t('queue.payment_claim.whyNoTotal', { name: row.userName })
          : t('queue.payment_claim.why', { name: row.userName, total: formatMoney(row.total) });
      act = (
        <div className="flex flex-col gap-2">
          {row.receiptUrl && (
            <a
              href={row.receiptUrl}
              target="_blank"
              rel="noreferrer"
              className="text-sm font-medium text-brand-700 hover:underline"
            >
              {t('queue.payment_claim.receipt')}
            </a>
          )}
          <ConfirmPaymentForm
            orderId={row.id}
            total={row.total}
            pending={action.isPending}
            onSubmit={(input) =>
              run(
                row.id,
                { type: 'confirm_payment', ...input },
                t('queue.payment_claim.done', { number: row.number }),
                t('orders.statusFailed'),
              )
            }
          />
        </div>
      );
      break;
    case 'payment_task':
      title = t('queue.payment_task.title', { kind: tFinance(`tasks.kinds.${row.taskKind}`) });
      why = row.orderNumber
        ? t('queue.payment_task.whyOrder', { amount: formatMoney(row.amount), number: row.orderNumber })
        : t('queue.payment_task.why', { amount: formatMoney(row.amount) });
      act = (
        <Link to="/admin?tab=paymentTasks" className="text-sm font-medium text-brand-700 hover:underline">
          {t('queue.payment_task.open')}
        </Link>
      );
      break;
    case 'overdue_return':
      title = t('queue.overdue_return.title', { number: row.number });
      why = t('queue.overdue_return.why', {
        name: row.userName,
        owner: row.ownerName,
        due: formatOrderDateTime(row.dueAt),
      });
      act = (
        <Link to={paths.order(row.id)} className="text-sm font-medium text-brand-700 hover:underline">
          {t('queue.overdue_return.open')}
        </Link>
      );
      break;
    case 'failed_email':
      title = t('queue.failed_email.title');
      why = t('queue.failed_email.why', { subject: row.subject, email: row.recipientEmail });
      act = (
        <Button
          variant="outline"
          loading={retry.isPending}
          onClick={() =>
            retry.mutate(
              row.id,
              feedback(() => t('queue.failed_email.done'), t('emails.retryFailed')),
            )
          }
        >
          {t('queue.failed_email.retry')}
        </Button>
      );
      break;
  }

  return (
    <li className="p-4 sm:p-5" data-testid="queue-row" data-kind={row.kind}>
      <article
        aria-label={title}
        className="flex flex-col gap-3 lg:flex-row lg:items-start lg:justify-between"
      >
        <div className="flex min-w-0 gap-3">
          <div
            className={
              row.late
                ? 'h-fit shrink-0 rounded-xl bg-red-50 p-2.5 text-red-700'
                : 'h-fit shrink-0 rounded-xl bg-brand-50 p-2.5 text-brand-700'
            }
          >
            {ICONS[row.kind]}
          </div>
          <div className="min-w-0 space-y-1">
            <h3 className="font-semibold text-stone-900">{title}</h3>
            <Deadline row={row} />
            <p className="text-sm break-words text-stone-600">{why}</p>
            {error && <p className="text-sm text-red-700">{error}</p>}
          </div>
        </div>
        <div className="shrink-0 lg:max-w-sm">{act}</div>
      </article>
    </li>
  );
}

export function QueueTab({ params, onParams }: TabProps) {
  const { t } = useTranslation('admin');
  const queue = useAdminQueue(params.cursor);
  return (
    <div className="space-y-4">
      <div className="rounded-2xl border border-stone-200 bg-white p-4 shadow-xs">
        <h2 className="font-semibold text-stone-900">{t('queue.title')}</h2>
        <p className="mt-1 text-sm text-stone-600">{t('queue.intro')}</p>
      </div>
      <ListBody
        query={queue}
        empty={{
          icon: <CircleCheck className="size-8" aria-hidden />,
          title: t('queue.empty'),
          description: t('queue.emptyHint'),
        }}
        onCursor={(cursor) => onParams({ cursor })}
      >
        {(items) => (
          <RowList>
            {items.map((row) => (
              <QueueItem key={`${row.kind}-${row.id}`} row={row} />
            ))}
          </RowList>
        )}
      </ListBody>
    </div>
  );
}
