import '@web/lib/words/admin';
import { Search, X } from 'lucide-react';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/field';

/** Search box (searched on the server) and the tab's filters. */
export function ListToolbar({
  id,
  query,
  placeholder,
  onSearch,
  children,
}: {
  id: string;
  query: string;
  placeholder: string;
  onSearch: (q: string) => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation('admin');
  const [text, setText] = useState(query);
  useEffect(() => setText(query), [query]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch(text.trim());
  };

  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
      <form onSubmit={submit} className="flex flex-1 gap-2">
        <div className="relative flex-1">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-stone-400"
            aria-hidden
          />
          <Input
            id={`${id}-search`}
            type="search"
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder={placeholder}
            aria-label={placeholder}
            className="pl-9"
            maxLength={100}
          />
        </div>
        <Button type="submit" variant="outline">
          {t('search.submit')}
        </Button>
        {query && (
          <Button variant="ghost" onClick={() => onSearch('')} aria-label={t('search.clear')}>
            <X className="size-4" aria-hidden />
            <span className="hidden sm:inline">{t('search.clear')}</span>
          </Button>
        )}
      </form>
      {children && <div className="flex gap-2">{children}</div>}
    </div>
  );
}
