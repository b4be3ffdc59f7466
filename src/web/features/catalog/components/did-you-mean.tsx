import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FEW_RESULTS, MIN_SEARCH_LENGTH } from '@domain/constants';
import { suggestionsQuery } from '@web/features/catalog/find-api';

/**
 * "Did you mean": under a search that found no or few books, the nearest spellings from the
 * books' own words; one click searches again.
 */
export function DidYouMean({ q, found, onPick }: { q: string; found: number; onPick: (q: string) => void }) {
  const { t } = useTranslation('find');
  const asks = q.length >= MIN_SEARCH_LENGTH && found < FEW_RESULTS;
  const query = useQuery({ ...suggestionsQuery(q), enabled: asks });
  const items = asks ? (query.data?.items ?? []) : [];
  if (items.length === 0) return null;
  return (
    <p
      data-testid="did-you-mean"
      className="mb-4 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-stone-700"
    >
      <span>{t('didYouMean.label')}</span>
      {items.map((suggestion, i) => (
        <span key={suggestion}>
          <button
            type="button"
            onClick={() => onPick(suggestion)}
            className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-900"
          >
            {suggestion}
          </button>
          {i < items.length - 1 ? ',' : '?'}
        </span>
      ))}
    </p>
  );
}
