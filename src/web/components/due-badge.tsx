import { CalendarClock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { DueState, LoanClock } from '@domain/loan';
import { Badge } from '@web/components/ui/badge';
import { formatCalendarDate, formatDaysFromNow } from '@web/lib/format';

// The loan clock on every view of a loan: the due date and "due in N days", "due today"
// or "N days overdue", as the server counted them with its clock and the operator's zone.

/** "Wed, 9 Dec 2026" for a calendar date (YYYY-MM-DD) in the operator's zone. */
export const formatDueDate = formatCalendarDate;

const TONES: Record<DueState, 'neutral' | 'amber' | 'red'> = {
  due: 'neutral',
  due_soon: 'amber',
  due_today: 'amber',
  overdue: 'red',
};

function useDueWords() {
  const { t } = useTranslation('orders');
  return (loan: LoanClock) =>
    loan.daysLeft === 0
      ? t('loan.dueToday')
      : loan.daysLeft > 0
        ? t('loan.dueWhen', { when: formatDaysFromNow(loan.daysLeft) })
        : t('loan.overdue', { count: -loan.daysLeft });
}

/** "due in 3 days" as a coloured badge. */
function DueBadge({ loan }: { loan: LoanClock }) {
  const words = useDueWords();
  return (
    <Badge tone={TONES[loan.state]} className={loan.state === 'overdue' ? 'font-semibold' : undefined}>
      <span data-testid="due-badge" data-state={loan.state}>
        {words(loan)}
      </span>
    </Badge>
  );
}

/** "Due Wed, 9 Dec 2026 · due in 3 days": one line for lists and cards. */
export function DueLine({ loan }: { loan: LoanClock }) {
  const { t } = useTranslation('orders');
  return (
    <p className="flex flex-wrap items-center gap-2 text-sm text-stone-700">
      <CalendarClock className="size-4 text-stone-500" aria-hidden />
      <span>{t('loan.dueOn', { date: formatDueDate(loan.dueDate) })}</span>
      <DueBadge loan={loan} />
    </p>
  );
}
