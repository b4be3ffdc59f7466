import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { BellRing, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type WantedBook, type WantedRequest, wantedRequestSchema } from '@domain/wanted-types';
import { Button } from '@web/components/ui/button';
import { Container, PageHeader } from '@web/components/ui/card';
import { EmptyState, ErrorBanner } from '@web/components/ui/feedback';
import { QueryState } from '@web/components/query-state';
import { Field, Input } from '@web/components/ui/field';
import { showServerErrors } from '@web/lib/server-errors';
import { myWantedQuery, useAddWanted, useRemoveWanted } from '@web/features/wanted/api';
import { errorMessage } from '@web/lib/api';
import { formatOrderDate } from '@web/lib/format';

const FIELDS = ['title', 'author', 'isbn'] as const;

/**
 * "Wanted books": the titles and ISBNs the member waits to see listed, how to add one, and
 * what happens then (one email per matching book that can be borrowed).
 */
export default function WantedPage() {
  const { t } = useTranslation('find');
  const query = useQuery(myWantedQuery);

  const list = (
    <QueryState
      query={query}
      loading={t('wanted.loading')}
      failed={t('wanted.loadFailed')}
      isEmpty={(data) => data.items.length === 0}
      empty={
        <EmptyState
          icon={<BellRing className="size-8" aria-hidden />}
          title={t('wanted.empty')}
          description={t('wanted.emptyHint')}
        />
      }
    >
      {(data) => (
        <>
          <p className="mb-2 text-sm text-stone-600">
            {t('wanted.count', { count: data.items.length, max: data.max })}
          </p>
          <ul className="space-y-2" data-testid="wanted-list">
            {data.items.map((item) => (
              <WantedRow key={item.id} item={item} />
            ))}
          </ul>
        </>
      )}
    </QueryState>
  );

  return (
    <Container className="max-w-3xl py-6 sm:py-10">
      <title>{t('wanted.pageTitle')}</title>
      <PageHeader title={t('wanted.title')} description={t('wanted.description')} />
      <AddWanted />
      <section aria-labelledby="wanted-list-heading" className="mt-8">
        <h2 id="wanted-list-heading" className="mb-3 text-lg font-semibold text-stone-900">
          {t('wanted.listHeading')}
        </h2>
        {list}
      </section>
    </Container>
  );
}

function AddWanted() {
  const { t } = useTranslation('find');
  const add = useAddWanted();
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError: setFieldError,
    formState: { errors, isSubmitting },
  } = useForm<WantedRequest>({
    resolver: zodResolver(wantedRequestSchema),
    defaultValues: { title: '', author: '', isbn: '' },
  });
  const onSubmit = handleSubmit(async (values) => {
    setError(null);
    try {
      await add.mutateAsync(values);
      reset();
    } catch (err) {
      setError(showServerErrors(err, setFieldError, FIELDS, t('wanted.addFailed')));
    }
  });
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="space-y-4 rounded-2xl border border-stone-200 bg-white p-5 shadow-xs sm:p-6"
      aria-labelledby="wanted-add-heading"
    >
      <h2 id="wanted-add-heading" className="font-semibold text-stone-900">
        {t('wanted.addHeading')}
      </h2>
      <ErrorBanner>{error}</ErrorBanner>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t('wanted.fields.title')} htmlFor="wanted-title" error={errors.title?.message}>
          <Input id="wanted-title" invalid={!!errors.title} {...register('title')} />
        </Field>
        <Field
          label={t('wanted.fields.author')}
          htmlFor="wanted-author"
          hint={t('wanted.fields.authorHint')}
          error={errors.author?.message}
        >
          <Input id="wanted-author" invalid={!!errors.author} {...register('author')} />
        </Field>
      </div>
      <Field
        label={t('wanted.fields.isbn')}
        htmlFor="wanted-isbn"
        hint={t('wanted.fields.isbnHint')}
        error={errors.isbn?.message}
      >
        <Input id="wanted-isbn" inputMode="numeric" invalid={!!errors.isbn} {...register('isbn')} />
      </Field>
      <Button type="submit" loading={isSubmitting}>
        {t('wanted.add')}
      </Button>
    </form>
  );
}

function WantedRow({ item }: { item: WantedBook }) {
  const { t } = useTranslation('find');
  const remove = useRemoveWanted();
  return (
    <li
      data-testid="wanted-entry"
      className="flex items-center justify-between gap-3 rounded-xl border border-stone-200 bg-white p-3"
    >
      <div className="min-w-0">
        <p className="font-medium text-stone-900">
          {item.title ?? t('wanted.isbnOnly', { isbn: item.isbn })}
        </p>
        <p className="text-sm text-stone-600">
          {[
            item.author && t('wanted.by', { author: item.author }),
            item.title && item.isbn && `ISBN ${item.isbn}`,
            t('wanted.since', { date: formatOrderDate(item.createdAt) }),
          ]
            .filter(Boolean)
            .join(' · ')}
        </p>
        {remove.isError && (
          <p role="alert" className="text-sm text-red-700">
            {errorMessage(remove.error, t('wanted.removeFailed'))}
          </p>
        )}
      </div>
      <Button
        variant="outline"
        size="sm"
        loading={remove.isPending}
        onClick={() => remove.mutate(item.id)}
        aria-label={t('wanted.removeLabel', { name: item.title ?? item.isbn })}
      >
        <Trash2 className="size-4" aria-hidden />
        <span className="hidden sm:inline">{t('wanted.remove')}</span>
      </Button>
    </li>
  );
}
