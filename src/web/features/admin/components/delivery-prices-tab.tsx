import '@web/lib/words/admin';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@domain/money';
import { PRICE_MIN_RUPIAH, SHIPPING_COST_MAX } from '@domain/schemas/amount';
import { Button } from '@web/components/ui/button';
import { EmptyState, ErrorBanner, LoadingState } from '@web/components/ui/feedback';
import { Field, Input } from '@web/components/ui/field';
import { isRupiahAtLeast, PriceInput } from '@web/components/ui/price-input';
import {
  useDeleteDeliveryPrice,
  useDeliveryPrices,
  useSetDeliveryPrice,
} from '@web/features/admin/delivery-prices-api';
import { ApiError, errorMessage } from '@web/lib/api';

/** The same bounds as a shipping cost set by hand (D32); the server checks them again. */
const isValidPrice = (text: string) =>
  isRupiahAtLeast(text, PRICE_MIN_RUPIAH) && !isRupiahAtLeast(text, SHIPPING_COST_MAX + 1);

/**
 * Delivery prices per pair of areas. A delivery order on a priced route is payable at once;
 * the others wait for an admin's shipping cost. A change never touches a placed order.
 */
export function DeliveryPricesTab() {
  const { t } = useTranslation('deliveryPrices');
  const list = useDeliveryPrices();
  const remove = useDeleteDeliveryPrice();
  if (list.isPending) return <LoadingState label={t('title')} />;
  if (list.isError) return <ErrorBanner>{t('loadFailed')}</ErrorBanner>;
  return (
    <div className="space-y-5">
      <p className="text-sm text-stone-600">{t('intro')}</p>
      <PriceForm />
      {remove.error && <ErrorBanner>{errorMessage(remove.error, t('deleteFailed'))}</ErrorBanner>}
      {list.data.items.length === 0 ? (
        <EmptyState title={t('empty')} />
      ) : (
        <div className="overflow-x-auto rounded-2xl border border-stone-200 bg-white">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{t('title')}</caption>
            <thead className="border-b border-stone-200 text-xs text-stone-500">
              <tr>
                <th scope="col" className="px-4 py-2.5 font-medium">
                  {t('ownerArea')}
                </th>
                <th scope="col" className="px-4 py-2.5 font-medium">
                  {t('borrowerArea')}
                </th>
                <th scope="col" className="px-4 py-2.5 text-right font-medium">
                  {t('price')}
                </th>
                <th scope="col" className="px-4 py-2.5">
                  <span className="sr-only">{t('actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-100">
              {list.data.items.map((row) => (
                <tr key={row.id} data-testid="delivery-price">
                  <td className="px-4 py-3 text-stone-900">
                    {row.ownerArea ?? <span className="text-stone-500 italic">{t('anyArea')}</span>}
                  </td>
                  <td className="px-4 py-3 text-stone-900">{row.borrowerArea}</td>
                  <td className="px-4 py-3 text-right whitespace-nowrap tabular-nums">
                    {formatMoney(row.price)}
                  </td>
                  <td className="px-4 py-3 text-right">
                    <Button
                      variant="outline"
                      size="sm"
                      loading={remove.isPending && remove.variables === row.id}
                      onClick={() => remove.mutate(row.id)}
                      aria-label={t('deleteRoute', {
                        from: row.ownerArea ?? t('anyArea'),
                        to: row.borrowerArea,
                      })}
                    >
                      {t('delete')}
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

/** Adds a route's price, or replaces the one it has (the server matches the pair of areas). */
function PriceForm() {
  const { t } = useTranslation('deliveryPrices');
  const save = useSetDeliveryPrice();
  const [ownerArea, setOwnerArea] = useState('');
  const [borrowerArea, setBorrowerArea] = useState('');
  const [price, setPrice] = useState('');
  const [touched, setTouched] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);

  const fields = save.error instanceof ApiError ? (save.error.fields ?? {}) : {};
  const priceInvalid = touched && price.trim() !== '' && !isValidPrice(price.trim());
  const disabled = borrowerArea.trim() === '' || !isValidPrice(price.trim());

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    setSaved(null);
    if (disabled) return;
    const input = {
      ownerArea: ownerArea.trim() === '' ? null : ownerArea.trim(),
      borrowerArea: borrowerArea.trim(),
      price: price.trim(),
    };
    save.mutate(input, {
      onSuccess: (row) => {
        setSaved(
          t('saved', {
            from: row.ownerArea ?? t('anyArea'),
            to: row.borrowerArea,
            price: formatMoney(row.price),
          }),
        );
        setOwnerArea('');
        setBorrowerArea('');
        setPrice('');
        setTouched(false);
      },
    });
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      className="space-y-4 rounded-2xl border border-stone-200 bg-white p-4 sm:p-5"
      aria-labelledby="delivery-price-form-title"
    >
      <h2 id="delivery-price-form-title" className="font-semibold text-stone-900">
        {t('formTitle')}
      </h2>
      <div className="grid gap-4 sm:grid-cols-3">
        <Field
          label={t('ownerArea')}
          htmlFor="dp-owner-area"
          hint={t('ownerAreaHint')}
          error={fields.ownerArea}
        >
          <Input id="dp-owner-area" value={ownerArea} onChange={(e) => setOwnerArea(e.target.value)} />
        </Field>
        <Field
          label={t('borrowerArea')}
          htmlFor="dp-borrower-area"
          hint={t('borrowerAreaHint')}
          error={fields.borrowerArea}
        >
          <Input
            id="dp-borrower-area"
            required
            value={borrowerArea}
            onChange={(e) => setBorrowerArea(e.target.value)}
          />
        </Field>
        <Field
          label={t('price')}
          htmlFor="dp-price"
          error={priceInvalid ? t('invalidPrice') : fields.price}
          hint={t('priceHint')}
        >
          <PriceInput
            id="dp-price"
            value={price}
            onChange={(text) => {
              setPrice(text);
              setTouched(true);
            }}
            invalid={priceInvalid}
            aria-describedby={priceInvalid ? 'dp-price-error' : undefined}
          />
        </Field>
      </div>
      {save.error && Object.keys(fields).length === 0 && (
        <ErrorBanner>{errorMessage(save.error, t('saveFailed'))}</ErrorBanner>
      )}
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <Button type="submit" disabled={disabled} loading={save.isPending}>
          {t('save')}
        </Button>
        {saved && (
          <p role="status" className="text-sm text-green-700">
            {saved}
          </p>
        )}
      </div>
    </form>
  );
}
