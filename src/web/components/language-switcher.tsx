import { Languages } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { UI_LANGUAGES } from '@domain/ui-language';
import { cn } from '@web/components/ui/cn';
import { currentLanguage } from '@web/lib/i18n';
import { useChooseLanguage } from '@web/lib/language';

/**
 * English / Bahasa Indonesia, in the header (short labels) and the footer (full names).
 * Switching keeps the page: only the words change.
 */
export function LanguageSwitcher({ variant }: { variant: 'header' | 'footer' }) {
  const { t } = useTranslation();
  const choose = useChooseLanguage();
  const shown = currentLanguage();
  return (
    <fieldset className={cn('flex items-center', variant === 'header' ? 'gap-0.5' : 'gap-2')}>
      <legend className="sr-only">{t('language.choose')}</legend>
      {variant === 'footer' && <Languages className="size-4 text-stone-500" aria-hidden />}
      {UI_LANGUAGES.map((lang) => (
        <button
          key={lang}
          type="button"
          lang={lang}
          aria-pressed={shown === lang}
          onClick={() => void choose(lang)}
          className={cn(
            'rounded-md font-medium transition-colors',
            variant === 'header' ? 'px-2 py-1 text-xs uppercase' : 'px-1 py-0.5 text-sm',
            shown === lang
              ? 'bg-brand-50 text-brand-800'
              : 'text-stone-600 hover:bg-stone-100 hover:text-stone-900',
          )}
        >
          {variant === 'header' ? (
            // The name starts with what is shown ("EN English"), so a voice command naming the
            // visible label finds it (label-in-name).
            <>
              {lang}
              <span className="sr-only"> {t(`language.${lang}`)}</span>
            </>
          ) : (
            t(`language.${lang}`)
          )}
        </button>
      ))}
    </fieldset>
  );
}
