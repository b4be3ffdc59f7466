import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** 'Results for "q"' with a way back to the unsearched listing (an empty submit does nothing, by the spec). */
export function SearchSummary({ q, onClear }: { q: string; onClear: () => void }) {
  const { t } = useTranslation('catalog');
  if (!q) return null;
  return (
    <p className="mt-3 flex flex-wrap items-center gap-2 text-sm text-stone-600">
      {t('search.resultsFor', { q })}
      <button
        type="button"
        onClick={onClear}
        className="inline-flex items-center gap-1 rounded-full bg-stone-200/70 px-2.5 py-0.5 text-xs font-medium text-stone-700 hover:bg-stone-300"
      >
        <X className="size-3" aria-hidden />
        {t('search.clear')}
      </button>
    </p>
  );
}
