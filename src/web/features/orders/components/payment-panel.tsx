import '@web/lib/words/payments';
import { Landmark, Receipt } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '@domain/money';
import type { OrderDetail, OrderPayment, OrderShare } from '@domain/order-types';
import { COVER_ACCEPT, coverPickProblem } from '@domain/schemas/book-form';
import { Button } from '@web/components/ui/button';
import { ErrorBanner } from '@web/components/ui/feedback';
import { errorMessage } from '@web/lib/api';
import { fieldErrorText } from '@web/lib/error-text';
import { formatOrderDateTime } from '@web/lib/format';
import { usePollOrderWhilePayable } from '@web/features/orders/api';
import { useClaimPayment, useOrderGateway, useOrderMoney, useRejectClaim } from '@web/features/payments/api';
import { CopyButton } from './copy-button';
import { GatewayPayment, type GatewayPaymentData } from './gateway-payment';

// The order page's money: the payment panel for the borrower and the admins, and
// the owner's share for the owner and the admins. Each shows only what the server returned.

function Row({ label, value, copy }: { label: string; value: string; copy?: string }) {
  return (
    <div className="flex items-center justify-between gap-3 py-1.5">
      <dt className="text-sm text-stone-500">{label}</dt>
      <dd className="flex items-center gap-1 text-right text-sm font-medium text-stone-900">
        <span className="tabular-nums break-words">{value}</span>
        {copy !== undefined && <CopyButton value={copy} label={label} />}
      </dd>
    </div>
  );
}

export function OrderMoneyPanels({ order }: { order: OrderDetail }) {
  const money = useOrderMoney(order.id, order.status);
  const borrower = order.viewerRoles.includes('borrower');
  const payment = money.data?.payment ?? null;
  // Payable by the borrower now (no claim waiting for an admin): the gateway's codes, and
  // the page polls so money arriving by itself shows without a reload.
  const payable = borrower && order.status === 'Waiting for Payment' && !!payment && !payment.claimedAt;
  const gateway = useOrderGateway(order.id, payable);
  usePollOrderWhilePayable(order.id, payable);
  if (!money.data) return null;
  const { share } = money.data;
  const admin = order.viewerRoles.includes('admin');
  return (
    <>
      {payment && (borrower || admin) && (
        <PaymentPanel
          order={order}
          payment={payment}
          asBorrower={borrower}
          gateway={payable ? (gateway.data?.gateway ?? null) : null}
        />
      )}
      {share && <ShareCard share={share} />}
    </>
  );
}

/** The payment panel; `gateway` is the borrower's QRIS code and virtual accounts, if any. */
export function PaymentPanel({
  order,
  payment,
  asBorrower,
  gateway = null,
}: {
  order: OrderDetail;
  payment: OrderPayment;
  asBorrower: boolean;
  gateway?: GatewayPaymentData | null;
}) {
  const { t } = useTranslation('payments');
  const waiting = order.status === 'Waiting for Payment';
  // Nothing to say before a total exists, or about an order closed without a payment.
  if (!waiting && !payment.claimedAt && !payment.confirmedAt && !payment.refundOwedAt) return null;
  // While a claim waits the deadline no longer applies; after a rejection it is the new one.
  const claimWaiting = waiting && payment.claimedAt !== null;
  const amount = payment.amount ?? order.total;
  // For the statement adapter: the exact amount to transfer, unique among open orders.
  const transfer = waiting ? payment.transfer : null;

  return (
    <section
      id="payment"
      aria-labelledby="payment-panel-title"
      data-testid="payment-panel"
      className="scroll-mt-24 rounded-2xl border-2 border-brand-200 bg-brand-50/40 p-5 shadow-xs sm:p-6"
    >
      <h2
        id="payment-panel-title"
        className="mb-3 flex items-center gap-2 text-base font-semibold text-stone-900"
      >
        <Landmark className="size-5 text-brand-700" aria-hidden />
        {gateway ? t('gateway.title') : t('panel.title')}
      </h2>
      {gateway && <GatewayPayment orderId={order.id} gateway={gateway} />}
      {claimWaiting && asBorrower && (
        <p
          className="mb-3 rounded-xl bg-amber-50 p-3 text-sm font-semibold text-amber-900"
          data-testid="payment-claim-state"
          role="status"
        >
          {t('panel.claimState')}
          <span className="block font-normal">{t('panel.claimStopsWindow')}</span>
        </p>
      )}
      {waiting && !payment.claimedAt && payment.claimRejectedAt && payment.claimRejectionReason && (
        <p
          className="mb-3 rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-900"
          data-testid="payment-claim-rejected"
          role="status"
        >
          {asBorrower && payment.deadline
            ? t('panel.rejected', {
                reason: payment.claimRejectionReason,
                deadline: formatOrderDateTime(payment.deadline),
              })
            : t('panel.rejectedAdmin', {
                reason: payment.claimRejectionReason,
                date: formatOrderDateTime(payment.claimRejectedAt),
              })}
        </p>
      )}
      {payment.refundOwedAt && (
        <p
          className="mb-3 rounded-xl border border-red-200 bg-red-50 p-3 text-sm font-medium text-red-900"
          data-testid="refund-owed"
        >
          {t('panel.refundOwed', { date: formatOrderDateTime(payment.refundOwedAt) })}
        </p>
      )}
      {waiting && amount && (
        <>
          {gateway && (
            <h3 className="mt-5 mb-1 text-sm font-semibold text-stone-900">{t('gateway.manualTitle')}</h3>
          )}
          {asBorrower && !payment.claimedAt && (
            <p className="mb-3 text-sm text-stone-700">
              {t(transfer ? 'panel.introStatement' : 'panel.intro')}
            </p>
          )}
          <dl className="divide-y divide-stone-200/70">
            <Row
              label={t(transfer ? 'panel.transferAmount' : 'panel.amount')}
              value={formatMoney(transfer?.amount ?? amount)}
              copy={String(Number.parseInt(transfer?.amount ?? amount, 10))}
            />

            <Row label={t('panel.bank')} value={payment.bankName} copy={payment.bankName} />
            <Row label={t('panel.accountName')} value={payment.accountName} copy={payment.accountName} />
            <Row
              label={t('panel.accountNumber')}
              value={payment.accountNumber}
              copy={payment.accountNumber}
            />
            <Row label={t('panel.reference')} value={payment.reference} copy={payment.reference} />
            {payment.deadline && !claimWaiting && (
              <Row label={t('panel.deadline')} value={formatOrderDateTime(payment.deadline)} />
            )}
          </dl>
          {transfer && (
            <p className="mt-2 text-xs text-stone-600" data-testid="statement-code">
              {t('panel.transferCode', { total: formatMoney(amount), code: formatMoney(transfer.code) })}
            </p>
          )}
          {payment.deadline && asBorrower && !payment.claimedAt && (
            <p className="mt-2 text-xs text-stone-600">
              {t('panel.deadlineNote', { deadline: formatOrderDateTime(payment.deadline) })}
            </p>
          )}
        </>
      )}
      {payment.claimedAt ? (
        <>
          <ClaimSummary payment={payment} asBorrower={asBorrower} />
          {claimWaiting && !asBorrower && <RejectClaimForm orderId={order.id} />}
        </>
      ) : waiting && asBorrower ? (
        <ClaimForm orderId={order.id} />
      ) : waiting ? (
        <p className="mt-3 text-sm text-stone-600">{t('panel.noClaim')}</p>
      ) : null}
      {payment.confirmedAt && payment.amountReceived && (
        <p className="mt-3 text-sm font-medium text-green-800" data-testid="payment-confirmed">
          {t('panel.confirmed', {
            amount: formatMoney(payment.amountReceived),
            reference: payment.bankReference ?? '',
            date: formatOrderDateTime(payment.confirmedAt),
          })}
        </p>
      )}
      <p className="mt-3 text-xs text-stone-500">{t('panel.held')}</p>
    </section>
  );
}

function ClaimSummary({ payment, asBorrower }: { payment: OrderPayment; asBorrower: boolean }) {
  const { t } = useTranslation('payments');
  return (
    <div
      className="mt-3 space-y-2 rounded-xl bg-white p-3 text-sm text-stone-700"
      data-testid="payment-claim"
    >
      <p>
        {/* "We are checking" is only true until the payment is confirmed. */}
        {asBorrower
          ? t(payment.confirmedAt ? 'panel.claimedByYouDone' : 'panel.claimedByYou', {
              date: formatOrderDateTime(payment.claimedAt!),
            })
          : t('panel.claimed', { date: formatOrderDateTime(payment.claimedAt!) })}
      </p>
      {payment.receiptUrl ? (
        <a href={payment.receiptUrl} target="_blank" rel="noreferrer" className="inline-block">
          <img
            src={payment.receiptUrl}
            alt={t('panel.receiptAlt')}
            className="max-h-48 rounded-lg border border-stone-200 object-contain"
          />
        </a>
      ) : (
        <p className="text-stone-500">{t('panel.noReceipt')}</p>
      )}
    </div>
  );
}

/** The admin rejects a waiting claim with a reason the borrower sees. */
function RejectClaimForm({ orderId }: { orderId: string }) {
  const { t } = useTranslation('payments');
  const reject = useRejectClaim(orderId);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setProblem(null);
    reject.mutate(reason, { onError: (err) => setProblem(errorMessage(err, t('panel.rejectFailed'))) });
  };

  return (
    <form onSubmit={submit} className="mt-3 space-y-2" noValidate data-testid="reject-claim">
      {problem && <ErrorBanner>{problem}</ErrorBanner>}
      <label htmlFor={`reject-${orderId}`} className="block text-sm font-medium text-stone-700">
        {t('panel.rejectLabel')}
      </label>
      <input
        id={`reject-${orderId}`}
        value={reason}
        maxLength={300}
        placeholder={t('panel.rejectPlaceholder')}
        onChange={(e) => setReason(e.target.value)}
        className="block w-full rounded-lg border border-stone-300 px-3 py-2 text-sm"
      />
      <Button type="submit" variant="outline" loading={reject.isPending}>
        {t('panel.reject')}
      </Button>
    </form>
  );
}

function ClaimForm({ orderId }: { orderId: string }) {
  const { t } = useTranslation('payments');
  const claim = useClaimPayment(orderId);
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setProblem(null);
    claim.mutate(file, { onError: (err) => setProblem(errorMessage(err, t('panel.claimFailed'))) });
  };

  return (
    <form onSubmit={submit} className="mt-4 space-y-3" noValidate>
      {problem && <ErrorBanner>{problem}</ErrorBanner>}
      <div className="space-y-1">
        <label
          htmlFor={`receipt-${orderId}`}
          className="flex items-center gap-1.5 text-sm font-medium text-stone-700"
        >
          <Receipt className="size-4" aria-hidden />
          {t('panel.receiptLabel')}
        </label>
        <input
          id={`receipt-${orderId}`}
          type="file"
          accept={COVER_ACCEPT}
          className="block w-full text-sm text-stone-700 file:mr-3 file:rounded-lg file:border-0 file:bg-stone-100 file:px-3 file:py-2 file:text-sm file:font-medium"
          onChange={(e) => {
            const picked = e.target.files?.[0] ?? null;
            const issue = picked ? coverPickProblem(picked) : null;
            // The picker's check answers a message key, as the server's fields do.
            setProblem(fieldErrorText(issue ?? undefined) ?? null);
            setFile(issue ? null : picked);
          }}
        />
        <p className="text-xs text-stone-500">{t('panel.receiptHint')}</p>
      </div>
      <Button type="submit" size="lg" loading={claim.isPending} className="w-full sm:w-auto">
        {t('panel.claim')}
      </Button>
    </form>
  );
}

function ShareCard({ share }: { share: OrderShare }) {
  const { t } = useTranslation('payments');
  return (
    <section
      aria-labelledby="share-title"
      data-testid="owner-share"
      className="rounded-2xl border border-stone-200 bg-white p-5 shadow-xs sm:p-6"
    >
      <h2 id="share-title" className="mb-3 text-base font-semibold text-stone-900">
        {t('share.title')}
      </h2>
      <dl className="space-y-1 text-sm">
        <div className="flex justify-between">
          <dt className="text-stone-500">{t('share.items')}</dt>
          <dd className="tabular-nums">{formatMoney(share.itemsTotal)}</dd>
        </div>
        <div className="flex justify-between">
          <dt className="text-stone-500">{t('share.fee')}</dt>
          <dd className="tabular-nums">− {formatMoney(share.serviceFee)}</dd>
        </div>
        <div className="flex justify-between border-t border-stone-200 pt-2 font-semibold text-stone-900">
          <dt>{t('share.share')}</dt>
          <dd className="tabular-nums">{formatMoney(share.ownerShare)}</dd>
        </div>
      </dl>
      <p className="mt-2 text-xs text-stone-500">{t(`share.state.${share.state}`)}</p>
    </section>
  );
}
