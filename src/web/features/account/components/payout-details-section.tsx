import '@web/lib/words/payments';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@web/lib/toast';
import { Button } from '@web/components/ui/button';
import { INDONESIAN_BANKS } from '@domain/banks';
import { Field, Input, Select } from '@web/components/ui/field';
import { errorMessage } from '@web/lib/api';
import { SectionCard } from './section-card';
import { usePayoutDetails, useSavePayoutDetails } from '@web/features/payments/api';

const OTHER = '__other__';

/** Where an owner's earnings are paid; optional until they have something payable. */
export function PayoutDetailsSection() {
  const { t } = useTranslation('payments');
  const details = usePayoutDetails();
  const save = useSavePayoutDetails();
  const [bankName, setBankName] = useState('');
  // "Other": a bank not in the list, typed by the owner.
  const [otherBank, setOtherBank] = useState(false);
  const listed = (INDONESIAN_BANKS as readonly string[]).includes(bankName);
  const [accountName, setAccountName] = useState('');
  const [accountNumber, setAccountNumber] = useState('');
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!details.data) return;
    setBankName(details.data.bankName ?? '');
    setOtherBank(
      !!details.data.bankName && !(INDONESIAN_BANKS as readonly string[]).includes(details.data.bankName),
    );
    setAccountName(details.data.accountName ?? '');
    setAccountNumber(details.data.accountNumber ?? '');
  }, [details.data]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    save.mutate(
      { bankName, accountName, accountNumber },
      {
        onSuccess: () => toast.success(t('bank.saved')),
        onError: (err) => setError(errorMessage(err, t('bank.failed'))),
      },
    );
  };

  return (
    <SectionCard title={t('bank.title')} description={t('bank.description')}>
      <form onSubmit={submit} noValidate className="grid gap-4 sm:grid-cols-3">
        <Field label={t('bank.bankName')} htmlFor="payout-bank">
          <Select
            id="payout-bank"
            value={otherBank ? OTHER : listed ? bankName : ''}
            onChange={(e) => {
              const other = e.target.value === OTHER;
              setOtherBank(other);
              setBankName(other ? '' : e.target.value);
            }}
          >
            <option value="">{t('bank.choose')}</option>
            {INDONESIAN_BANKS.map((bank) => (
              <option key={bank} value={bank}>
                {bank}
              </option>
            ))}
            <option value={OTHER}>{t('bank.other')}</option>
          </Select>
          {otherBank && (
            <Input
              id="payout-bank-other"
              aria-label={t('bank.otherName')}
              placeholder={t('bank.otherName')}
              className="mt-2"
              value={bankName}
              onChange={(e) => setBankName(e.target.value)}
              maxLength={100}
            />
          )}
        </Field>
        <Field label={t('bank.accountName')} htmlFor="payout-account-name">
          <Input
            id="payout-account-name"
            value={accountName}
            onChange={(e) => setAccountName(e.target.value)}
            maxLength={100}
          />
        </Field>
        <Field label={t('bank.accountNumber')} htmlFor="payout-account-number" error={error ?? undefined}>
          <Input
            id="payout-account-number"
            inputMode="numeric"
            value={accountNumber}
            onChange={(e) => setAccountNumber(e.target.value)}
            maxLength={40}
          />
        </Field>
        <div className="sm:col-span-3">
          <Button type="submit" loading={save.isPending}>
            {t('bank.save')}
          </Button>
        </div>
      </form>
    </SectionCard>
  );
}
