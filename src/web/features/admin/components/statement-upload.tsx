import '@web/lib/words/admin';
import { FileSpreadsheet } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  STATEMENT_LINE_OUTCOMES,
  type StatementImport,
  type StatementLineOutcome,
} from '@domain/gateway-types';
import { formatMoney } from '@domain/money';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { ErrorBanner } from '@web/components/ui/feedback';
import { useUploadStatement } from '@web/features/admin/finance-api';
import { errorMessage } from '@web/lib/api';
import { paths } from '@web/lib/paths';

// The statement adapter on the Payment tasks tab: the admin uploads the bank's statement and
// sees what became of each credit line. Matched lines paid their order; ambiguous, unmatched,
// late and second payments are tasks, listed below until resolved; lines of an earlier
// upload changed nothing. A file that does not read is refused whole, naming its line.

const OUTCOME_TONE = {
  matched: 'green',
  ambiguous: 'amber',
  unmatched: 'neutral',
  late: 'amber',
  second_payment: 'violet',
  already_imported: 'neutral',
} as const satisfies Record<StatementLineOutcome, string>;

export function StatementUpload() {
  const { t } = useTranslation('finance');
  const upload = useUploadStatement();
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [result, setResult] = useState<StatementImport | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setProblem(null);
    if (!file) {
      setProblem(t('statement.choose'));
      return;
    }
    upload.mutate(file, {
      onSuccess: (answer) => setResult(answer),
      onError: (err) => {
        setResult(null);
        setProblem(errorMessage(err, t('statement.failed')));
      },
    });
  };

  return (
    <section
      aria-labelledby={`${inputId}-title`}
      className="rounded-2xl border border-stone-200 bg-white p-4 shadow-xs"
      data-testid="statement-upload"
    >
      <h2 id={`${inputId}-title`} className="flex items-center gap-2 font-semibold text-stone-900">
        <FileSpreadsheet className="size-5 text-brand-700" aria-hidden />
        {t('statement.title')}
      </h2>
      <p className="mt-1 text-sm text-stone-600">{t('statement.intro')}</p>
      <form onSubmit={submit} className="mt-3 space-y-3" noValidate>
        {problem && <ErrorBanner>{problem}</ErrorBanner>}
        <div className="space-y-1">
          <label htmlFor={inputId} className="text-sm font-medium text-stone-700">
            {t('statement.file')}
          </label>
          <input
            id={inputId}
            type="file"
            accept=".csv,text/csv,text/plain"
            className="block w-full text-sm text-stone-700 file:mr-3 file:rounded-lg file:border-0 file:bg-stone-100 file:px-3 file:py-2 file:text-sm file:font-medium"
            onChange={(e) => {
              setFile(e.target.files?.[0] ?? null);
              setProblem(null);
            }}
          />
          <p className="text-xs text-stone-500">{t('statement.hint')}</p>
        </div>
        <Button type="submit" loading={upload.isPending} className="w-full sm:w-auto">
          {t('statement.upload')}
        </Button>
      </form>
      {result && <StatementResult result={result} />}
    </section>
  );
}

function StatementResult({ result }: { result: StatementImport }) {
  const { t } = useTranslation('finance');
  const counts = STATEMENT_LINE_OUTCOMES.map((outcome) => ({
    outcome,
    count: result.lines.filter((l) => l.outcome === outcome).length,
  })).filter((c) => c.count > 0);
  return (
    <div className="mt-4 space-y-3" data-testid="statement-result" role="status">
      <p className="text-sm font-medium text-stone-900">
        {result.lines.length === 0
          ? t('statement.noCredits', { layout: t(`statement.layouts.${result.layout}`) })
          : t('statement.read', {
              count: result.lines.length,
              layout: t(`statement.layouts.${result.layout}`),
            })}
      </p>
      {counts.length > 0 && (
        <ul className="flex flex-wrap gap-2">
          {counts.map(({ outcome, count }) => (
            <li key={outcome}>
              <Badge tone={OUTCOME_TONE[outcome]}>{t(`statement.counts.${outcome}`, { count })}</Badge>
            </li>
          ))}
        </ul>
      )}
      <ul className="divide-y divide-stone-200 rounded-xl border border-stone-200">
        {result.lines.map((line) => (
          <li key={line.line} className="space-y-1 p-3 text-sm" data-testid="statement-line">
            <div className="flex flex-wrap items-center gap-2">
              <Badge tone={OUTCOME_TONE[line.outcome]}>{t(`statement.outcomes.${line.outcome}`)}</Badge>
              <span className="font-semibold tabular-nums text-stone-900">{formatMoney(line.amount)}</span>
              <span className="text-stone-500">
                {t('statement.line', { line: line.line, date: line.bookedOn })}
              </span>
            </div>
            <p className="break-words text-stone-700">{line.description}</p>
            {line.orders.length > 0 && (
              <p className="flex flex-wrap gap-x-3 text-stone-700">
                {line.orders.map((order) => (
                  <Link
                    key={order.id}
                    to={paths.order(order.id)}
                    className="font-medium text-brand-700 hover:underline"
                  >
                    {t('tasks.order', { number: order.number })}
                  </Link>
                ))}
              </p>
            )}
            <p className="text-xs text-stone-500">{t(`statement.explain.${line.outcome}`)}</p>
          </li>
        ))}
      </ul>
    </div>
  );
}
