import '@web/lib/words/books';
import '@web/lib/words/account';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { MapPin } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Me } from '@domain/api-types';
import { listingLocationSchema } from '@domain/schemas/account';
import { Button } from '@web/components/ui/button';
import { ErrorBanner } from '@web/components/ui/feedback';
import { Field, Input } from '@web/components/ui/field';
import { updateProfile } from '@web/features/account/api';
import { showServerErrors } from '@web/lib/server-errors';
import { sessionQuery } from '@web/lib/session';

// Sign-up does not ask where a member lives; a book's area is its owner's location, so
// the first listing asks it here, saved to the profile, before the book form shows.

const FIELDS = ['location'] as const;

export function LocationFirst({ me }: { me: Me }) {
  const { t } = useTranslation(['books', 'account']);
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError: setFieldError,
    formState: { errors, isSubmitting },
  } = useForm<{ location: string }>({
    resolver: zodResolver(listingLocationSchema),
    defaultValues: { location: '' },
  });

  const onSubmit = handleSubmit(async ({ location }) => {
    setError(null);
    try {
      const updated = await updateProfile({
        name: me.name,
        phone: me.phone,
        address: me.address,
        location,
      });
      queryClient.setQueryData(sessionQuery.queryKey, { user: updated });
    } catch (err) {
      setError(showServerErrors(err, setFieldError, FIELDS, t('books:locationFirst.failed')));
    }
  });

  return (
    <section
      aria-labelledby="location-first-heading"
      data-testid="location-first"
      className="rounded-2xl border border-stone-200 bg-white p-5 shadow-xs sm:p-6"
    >
      <div className="flex items-start gap-3">
        <MapPin className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden />
        <div className="min-w-0 flex-1">
          <h2 id="location-first-heading" className="font-semibold text-stone-900">
            {t('books:locationFirst.title')}
          </h2>
          <p className="mt-1 text-sm text-stone-600">{t('books:locationFirst.text')}</p>
          <form onSubmit={onSubmit} noValidate className="mt-4 space-y-3">
            <ErrorBanner>{error}</ErrorBanner>
            <Field label={t('account:fields.location')} htmlFor="location" error={errors.location?.message}>
              <Input
                id="location"
                autoComplete="address-level2"
                invalid={!!errors.location}
                {...register('location')}
              />
            </Field>
            <Button type="submit" loading={isSubmitting}>
              {t('books:locationFirst.save')}
            </Button>
          </form>
        </div>
      </div>
    </section>
  );
}
