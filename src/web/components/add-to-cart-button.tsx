import { formatShortDay } from '@web/lib/format';
import { Check, Plus } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { BookSummary } from '@domain/api-types';
import { ADD_ERROR_DISPLAY_MS } from '@domain/constants';
import { Button } from '@web/components/ui/button';
import { cn } from '@web/components/ui/cn';
import { errorMessage } from '@web/lib/api';
import { signInPath, useSession } from '@web/lib/session';
import { useAddToCart, useCartBookIds } from '@web/features/cart/api';
import { AddErrorBubble } from './add-error-bubble';
import { paths } from '@web/lib/paths';

/**
 * The add button of a book card and the detail page (spec: Add, Added, Unavailable, Your Book).
 * The labels only mirror the server's add-to-cart rules; the server decides and its message is
 * shown for ADD_ERROR_DISPLAY_MS next to the button.
 */
export function AddToCartButton({
  book,
  className,
  size = 'sm',
}: {
  book: BookSummary;
  className?: string;
  size?: 'sm' | 'md' | 'lg';
}) {
  const { t } = useTranslation('cart');
  const { user } = useSession();
  const navigate = useNavigate();
  const inCart = useCartBookIds().has(book.id);
  const add = useAddToCart();
  const [error, setError] = useState<string | null>(null);
  const anchor = useRef<HTMLSpanElement>(null);

  useEffect(() => {
    if (!error) return;
    const timer = setTimeout(() => setError(null), ADD_ERROR_DISPLAY_MS);
    return () => clearTimeout(timer);
  }, [error]);

  const onAdd = () => {
    if (!user) {
      // A guest signs in first and comes back to the book with it added (the URL carries both).
      navigate(signInPath(paths.book(book.id), book.id));
      return;
    }
    setError(null);
    add.mutate(book.id, { onError: (err) => setError(errorMessage(err, t('errors.addFailed'))) });
  };

  let button: React.ReactNode;
  if (user?.id === book.ownerId) {
    button = (
      <Button size={size} variant="secondary" disabled className={className}>
        {t('add.yourBook')}
      </Button>
    );
  } else if (book.availability === 'away' && book.backOn) {
    // The owner is away; the book can be added from the day they are back.
    button = (
      <Button size={size} variant="secondary" disabled className={className}>
        {t('add.away', { date: formatShortDay(book.backOn) })}
      </Button>
    );
  } else if (book.availability !== 'available') {
    button = (
      <Button size={size} variant="secondary" disabled className={className}>
        {t('add.unavailable')}
      </Button>
    );
  } else if (inCart) {
    button = (
      <Button size={size} variant="outline" disabled className={cn('disabled:opacity-80', className)}>
        <Check className="size-4" aria-hidden />
        {t('add.added')}
      </Button>
    );
  } else {
    button = (
      <Button size={size} className={className} onClick={onAdd} loading={add.isPending}>
        {!add.isPending && <Plus className="size-4" aria-hidden />}
        {t('add.add')}
      </Button>
    );
  }

  // The error stays its full time even when the refreshed cart changes the button under it.
  return (
    <span ref={anchor} className="inline-flex">
      {button}
      {error && <AddErrorBubble anchor={anchor} message={error} />}
    </span>
  );
}
