import '@web/lib/words/books';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { IsbnPrefill } from '@domain/api-types';
import { CATEGORIES, CONDITIONS, LANGUAGES, SUMMARY_MAX } from '@domain/constants';
import { compactIsbn, looksLikeIsbn } from '@domain/isbn';
import {
  BOOK_FORM_DEFAULTS,
  type BookFormInput,
  type BookFormValues,
  bookFormSchema,
} from '@domain/schemas/book-form';
import { Button, ButtonLink } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { ErrorBanner } from '@web/components/ui/feedback';
import { Field, Input, Select, Textarea } from '@web/components/ui/field';
import { PriceInput } from '@web/components/ui/price-input';
import { ApiError, errorMessage } from '@web/lib/api';
import { problemAsMessage } from '@web/lib/error-text';
import { isbnPrefillQuery } from '../api';
import { IsbnScanButton } from './isbn-scanner';
import { type PhotoEntry, PhotosPicker } from './photos-picker';

type FieldName = keyof BookFormInput;
const FIELD_NAMES = Object.keys(bookFormSchema.shape) as FieldName[];

const CHOICES = [
  { name: 'language', options: LANGUAGES },
  { name: 'condition', options: CONDITIONS },
  { name: 'category', options: CATEGORIES },
] as const;

const PRICES = [
  { name: 'weeklyPrice', label: 'form.weeklyPrice', hint: 'form.priceHint' },
  { name: 'monthlyPrice', label: 'form.monthlyPrice', hint: 'form.monthlyHint' },
  // An optional price to buy it.
  { name: 'salePrice', label: 'form.salePrice', hint: 'form.saleHint' },
] as const;

/**
 * The upload and edit form (spec section 5) on the shared zod schema, so the browser shows
 * the same messages the server would answer. At least one photo (the first is the cover, D18).
 */
export function BookForm({
  initial,
  initialPhotos = [],
  submitLabel,
  onSubmit,
  fallbackError,
}: {
  initial?: Partial<BookFormInput>;
  /** The stored photos when editing, in order. */
  initialPhotos?: PhotoEntry[];
  submitLabel: string;
  onSubmit: (values: BookFormValues, photos: PhotoEntry[]) => Promise<unknown>;
  /** The spec's message when the server gives no usable one ('Failed to upload book'). */
  fallbackError: string;
}) {
  const { t } = useTranslation('books');
  const [photos, setPhotos] = useState<PhotoEntry[]>(initialPhotos);
  const [coverError, setCoverError] = useState<string>();
  const [formError, setFormError] = useState<string | null>(null);

  const {
    register,
    control,
    handleSubmit,
    watch,
    setError,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<BookFormInput, unknown, BookFormValues>({
    resolver: zodResolver(bookFormSchema),
    defaultValues: {
      title: '',
      author: '',
      isbn: '',
      ...BOOK_FORM_DEFAULTS,
      summary: '',
      weeklyPrice: '',
      monthlyPrice: '',
      salePrice: '',
      ...initial,
    },
  });
  const summaryLength = String(watch('summary') ?? '').length;
  const [title, author, language, category] = watch(['title', 'author', 'language', 'category']);
  const typedIsbn = String(watch('isbn') ?? '');
  const isbnKey = looksLikeIsbn(typedIsbn) ? compactIsbn(typedIsbn) : null;
  const prefill = useQuery({ ...isbnPrefillQuery(isbnKey ?? ''), enabled: isbnKey !== null });
  const [prefilled, setPrefilled] = useState(false);
  const offer: IsbnPrefill | null = isbnKey && prefill.data ? prefill.data : null;
  // Offered while the form's details differ from that listing's.
  const offerShown =
    offer !== null &&
    (offer.title !== title ||
      offer.author !== author ||
      offer.language !== language ||
      offer.category !== category);

  function applyPrefill(from: IsbnPrefill) {
    const options = { shouldValidate: true, shouldDirty: true } as const;
    setValue('title', from.title, options);
    setValue('author', from.author, options);
    setValue('language', from.language, options);
    setValue('category', from.category, options);
    setPrefilled(true);
  }

  const submit = handleSubmit(async (values) => {
    setFormError(null);
    if (photos.length === 0) return; // onFormSubmit has shown 'Book cover is required'
    try {
      await onSubmit(values, photos);
    } catch (error) {
      applyServerError(error);
    }
  });

  function showFormError(message: string) {
    setFormError(message);
    // The banner is above the form; the member pressed the button below it.
    window.scrollTo({ top: 0, behavior: 'smooth' });
  }

  function applyServerError(error: unknown) {
    if (!(error instanceof ApiError) || error.status === 0 || error.status >= 500) {
      showFormError(errorMessage(error, fallbackError));
      return;
    }
    let placed = false;
    for (const [field, problem] of Object.entries(error.fieldCodes ?? {})) {
      const message = problemAsMessage(problem);
      if (field === 'cover') {
        setCoverError(message);
        placed = true;
      } else if ((FIELD_NAMES as readonly string[]).includes(field)) {
        setError(field as FieldName, { message });
        placed = true;
      }
    }
    if (!placed) showFormError(errorMessage(error, fallbackError));
  }

  // Checked before the schema runs, so a missing cover shows together with the field errors.
  const onFormSubmit = (event: React.FormEvent) => {
    if (photos.length === 0) setCoverError(t('form.coverRequired'));
    return submit(event);
  };

  return (
    <form onSubmit={onFormSubmit} noValidate className="space-y-6">
      <ErrorBanner>{formError}</ErrorBanner>
      <Card className="space-y-6">
        <PhotosPicker
          photos={photos}
          error={coverError}
          onChange={(next) => {
            setPhotos(next);
            if (next.length > 0) setCoverError(undefined);
          }}
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <Field
            label={t('form.title')}
            htmlFor="book-title"
            error={errors.title?.message}
            className="sm:col-span-2"
          >
            <Input id="book-title" invalid={!!errors.title} autoComplete="off" {...register('title')} />
          </Field>
          <Field
            label={t('form.author')}
            htmlFor="book-author"
            error={errors.author?.message}
            className="sm:col-span-2"
          >
            <Input id="book-author" invalid={!!errors.author} autoComplete="off" {...register('author')} />
          </Field>
          <Field
            label={t('form.isbn')}
            htmlFor="book-isbn"
            error={errors.isbn?.message}
            hint={t('form.isbnHint')}
            className="sm:col-span-2"
          >
            <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
              <Input
                id="book-isbn"
                invalid={!!errors.isbn}
                autoComplete="off"
                inputMode="numeric"
                className="sm:max-w-xs"
                {...register('isbn')}
              />
              <IsbnScanButton
                onScanned={(isbn) => {
                  setValue('isbn', isbn, { shouldValidate: true, shouldDirty: true });
                  setPrefilled(false);
                }}
              />
            </div>
          </Field>
          {offerShown && (
            <div
              role="status"
              className="flex flex-col gap-3 rounded-lg border border-brand-200 bg-brand-50 p-3 text-sm text-stone-800 sm:col-span-2 sm:flex-row sm:items-center sm:justify-between"
            >
              <p>{t('form.prefillOffer', offer)}</p>
              <Button type="button" size="sm" onClick={() => applyPrefill(offer)}>
                {t('form.prefillUse')}
              </Button>
            </div>
          )}
          {prefilled && !offerShown && (
            <p role="status" className="text-sm text-stone-600 sm:col-span-2">
              {t('form.prefillDone')}
            </p>
          )}
          {CHOICES.map(({ name, options }) => (
            <Field
              key={name}
              label={t(`form.${name}`)}
              htmlFor={`book-${name}`}
              error={errors[name]?.message}
            >
              <Select id={`book-${name}`} {...register(name)}>
                {options.map((v) => (
                  <option key={v} value={v}>
                    {t(`common:enums.${name}.${v}`)}
                  </option>
                ))}
              </Select>
            </Field>
          ))}
          <div className="hidden sm:block" />
          <Field
            label={t('form.summary')}
            htmlFor="book-summary"
            error={errors.summary?.message}
            hint={t('form.summaryCount', { count: summaryLength, max: SUMMARY_MAX })}
            className="sm:col-span-2"
          >
            <Textarea
              id="book-summary"
              rows={5}
              maxLength={SUMMARY_MAX}
              invalid={!!errors.summary}
              {...register('summary')}
            />
          </Field>
          {PRICES.map(({ name, label, hint }) => (
            // Whole rupiah with thousands separators, "Rp 12.000" as you type.
            <Field
              key={name}
              label={t(label)}
              htmlFor={`book-${name}`}
              error={errors[name]?.message}
              hint={t(hint)}
            >
              <Controller
                control={control}
                name={name}
                render={({ field }) => (
                  <PriceInput
                    id={`book-${name}`}
                    ref={field.ref}
                    name={field.name}
                    value={String(field.value ?? '')}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    invalid={!!errors[name]}
                  />
                )}
              />
            </Field>
          ))}
        </div>
      </Card>
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <ButtonLink to="/books/manage" variant="outline" size="lg">
          {t('form.cancel')}
        </ButtonLink>
        <Button type="submit" size="lg" loading={isSubmitting}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
