import '@web/lib/words/checkout';
import { Clock } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatOrderDateTime } from '@web/lib/format';

/**
 * A pickup order is payable at once, by its deadline. The checkout (before the order
 * exists: the deadline an order placed now gets) and the confirmation (the order's own) say it
 * in the same words, then what to do next.
 */
export function PayNow({ by, children, testId }: { by: string; children: ReactNode; testId?: string }) {
  const { t } = useTranslation('checkout');
  return (
    <div className="flex gap-3" data-testid={testId}>
      <Clock className="size-5 shrink-0" aria-hidden />
      <div className="space-y-2">
        <p className="font-semibold">{t('payNow.by', { date: formatOrderDateTime(by) })}</p>
        {children}
      </div>
    </div>
  );
}
