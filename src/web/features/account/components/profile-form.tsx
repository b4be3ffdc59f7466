import '@web/lib/words/account';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Me } from '@domain/api-types';
import {
  type ProfileForm as ProfileFormValues,
  type ProfileInput,
  profileSchema,
} from '@domain/schemas/account';
import { Button } from '@web/components/ui/button';
import { ErrorBanner, SuccessBanner } from '@web/components/ui/feedback';
import { Field, Input } from '@web/components/ui/field';
import { sessionQuery } from '@web/lib/session';
import { updateProfile } from '@web/features/account/api';
import { ContactFields, TextField } from './form-fields';
import { SectionCard } from './section-card';
import { showServerErrors } from '@web/lib/server-errors';

const FIELDS = ['name', 'phone', 'location', 'address'] as const;

/**
 * Name, and the phone, location and address a member adds when they are needed, each with its
 * sign-up rule (spec section 5) when given; an emptied field is removed.
 */
export function ProfileForm({ me }: { me: Me }) {
  const { t } = useTranslation('account');
  const queryClient = useQueryClient();
  const [saved, setSaved] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    watch,
    reset,
    setError: setFieldError,
    formState: { errors, isSubmitting },
  } = useForm<ProfileFormValues, unknown, ProfileInput>({
    resolver: zodResolver(profileSchema),
    defaultValues: {
      name: me.name,
      phone: me.phone ?? '',
      location: me.location ?? '',
      address: me.address ?? '',
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    setSaved(false);
    setError(null);
    try {
      const updated = await updateProfile(values);
      queryClient.setQueryData(sessionQuery.queryKey, { user: updated });
      reset({
        name: updated.name,
        phone: updated.phone ?? '',
        location: updated.location ?? '',
        address: updated.address ?? '',
      });
      setSaved(true);
    } catch (err) {
      setError(showServerErrors(err, setFieldError, FIELDS, t('profile.updateFailed')));
    }
  });

  return (
    <SectionCard title={t('profile.detailsTitle')}>
      <form onSubmit={onSubmit} noValidate className="space-y-4">
        <SuccessBanner>{saved ? t('profile.updated') : null}</SuccessBanner>
        <ErrorBanner>{error}</ErrorBanner>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            id="name"
            autoComplete="name"
            label={t('fields.name')}
            error={errors.name?.message}
            registration={register('name')}
          />
          <Field label={t('fields.email')} htmlFor="email" hint={t('profile.emailNote')}>
            <Input id="email" type="email" value={me.email} disabled readOnly />
          </Field>
        </div>
        <ContactFields
          phone={{ registration: register('phone'), error: errors.phone?.message }}
          location={{ registration: register('location'), error: errors.location?.message }}
          address={{
            registration: register('address'),
            error: errors.address?.message,
            length: watch('address')?.length ?? 0,
          }}
        />
        <div className="flex justify-end">
          <Button type="submit" loading={isSubmitting} className="w-full sm:w-auto">
            {t('profile.save')}
          </Button>
        </div>
      </form>
    </SectionCard>
  );
}
