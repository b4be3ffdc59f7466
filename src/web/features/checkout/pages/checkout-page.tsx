import '@web/lib/words/checkout';
import { ArrowLeft, ShoppingBag } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { DEFAULT_DELIVERY_METHOD, type DeliveryMethod } from '@domain/constants';
import type { DeliveryAddress } from '@domain/order-types';
import { type CheckoutRequest, checkoutSchema } from '@domain/schemas/checkout';
import { Button, ButtonLink } from '@web/components/ui/button';
import { Container, PageHeader } from '@web/components/ui/card';
import { EmptyState, ErrorBanner } from '@web/components/ui/feedback';
import { QueryState } from '@web/components/query-state';
import type { CartView } from '@domain/cart-types';
import { ApiError, errorMessage } from '@web/lib/api';
import { useSession } from '@web/lib/session';
import { useCart, validateCart } from '@web/features/cart/api';
import { ValidationProblems } from '@web/components/validation-problems';
import {
  type ConfirmationState,
  useCheckoutOptions,
  usePlaceOrder,
  useRefreshAfterCheckout,
} from '@web/features/checkout/api';
import { AddressForm } from '@web/features/checkout/components/address-form';
import { DeliveryMethodOptions } from '@web/features/checkout/components/delivery-method-options';
import { OrderReview } from '@web/features/checkout/components/order-review';
import { PickupLocationList } from '@web/features/checkout/components/pickup-location-list';
import { PageTitle } from '@web/components/ui/page-title';
import type { FieldProblem } from '@domain/error-codes';
import { fieldErrorText } from '@web/lib/error-text';

export default function CheckoutPage() {
  const { t } = useTranslation('checkout');
  const navigate = useNavigate();
  const { user } = useSession();
  const cart = useCart();
  const hasItems = (cart.data?.groups.length ?? 0) > 0;
  const options = useCheckoutOptions(hasItems);
  const placeOrder = usePlaceOrder();
  const refreshAfterCheckout = useRefreshAfterCheckout();

  // One key for the page's life: a double click or a retry after a lost answer replays the
  // same checkout on the server instead of creating a second set of orders.
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const [method, setMethod] = useState<DeliveryMethod>(DEFAULT_DELIVERY_METHOD);
  const [address, setAddress] = useState<DeliveryAddress>({
    fullName: user?.name ?? '',
    phone: user?.phone ?? '',
    address: user?.address ?? '',
  });
  const [pickupLocationId, setPickupLocationId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [problems, setProblems] = useState<FieldProblem[]>([]);
  const [showMissing, setShowMissing] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  // Set when a Place Order got no definite answer (network, 5xx): the orders may exist already,
  // so the retry goes straight to the server, which replays them for this key.
  const [answerLost, setAnswerLost] = useState(false);

  const pickupLocations = options.data?.pickupLocations ?? [];
  const pickupOffered = pickupLocations.length > 0;
  const favouriteId = options.data?.favouritePickupLocationId ?? null;
  const deliveryPrices = useMemo(
    () =>
      options.data && new Map(options.data.deliveryPrices.map((p) => [p.ownerId, p.shippingCost] as const)),
    [options.data],
  );

  // The cart can change under the page (another tab): never keep a choice that is no longer offered.
  useEffect(() => {
    if (method === 'pickup' && options.isSuccess && !pickupOffered) setMethod('delivery');
    if (pickupLocationId && !pickupLocations.some((l) => l.id === pickupLocationId))
      setPickupLocationId(null);
    // The member's favourite (offered only when every owner shares it) is their choice already;
    // otherwise the first location of the list is selected, as a visible choice they may change,
    // so a pickup checkout never starts with nothing chosen.
    else if (!pickupLocationId && favouriteId) setPickupLocationId(favouriteId);
    else if (!pickupLocationId && pickupLocations.length > 0) setPickupLocationId(pickupLocations[0].id);
  }, [method, options.isSuccess, pickupOffered, pickupLocationId, pickupLocations, favouriteId]);

  const submit = async () => {
    if (submitting) return;
    setError(null);
    setProblems([]);
    const input: CheckoutRequest = { idempotencyKey, deliveryMethod: method };
    if (method === 'delivery') input.deliveryAddress = address;
    else if (pickupLocationId) input.pickupLocationId = pickupLocationId;
    // The server's own schema, so the form refuses exactly what the API would (spec 5 messages).
    const parsed = checkoutSchema.safeParse(input);
    if (!parsed.success) {
      setShowMissing(true);
      // The catalogue holds the same spec words, so a second language needs no schema change.
      const issue = parsed.error.issues[0];
      const field = issue?.path.length === 1 ? issue.path[0] : null;
      if (field === 'pickupLocationId') setError(t('errors.pickupRequired'));
      else if (field === 'deliveryAddress') setError(t('errors.addressRequired'));
      else setError(fieldErrorText(issue?.message) ?? t('errors.create'));
      return;
    }

    setSubmitting(true);
    try {
      if (!answerLost) {
        let validation: Awaited<ReturnType<typeof validateCart>>;
        try {
          validation = await validateCart();
        } catch {
          setError(t('errors.validate'));
          return;
        }
        if (!validation.ok) {
          setProblems(validation.problemCodes);
          return;
        }
      }
      try {
        const { orders } = await placeOrder.mutateAsync(parsed.data);
        const state: ConfirmationState = { orders };
        // Leave first: refreshing the (now empty) cart here would flash 'Continue Shopping'.
        navigate('/order-confirmation', { state, replace: true });
        refreshAfterCheckout();
      } catch (err) {
        setAnswerLost(err instanceof ApiError && (err.status === 0 || err.status >= 500));
        setError(errorMessage(err, t('errors.create')));
      }
    } finally {
      setSubmitting(false);
    }
  };

  const showCheckout = (data: CartView) => (
    <div className="grid gap-6 lg:grid-cols-3 lg:items-start">
      <div className="space-y-6 rounded-2xl border border-stone-200 bg-white p-5 shadow-xs sm:p-6 lg:col-span-2">
        <DeliveryMethodOptions
          value={method}
          pickupOffered={pickupOffered}
          pickupKnown={options.isSuccess}
          onChange={(next) => {
            setMethod(next);
            setError(null);
          }}
        />
        <div className="border-t border-stone-100 pt-6">
          {method === 'delivery' ? (
            <AddressForm value={address} showMissing={showMissing} onChange={setAddress} />
          ) : (
            <PickupLocationList
              locations={pickupLocations}
              favouriteId={favouriteId}
              value={pickupLocationId}
              onChange={(id) => {
                setPickupLocationId(id);
                setError(null);
              }}
            />
          )}
        </div>
      </div>
      <OrderReview
        cart={data}
        method={method}
        payBy={options.data?.pickupPayBy}
        deliveryPrices={deliveryPrices}
      >
        <div className="mt-4 space-y-3 empty:hidden">
          {error && <ErrorBanner>{error}</ErrorBanner>}
          <ValidationProblems title={t('errors.problems')} problems={problems} />
        </div>
        {/* Phones place the order from the bar fixed to the bottom (PhonePlaceOrderBar). */}
        <div className="mt-5 hidden md:block">
          <Button size="lg" className="w-full" onClick={submit} loading={submitting}>
            {t('review.place')}
          </Button>
        </div>
      </OrderReview>
      <PhonePlaceOrderBar error={error} submitting={submitting} onPlace={submit} />
    </div>
  );

  return (
    <Container className="py-8 sm:py-10">
      <PageTitle title={t('title')} />
      <Link
        to="/cart"
        className="mb-4 inline-flex items-center gap-1 text-sm font-medium text-stone-600 hover:text-brand-700"
      >
        <ArrowLeft className="size-4" aria-hidden />
        {t('backToCart')}
      </Link>
      <PageHeader title={t('title')} description={hasItems ? t('subtitle') : undefined} />
      <QueryState
        query={cart}
        loading={t('loading')}
        failed={t('errors.load')}
        isEmpty={(data) => data.groups.length === 0}
        empty={
          <EmptyState
            icon={<ShoppingBag className="size-10" aria-hidden />}
            title={t('empty.title')}
            description={t('empty.description')}
            action={<ButtonLink to="/books">{t('empty.continue')}</ButtonLink>}
          />
        }
      >
        {showCheckout}
      </QueryState>
    </Container>
  );
}

/**
 * On a phone the review (and its button) sits under the whole form: Place Order
 * stays in a bar fixed to the bottom of the screen instead, so it never scrolls away. A refusal
 * shows in the bar too (the review's banner, far below, is the one read out).
 */
function PhonePlaceOrderBar({
  error,
  submitting,
  onPlace,
}: {
  error: string | null;
  submitting: boolean;
  onPlace: () => void;
}) {
  const { t } = useTranslation('checkout');
  useEffect(() => {
    document.body.classList.add('has-bottom-bar');
    return () => document.body.classList.remove('has-bottom-bar');
  }, []);
  return (
    <div
      data-testid="place-order-bar"
      className="fixed inset-x-0 bottom-0 z-20 border-t border-stone-200 bg-white/95 px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] shadow-[0_-4px_12px_rgb(0_0_0/0.06)] backdrop-blur md:hidden"
    >
      {error && (
        <p aria-hidden className="mb-2 line-clamp-2 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
      <Button size="lg" className="w-full" onClick={onPlace} loading={submitting}>
        {t('review.place')}
      </Button>
    </div>
  );
}
