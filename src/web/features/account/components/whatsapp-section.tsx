import '@web/lib/words/whatsapp';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@web/lib/toast';
import { whatsappSchema } from '@domain/schemas/whatsapp';
import { Button } from '@web/components/ui/button';
import { Field, Input } from '@web/components/ui/field';
import { SectionCard } from './section-card';
import { errorMessage } from '@web/lib/api';
import { fieldErrorText } from '@web/lib/error-text';
import { useMyWhatsapp, useRemoveWhatsapp, useSaveWhatsapp } from '@web/features/whatsapp/api';

/**
 * An optional WhatsApp number, shared only with the other side of the member's placed
 * orders (as a chat link) and the admins; saved only with the consent ticked.
 */
export function WhatsappSection() {
  const { t } = useTranslation('whatsapp');
  const mine = useMyWhatsapp();
  const save = useSaveWhatsapp();
  const remove = useRemoveWhatsapp();
  const [number, setNumber] = useState('');
  const [consent, setConsent] = useState(false);
  const [errors, setErrors] = useState<{ number?: string; consent?: string }>({});
  const shared = mine.data?.number ?? null;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    // The server's own rules, checked here first so a slip is named at once.
    const checked = whatsappSchema.safeParse({ number, consent: consent || undefined });
    if (!checked.success) {
      const byField = Object.fromEntries(checked.error.issues.map((i) => [String(i.path[0]), i.message]));
      setErrors({ number: byField.number, consent: byField.consent });
      return;
    }
    setErrors({});
    save.mutate(number, {
      onSuccess: () => {
        setNumber('');
        setConsent(false);
        toast.success(t('profile.saved'));
      },
      onError: (err) => setErrors({ number: errorMessage(err, t('profile.failed')) }),
    });
  };

  return (
    <SectionCard title={t('profile.title')} description={t('profile.description')}>
      {shared && (
        <div className="mb-4 flex flex-wrap items-center justify-between gap-3 rounded-xl bg-stone-50 p-3 text-sm">
          <p className="text-stone-800" data-testid="whatsapp-current">
            {t('profile.current', { number: shared })}
          </p>
          <Button
            variant="secondary"
            size="sm"
            loading={remove.isPending}
            onClick={() =>
              remove.mutate(undefined, {
                onSuccess: () => toast.success(t('profile.removed')),
                onError: (err) => toast.error(errorMessage(err, t('profile.failed'))),
              })
            }
          >
            {t('profile.remove')}
          </Button>
        </div>
      )}
      <form onSubmit={submit} noValidate className="space-y-4">
        <Field
          label={t('profile.number')}
          htmlFor="whatsapp-number"
          hint={t('profile.hint')}
          error={errors.number}
        >
          <Input
            id="whatsapp-number"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            value={number}
            onChange={(e) => setNumber(e.target.value)}
            maxLength={40}
            aria-invalid={errors.number ? true : undefined}
            aria-describedby={errors.number ? 'whatsapp-number-error' : undefined}
          />
        </Field>
        <div>
          <label className="flex items-start gap-2 text-sm text-stone-700">
            <input
              id="whatsapp-consent"
              type="checkbox"
              className="mt-0.5 size-4 shrink-0 rounded border-stone-300 accent-brand-700"
              checked={consent}
              onChange={(e) => setConsent(e.target.checked)}
              aria-invalid={errors.consent ? true : undefined}
            />
            {t('profile.consent')}
          </label>
          {errors.consent && (
            <p className="mt-1 text-sm text-red-600" role="alert">
              {fieldErrorText(errors.consent)}
            </p>
          )}
        </div>
        <Button type="submit" loading={save.isPending}>
          {t('profile.save')}
        </Button>
      </form>
    </SectionCard>
  );
}
