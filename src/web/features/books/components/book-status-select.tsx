import '@web/lib/words/books';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@web/lib/toast';
import type { ManagedBook } from '@domain/api-types';
import { Select } from '@web/components/ui/field';
import { errorMessage } from '@web/lib/api';
import { useSetBookStatus } from '@web/features/books/api';

/**
 * Owners switch their own book between Available and Unavailable. A book in an open order
 * (D6) or Borrowed follows its order, so the control is locked; the server refuses it too.
 */
export function BookStatusSelect({ book }: { book: ManagedBook }) {
  const { t } = useTranslation('books');
  const id = useId();
  const setStatus = useSetBookStatus();
  const locked = book.inOpenOrder || book.status === 'Borrowed';

  if (locked) {
    return <p className="text-xs text-stone-500">{t('manage.statusLocked')}</p>;
  }
  return (
    <div className="w-40">
      <label htmlFor={id} className="sr-only">
        {t('manage.statusLabel', { title: book.title })}
      </label>
      <Select
        id={id}
        value={book.status}
        disabled={setStatus.isPending}
        onChange={(event) =>
          setStatus.mutate(
            { bookId: book.id, status: event.target.value as 'Available' | 'Unavailable' },
            { onError: (err) => toast.error(errorMessage(err, t('manage.statusFailed'))) },
          )
        }
      >
        <option value="Available">{t('manage.available')}</option>
        <option value="Unavailable">{t('manage.unavailable')}</option>
      </Select>
    </div>
  );
}
