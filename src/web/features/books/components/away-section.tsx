import '@web/lib/words/books';
import { useQuery } from '@tanstack/react-query';
import { Plane } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { DayInput } from '@web/components/ui/day-input';
import { ErrorBanner } from '@web/components/ui/feedback';
import { errorMessage } from '@web/lib/api';
import { formatDay, operatorToday } from '@web/lib/format';
import { myAwayQuery, useClearAway, useSetAway } from '@web/features/away/api';

/**
 * The owner's away dates, on their Manage books page. While away their books show "Back on
 * <day>" and wait; running loans go on.
 */
export function AwaySection() {
  const { t } = useTranslation('books');
  const query = useQuery(myAwayQuery);
  const away = query.data?.away ?? null;
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [editing, setEditing] = useState(false);
  const save = useSetAway();
  const clear = useClearAway();
  const error = save.error ?? clear.error;
  const today = operatorToday();

  if (query.isPending || query.isError) return null;
  const showForm = !away || editing;

  const onSave = (e: React.FormEvent) => {
    e.preventDefault();
    save.mutate({ from, to }, { onSuccess: () => setEditing(false) });
  };
  const startEdit = () => {
    setFrom(away?.from ?? '');
    setTo(away?.to ?? '');
    setEditing(true);
  };

  return (
    <section data-testid="away-section" aria-labelledby="away-title" className="mb-6">
      <Card>
        <div className="flex items-start gap-3">
          <Plane className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden />
          <div className="min-w-0 flex-1">
            <h2 id="away-title" className="font-semibold text-stone-900">
              {t('away.title')}
            </h2>
            {away ? (
              <p className="mt-1 text-sm text-stone-700" data-testid="away-status">
                {t(away.now ? 'away.awayNow' : 'away.awaySoon', {
                  from: formatDay(away.from),
                  to: formatDay(away.to),
                  backOn: formatDay(away.backOn),
                })}
              </p>
            ) : (
              <p className="mt-1 text-sm text-stone-600">{t('away.explain')}</p>
            )}
            {away && !editing && (
              <div className="mt-3 flex flex-wrap gap-2">
                <Button size="sm" variant="outline" onClick={startEdit}>
                  {t('away.change')}
                </Button>
                <Button
                  size="sm"
                  variant="secondary"
                  loading={clear.isPending}
                  onClick={() => clear.mutate()}
                >
                  {t(away.now ? 'away.back' : 'away.cancel')}
                </Button>
              </div>
            )}
            {showForm && (
              <form onSubmit={onSave} className="mt-3 flex flex-wrap items-end gap-x-3 gap-y-7">
                <div>
                  <label htmlFor="away-from" className="mb-1 block text-sm font-medium text-stone-800">
                    {t('away.from')}
                  </label>
                  <DayInput
                    id="away-from"
                    min={today}
                    value={from}
                    onChange={setFrom}
                    className="w-44"
                    required
                  />
                </div>
                <div>
                  <label htmlFor="away-to" className="mb-1 block text-sm font-medium text-stone-800">
                    {t('away.to')}
                  </label>
                  <DayInput
                    id="away-to"
                    min={from || today}
                    value={to}
                    onChange={setTo}
                    className="w-44"
                    required
                  />
                </div>
                <Button type="submit" loading={save.isPending}>
                  {t('away.save')}
                </Button>
              </form>
            )}
            {error && <ErrorBanner className="mt-6">{errorMessage(error, t('away.failed'))}</ErrorBanner>}
          </div>
        </div>
      </Card>
    </section>
  );
}
