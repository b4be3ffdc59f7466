import '@web/lib/words/admin';
import { HandCoins } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PaymentTaskAction, PaymentTaskView } from '@domain/gateway-types';
import { formatMoney } from '@domain/money';
import { OrderStatusBadge } from '@web/components/order-status-badge';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { ErrorBanner, SuccessBanner } from '@web/components/ui/feedback';
import { Field, Input, Textarea } from '@web/components/ui/field';
import { type TaskState, usePaymentTasks, useResolvePaymentTask } from '@web/features/admin/finance-api';
import { ApiError, errorMessage } from '@web/lib/api';
import { formatOrderDateTime } from '@web/lib/format';
import { paths } from '@web/lib/paths';
import { FilterSelect } from './filter-select';
import { ListBody } from './list-body';
import { RowList } from './row-list';
import { StatementUpload } from './statement-upload';
import type { TabProps } from './tab-props';

// Late and wrong money, each an admin's task until refunded, revived or dismissed. The
// server decides which actions a task offers (`actions`) and refuses the rest; this tab shows
// only those, each opened in place with what it will do before it is done.

const KIND_TONE = {
  late: 'amber',
  amount_mismatch: 'red',
  second_payment: 'violet',
  unknown_reference: 'neutral',
  ambiguous: 'amber',
} as const;

export function PaymentTasksTab({ params, onParams }: TabProps) {
  const { t } = useTranslation('finance');
  const state: TaskState = params.state === 'resolved' ? 'resolved' : 'open';
  const tasks = usePaymentTasks(state, params.cursor);
  const [done, setDone] = useState<string | null>(null);

  return (
    <div className="space-y-4">
      <div className="rounded-2xl border border-stone-200 bg-white p-4 shadow-xs">
        <h2 className="font-semibold text-stone-900">{t('tasks.title')}</h2>
        <p className="mt-1 text-sm text-stone-600">{t('tasks.intro')}</p>
      </div>
      <StatementUpload />
      <div className="flex flex-wrap items-center gap-3">
        <FilterSelect
          id="payment-tasks-state"
          label={t('tasks.stateLabel')}
          value={state === 'open' ? undefined : state}
          allLabel={t('tasks.states.open')}
          options={[{ value: 'resolved', label: t('tasks.states.resolved') }]}
          onChange={(value) => {
            setDone(null);
            onParams({ state: value, cursor: undefined });
          }}
          className="sm:w-52"
        />
      </div>
      {done && <SuccessBanner>{done}</SuccessBanner>}
      <ListBody
        query={tasks}
        empty={{
          icon: <HandCoins className="size-8" aria-hidden />,
          title: t(`tasks.empty.${state}`),
          description: t(`tasks.emptyHint.${state}`),
        }}
        onCursor={(cursor) => onParams({ cursor })}
      >
        {(items) => (
          <RowList>
            {items.map((task) => (
              <TaskRow key={task.id} task={task} onDone={setDone} />
            ))}
          </RowList>
        )}
      </ListBody>
    </div>
  );
}

function TaskRow({ task, onDone }: { task: PaymentTaskView; onDone: (text: string) => void }) {
  const { t } = useTranslation('finance');
  const [open, setOpen] = useState<PaymentTaskAction | null>(null);
  const method =
    task.method === 'va'
      ? t('tasks.methods.va', { bank: task.channel })
      : task.method
        ? t(`tasks.methods.${task.method}`)
        : null;

  return (
    <li className="space-y-3 p-4" data-testid="payment-task">
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone={KIND_TONE[task.kind]}>{t(`tasks.kinds.${task.kind}`)}</Badge>
        {task.order && <OrderStatusBadge status={task.order.status} />}
      </div>
      {task.order ? (
        <p className="text-sm break-words text-stone-700">
          <Link to={paths.order(task.order.id)} className="font-medium text-brand-700 hover:underline">
            {t('tasks.order', { number: task.order.number })}
          </Link>{' '}
          · {t('tasks.borrower', { name: task.order.borrowerName, email: task.order.borrowerEmail })}
        </p>
      ) : (
        <p className="text-sm text-stone-700">
          {t(task.kind === 'ambiguous' ? 'tasks.noOrderAmbiguous' : 'tasks.noOrder')}
        </p>
      )}
      <dl className="grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
        <dt className="text-stone-500">{t('tasks.received')}</dt>
        <dd className="font-semibold tabular-nums text-stone-900">{formatMoney(task.amountReceived)}</dd>
        {task.amountDue !== null && (
          <>
            <dt className="text-stone-500">{t('tasks.orderTotal')}</dt>
            <dd className="tabular-nums text-stone-900">{formatMoney(task.amountDue)}</dd>
          </>
        )}
        <dt className="text-stone-500">{t('tasks.when')}</dt>
        <dd className="text-stone-900">{formatOrderDateTime(task.createdAt)}</dd>
        {method && (
          <>
            <dt className="text-stone-500">{t('tasks.paidWith')}</dt>
            <dd className="text-stone-900">{method}</dd>
          </>
        )}
        <dt className="text-stone-500">{t('tasks.reference')}</dt>
        <dd className="font-mono text-xs break-all text-stone-900 sm:text-sm">{task.providerPaymentRef}</dd>
      </dl>

      {task.resolution && (
        <div className="rounded-lg bg-stone-50 p-3 text-sm text-stone-700">
          <p className="break-words">
            {t(`tasks.resolutions.${task.resolution}`, { ref: task.refundRef ?? '', note: task.note ?? '' })}
          </p>
          {task.resolvedAt && (
            <p className="mt-1 text-xs text-stone-500">
              {t('tasks.resolvedBy', {
                name: task.resolvedByName ?? '',
                date: formatOrderDateTime(task.resolvedAt),
              })}
            </p>
          )}
        </div>
      )}

      {task.actions.length > 0 && (
        <div className="flex flex-wrap gap-2">
          {task.actions.map((action) => (
            <Button
              key={action}
              size="sm"
              variant={open === action ? 'primary' : 'secondary'}
              aria-expanded={open === action}
              onClick={() => setOpen(open === action ? null : action)}
            >
              {t(`tasks.actions.${action}`)}
            </Button>
          ))}
        </div>
      )}
      {open && task.actions.includes(open) && (
        <ActionPanel task={task} action={open} onClose={() => setOpen(null)} onDone={onDone} />
      )}
    </li>
  );
}

function ActionPanel({
  task,
  action,
  onClose,
  onDone,
}: {
  task: PaymentTaskView;
  action: PaymentTaskAction;
  onClose: () => void;
  onDone: (text: string) => void;
}) {
  const { t } = useTranslation('finance');
  const resolve = useResolvePaymentTask();
  const [bankReference, setBankReference] = useState('');
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const formId = useId();
  const amount = formatMoney(task.amountReceived);

  const submit = (input: Parameters<typeof resolve.mutate>[0]) => {
    setProblem(null);
    resolve.mutate(input, {
      onSuccess: (resolved) => {
        const key =
          resolved.resolution === 'refunded' || resolved.resolution === 'refund_recorded'
            ? task.order
              ? resolved.resolution
              : 'refundedNoOrder'
            : (resolved.resolution ?? 'dismissed');
        onDone(t(`tasks.done.${key}`));
      },
      onError: (err) =>
        setProblem(
          err instanceof ApiError && err.code === 'PAYMENT_REFUND_FAILED'
            ? t('tasks.refund.failed')
            : errorMessage(err, t('tasks.actionFailed')),
        ),
    });
  };

  const handForm = (
    <form
      className="flex flex-col gap-2 sm:flex-row sm:items-end"
      onSubmit={(e) => {
        e.preventDefault();
        submit({ id: task.id, action: 'refund', bankReference });
      }}
    >
      <Field label={t('tasks.refund.bankReference')} htmlFor={`${formId}-ref`} className="flex-1">
        <Input
          id={`${formId}-ref`}
          value={bankReference}
          maxLength={100}
          required
          onChange={(e) => setBankReference(e.target.value)}
        />
      </Field>
      <Button type="submit" size="sm" loading={resolve.isPending} className="sm:mb-0.5">
        {t('tasks.refund.record')}
      </Button>
    </form>
  );

  return (
    <div className="space-y-3 rounded-lg border border-stone-200 bg-stone-50 p-3 text-sm">
      {action === 'refund' &&
        (task.refundThroughProvider ? (
          <>
            <p className="text-stone-700">{t('tasks.refund.provider', { amount })}</p>
            <Button
              size="sm"
              loading={resolve.isPending}
              onClick={() => submit({ id: task.id, action: 'refund' })}
            >
              {t('tasks.refund.providerButton', { amount })}
            </Button>
            <p className="text-stone-600">{t('tasks.refund.byHandInstead')}</p>
            {handForm}
          </>
        ) : (
          <>
            <p className="text-stone-700">
              {t(task.order ? 'tasks.refund.byHand' : 'tasks.refund.byHandNoOrder', { amount })}
            </p>
            {handForm}
          </>
        ))}
      {action === 'revive' && (
        <>
          <p className="text-stone-700">{t('tasks.revive.explain')}</p>
          <Button
            size="sm"
            loading={resolve.isPending}
            onClick={() => submit({ id: task.id, action: 'revive' })}
          >
            {t('tasks.revive.confirm')}
          </Button>
        </>
      )}
      {action === 'dismiss' && (
        <form
          className="space-y-2"
          onSubmit={(e) => {
            e.preventDefault();
            submit({ id: task.id, action: 'dismiss', note });
          }}
        >
          <p className="text-stone-700">{t('tasks.dismiss.explain')}</p>
          <Field label={t('tasks.dismiss.note')} htmlFor={`${formId}-note`}>
            <Textarea
              id={`${formId}-note`}
              rows={2}
              maxLength={300}
              required
              value={note}
              onChange={(e) => setNote(e.target.value)}
            />
          </Field>
          <Button type="submit" size="sm" loading={resolve.isPending}>
            {t('tasks.dismiss.confirm')}
          </Button>
        </form>
      )}
      {problem && <ErrorBanner>{problem}</ErrorBanner>}
      <Button size="sm" variant="ghost" onClick={onClose}>
        {t('tasks.cancel')}
      </Button>
    </div>
  );
}
