import type { BookSummary } from '../../../../domain/api-types';
import { Button } from '../../../components/ui/button';
import { useSession } from '../../../lib/session';

// The add button of a book card (spec: Add, Added, Unavailable, Your Book).
// (The cart work replaces this with the real behaviour.)
export function AddToCartButton({ book, className }: { book: BookSummary; className?: string }) {
  const { user } = useSession();
  if (user?.id === book.ownerId) {
    return (
      <Button size="sm" variant="secondary" disabled className={className}>
        Your Book
      </Button>
    );
  }
  if (book.availability !== 'available') {
    return (
      <Button size="sm" variant="secondary" disabled className={className}>
        Unavailable
      </Button>
    );
  }
  return (
    <Button size="sm" className={className}>
      Add
    </Button>
  );
}
