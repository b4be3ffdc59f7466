import '@web/lib/words/admin';
import { Mail, RotateCcw, Send } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { ErrorBanner, SuccessBanner } from '@web/components/ui/feedback';
import { ApiError, errorMessage } from '@web/lib/api';
import { formatOrderDateTime } from '@web/lib/format';
import { useAdminEmails, useProcessEmails, useRetryEmails } from '@web/features/admin/api';
import { ListTab } from './list-tab';
import { RowList } from './row-list';
import type { TabProps } from './tab-props';
import { paths } from '@web/lib/paths';

type Outcome = { tone: 'success' | 'error'; text: string } | null;

export function EmailsTab({
  params,
  onParams,
  pendingCount,
}: TabProps & { pendingCount: number | undefined }) {
  const { t } = useTranslation('admin');
  const emailTypeWords = useEmailTypeWords();
  const emails = useAdminEmails(params);
  const processEmails = useProcessEmails();
  const retryEmails = useRetryEmails();
  const [outcome, setOutcome] = useState<Outcome>(null);

  /** One failed email (its id) or all of them (null): due now, sent by the worker right away. */
  const retry = (emailId: string | null) => {
    setOutcome(null);
    retryEmails.mutate(emailId, {
      onSuccess: ({ retried }) =>
        setOutcome({ tone: 'success', text: t('emails.retried', { count: retried }) }),
      onError: (err) =>
        setOutcome({
          tone: 'error',
          text: err instanceof ApiError && err.message ? err.message : t('emails.retryFailed'),
        }),
    });
  };

  const process = () => {
    setOutcome(null);
    processEmails.mutate(undefined, {
      onSuccess: (result) => {
        if ('configuration_required' in result)
          setOutcome({ tone: 'error', text: t('emails.notConfigured') });
        else if (result.success)
          setOutcome({
            tone: 'success',
            text:
              result.failed > 0
                ? `${t('emails.processed')}. ${t('emails.someFailed', { count: result.failed })}`
                : t('emails.processed'),
          });
        else setOutcome({ tone: 'error', text: t('emails.failed', { message: result.error }) });
      },
      onError: (err) =>
        setOutcome({
          tone: 'error',
          text:
            err instanceof ApiError && err.status > 0 && err.status < 500
              ? t('emails.failed', { message: errorMessage(err, t('emails.processFailed')) })
              : t('emails.processFailed'),
        }),
    });
  };

  return (
    <div className="space-y-4">
      <div className="flex flex-col gap-3 rounded-2xl border border-stone-200 bg-white p-4 shadow-xs sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h2 className="font-semibold text-stone-900">{t('emails.title')}</h2>
          <p className="text-sm text-stone-600">
            {pendingCount === undefined ? t('emails.hint') : t('emails.pending', { count: pendingCount })}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="secondary"
            onClick={() => retry(null)}
            loading={retryEmails.isPending && retryEmails.variables === null}
          >
            <RotateCcw className="size-4" aria-hidden />
            {t('emails.retryAll')}
          </Button>
          <Button onClick={process} loading={processEmails.isPending}>
            <Send className="size-4" aria-hidden />
            {t('emails.process')}
          </Button>
        </div>
      </div>
      {outcome?.tone === 'success' && <SuccessBanner>{outcome.text}</SuccessBanner>}
      {outcome?.tone === 'error' && <ErrorBanner>{outcome.text}</ErrorBanner>}

      <ListTab
        id="emails"
        params={params}
        onParams={onParams}
        searchPlaceholder={t('search.emails')}
        filter={{
          param: 'state',
          label: t('emails.stateFilter'),
          allLabel: t('emails.allStates'),
          options: (['pending', 'failed', 'sent'] as const).map((s) => ({
            value: s,
            label: t(`emails.states.${s}`),
          })),
          className: 'sm:w-44',
        }}
        query={emails}
        empty={{
          icon: <Mail className="size-8" aria-hidden />,
          title: t('emails.empty'),
          description: t('emails.emptyHint'),
        }}
      >
        {(items) => (
          <RowList>
            {items.map((email) => (
              <li key={email.id} className="flex flex-col gap-2 p-4 md:flex-row md:items-start md:gap-4">
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium text-stone-900">{email.subject}</p>
                  <p className="truncate text-sm text-stone-600">
                    {email.recipientEmail}{' '}
                    <span className="text-stone-500">
                      ·{' '}
                      {t(`emails.recipientTypes.${email.recipientType}`, {
                        defaultValue: email.recipientType,
                      })}
                    </span>
                  </p>
                  <p className="mt-1 flex flex-wrap gap-x-3 gap-y-1 text-xs text-stone-500">
                    <span
                      className="rounded bg-stone-100 px-1.5 py-0.5 text-stone-700"
                      title={email.emailType}
                    >
                      {emailTypeWords(email.emailType)}
                    </span>
                    {email.orderId && email.orderNumber && (
                      <Link to={paths.order(email.orderId)} className="text-brand-700 hover:underline">
                        {t('emails.order', { number: email.orderNumber })}
                      </Link>
                    )}
                    <span>{t('emails.created', { date: formatOrderDateTime(email.createdAt) })}</span>
                  </p>
                  {email.lastError && (
                    <p className="mt-1 text-xs break-words text-red-700">
                      {t('emails.lastError', { error: email.lastError })}
                    </p>
                  )}
                </div>
                <div className="flex items-center gap-2 md:flex-col md:items-end">
                  {email.sentAt ? (
                    <Badge tone="green">{t('emails.states.sent')}</Badge>
                  ) : email.failedAt ? (
                    <Badge tone="red">{t('emails.states.failed')}</Badge>
                  ) : (
                    <Badge tone="amber">{t('emails.states.pending')}</Badge>
                  )}
                  {email.failedAt && !email.sentAt && (
                    <Button
                      size="sm"
                      variant="secondary"
                      onClick={() => retry(email.id)}
                      loading={retryEmails.isPending && retryEmails.variables === email.id}
                    >
                      {t('emails.retry')}
                    </Button>
                  )}
                  {email.sentAt && (
                    <span className="text-xs text-stone-500">
                      {t('emails.sentAt', { date: formatOrderDateTime(email.sentAt) })}
                    </span>
                  )}
                  <span className="text-xs text-stone-500">
                    {t('emails.attempts', { count: email.attempts })}
                  </span>
                </div>
              </li>
            ))}
          </RowList>
        )}
      </ListTab>
    </div>
  );
}

/**
 * An email type in words ("Overdue reminder"), from the catalogue; a type it does not
 * know yet reads as its name with spaces, never as a code.
 */
function useEmailTypeWords() {
  const { t } = useTranslation('admin');
  return (type: string) => {
    // overdue_1, overdue_8, ...: the day it was armed for, not how late the loan was when sent.
    if (/^loan_reminder_overdue_\d+$/.test(type)) return t('emails.types.loan_reminder_overdue');
    const words = type.replace(/_/g, ' ');
    return t(`emails.types.${type}`, { defaultValue: words.charAt(0).toUpperCase() + words.slice(1) });
  };
}
