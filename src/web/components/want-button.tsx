import { BellPlus, Check } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Button, ButtonLink } from '@web/components/ui/button';
import { errorMessage } from '@web/lib/api';
import { signInPath, useSession } from '@web/lib/session';
import { useAddWanted } from '@web/features/wanted/api';
import type { WantedRequest } from '@domain/wanted-types';

/**
 * Adds a wanted book from where the member looks for it: a search that found nothing to
 * borrow ("Tell me when it is listed", the search's words as a title) or the page of a book out
 * now ("Tell me when any copy can be borrowed": its title, author and ISBN). A guest signs in
 * first.
 */
// Its labels are long (in Indonesian most of all): on a phone the button wraps instead of
// running past the screen's edge.
const WRAPS = 'h-auto! min-h-10 py-2 whitespace-normal! text-left';

export function WantButton({
  wanted,
  name,
  label,
}: {
  wanted: WantedRequest;
  /** What the confirmation calls it: the search's words or the book's title. */
  name: string;
  label: string;
}) {
  const { t } = useTranslation('find');
  const { user } = useSession();
  const location = useLocation();
  const add = useAddWanted();
  const [error, setError] = useState<string | null>(null);
  if (!user)
    return (
      <ButtonLink
        to={signInPath(`${location.pathname}${location.search}`)}
        variant="outline"
        className={WRAPS}
      >
        <BellPlus className="size-4" aria-hidden />
        {label}
      </ButtonLink>
    );
  if (add.isSuccess)
    return (
      <p
        role="status"
        className="flex items-center gap-1.5 text-sm text-green-800"
        data-testid="wanted-added"
      >
        <Check className="size-4" aria-hidden />
        {t('wanted.added', { words: name })}{' '}
        <Link to="/wanted" className="font-semibold underline">
          {t('wanted.seeList')}
        </Link>
      </p>
    );
  return (
    <div className="flex max-w-full flex-col items-center gap-1">
      <Button
        variant="outline"
        className={WRAPS}
        loading={add.isPending}
        onClick={() => {
          setError(null);
          add.mutate(wanted, { onError: (err) => setError(errorMessage(err, t('wanted.addFailed'))) });
        }}
      >
        <BellPlus className="size-4" aria-hidden />
        {label}
      </Button>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
