import { ArrowRight, Search } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { MIN_SEARCH_LENGTH } from '@domain/constants';
import { cn } from '@web/components/ui/cn';
import { paths } from '@web/lib/paths';

/**
 * The catalog search (spec: All Books): submit trims the text and does nothing when it is
 * empty; on a category page it stays in the category, everywhere else it goes to /books?q=.
 * `onSearch` replaces the navigation (the owner shelf searches within the shelf).
 */
export function SearchBox({
  category,
  initialQuery = '',
  size = 'md',
  className,
  onSearch,
}: {
  category?: string;
  initialQuery?: string;
  size?: 'md' | 'lg';
  className?: string;
  onSearch?: (q: string) => void;
}) {
  const { t } = useTranslation('catalog');
  const navigate = useNavigate();
  const [text, setText] = useState(initialQuery);
  const [tooShort, setTooShort] = useState(false);
  const hintId = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    const q = text.trim();
    if (!q) return;
    // One or two letters find nothing an index can serve: the API refuses them (SEARCH_TOO_SHORT).
    setTooShort(q.length < MIN_SEARCH_LENGTH);
    if (q.length < MIN_SEARCH_LENGTH) return;
    if (onSearch) return onSearch(q);
    const base = category ? paths.category(category) : '/books';
    navigate(`${base}?q=${encodeURIComponent(q)}`);
  }

  return (
    <search className={cn('w-full', className)}>
      <form onSubmit={submit} className="flex w-full gap-2">
        <label className="relative flex-1">
          <span className="sr-only">{t('search.label')}</span>
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-stone-400"
            aria-hidden
          />
          <input
            type="search"
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              setTooShort(false);
            }}
            aria-invalid={tooShort || undefined}
            aria-describedby={tooShort ? hintId : undefined}
            placeholder={t('search.placeholder')}
            className={cn(
              'w-full rounded-xl border border-stone-300 bg-white pr-3 pl-10 text-stone-900 shadow-xs placeholder:text-stone-400 focus:outline-2 focus:outline-brand-600',
              size === 'lg' ? 'h-12 text-base' : 'h-11 text-base sm:h-10 sm:text-sm',
            )}
          />
        </label>
        <button
          type="submit"
          className={cn(
            'inline-flex items-center justify-center rounded-xl bg-brand-700 px-3 font-medium sm:px-5 text-white hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
            size === 'lg' ? 'h-12 max-sm:w-12' : 'h-11 max-sm:w-11 sm:h-10',
          )}
        >
          {/* Phones get an arrow so the placeholder keeps its full width. */}
          <span className="max-sm:sr-only">{t('search.submit')}</span>
          <ArrowRight className="size-5 sm:hidden" aria-hidden />
        </button>
      </form>
      {tooShort && (
        <p id={hintId} role="alert" className="mt-1.5 text-sm text-red-700">
          {t('errors:codes.SEARCH_TOO_SHORT', { min: MIN_SEARCH_LENGTH })}
        </p>
      )}
    </search>
  );
}
