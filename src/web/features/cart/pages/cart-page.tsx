import { ShoppingCart } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ButtonLink } from '@web/components/ui/button';
import { Container, PageHeader } from '@web/components/ui/card';
import { ConfirmDialog } from '@web/components/ui/dialog';
import { EmptyState, ErrorBanner } from '@web/components/ui/feedback';
import { QueryState } from '@web/components/query-state';
import { errorMessage } from '@web/lib/api';
import {
  useCart,
  useClearCart,
  useRemoveCartItem,
  useRemoveOwnerItems,
  useSetOwnerDuration,
  validateCart,
} from '@web/features/cart/api';
import { CartSummary } from '@web/features/cart/components/cart-summary';
import { OwnerGroupCard } from '@web/features/cart/components/owner-group-card';
import { ValidationProblems } from '@web/components/validation-problems';
import { PageTitle } from '@web/components/ui/page-title';
import type { FieldProblem } from '@domain/error-codes';

export default function CartPage() {
  const { t } = useTranslation('cart');
  const navigate = useNavigate();
  const cart = useCart();
  const removeItem = useRemoveCartItem();
  const removeOwner = useRemoveOwnerItems();
  const clearCart = useClearCart();
  const setDuration = useSetOwnerDuration();
  const [error, setError] = useState<string | null>(null);
  const [problems, setProblems] = useState<FieldProblem[]>([]);
  const [validating, setValidating] = useState(false);
  const [confirmClear, setConfirmClear] = useState(false);

  const busy = removeItem.isPending || removeOwner.isPending || clearCart.isPending || setDuration.isPending;
  const failWith = (fallback: string) => (err: unknown) => setError(errorMessage(err, fallback));
  const startAction = () => {
    setError(null);
    setProblems([]);
  };

  const proceed = async () => {
    startAction();
    setValidating(true);
    try {
      const result = await validateCart();
      if (result.ok) navigate('/checkout');
      else setProblems(result.problemCodes);
    } catch {
      setError(t('errors.validate'));
    } finally {
      setValidating(false);
    }
  };

  const body = (
    <QueryState
      query={cart}
      loading={t('loading')}
      failed={t('errors.load')}
      isEmpty={(data) => data.groups.length === 0}
      empty={
        <EmptyState
          icon={<ShoppingCart className="size-10" aria-hidden />}
          title={t('empty.title')}
          description={t('empty.description')}
          action={<ButtonLink to="/books">{t('empty.browse')}</ButtonLink>}
        />
      }
    >
      {(data) => (
        <div className="grid gap-6 lg:grid-cols-3 lg:items-start">
          <div className="space-y-4 lg:col-span-2">
            {data.groups.map((group) => (
              <OwnerGroupCard
                key={group.ownerId}
                group={group}
                busy={busy}
                // Spec 8: a failed duration update is silently ignored; the refetch shows the truth.
                onDurationChange={(borrowDuration) => {
                  startAction();
                  setDuration.mutate({ ownerId: group.ownerId, borrowDuration });
                }}
                onRemoveItem={(item) => {
                  startAction();
                  removeItem.mutate(item.id, { onError: failWith(t('errors.remove')) });
                }}
                onRemoveAll={() => {
                  startAction();
                  removeOwner.mutate(group.ownerId, { onError: failWith(t('errors.removeOwner')) });
                }}
              />
            ))}
          </div>
          <CartSummary
            cart={data}
            validating={validating}
            busy={busy}
            onProceed={proceed}
            onClear={() => setConfirmClear(true)}
          />
        </div>
      )}
    </QueryState>
  );

  return (
    <Container className="py-8 sm:py-10">
      <PageTitle title={t('title')} />
      <PageHeader
        title={t('title')}
        description={cart.data && cart.data.count > 0 ? t('subtitle', { count: cart.data.count }) : undefined}
      />
      <div className="space-y-4">
        {error && <ErrorBanner>{error}</ErrorBanner>}
        <ValidationProblems title={t('errors.problems')} problems={problems} />
        {body}
      </div>
      <ConfirmDialog
        open={confirmClear}
        onOpenChange={setConfirmClear}
        title={t('clearDialog.title')}
        description={t('clearDialog.description')}
        confirmLabel={t('clearDialog.confirm')}
        cancelLabel={t('clearDialog.cancel')}
        loading={clearCart.isPending}
        onConfirm={() => {
          startAction();
          clearCart.mutate(undefined, {
            onError: failWith(t('errors.clear')),
            onSettled: () => setConfirmClear(false),
          });
        }}
      />
    </Container>
  );
}
