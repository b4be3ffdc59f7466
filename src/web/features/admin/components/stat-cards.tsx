import '@web/lib/words/admin';
import { BookOpen, CalendarX, Mail, ShoppingBag, Timer, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminStats } from '@domain/admin-types';

function StatCard({
  icon,
  label,
  value,
  note,
}: {
  icon: ReactNode;
  label: string;
  value: number;
  note: string;
}) {
  return (
    <div className="flex items-start gap-3 rounded-2xl border border-stone-200 bg-white p-4 shadow-xs sm:p-5">
      <div className="rounded-xl bg-brand-50 p-2.5 text-brand-700">{icon}</div>
      <div className="min-w-0">
        <p className="text-sm font-medium text-stone-600">{label}</p>
        <p className="text-2xl font-bold tracking-tight text-stone-900 tabular-nums">
          {new Intl.NumberFormat('id-ID').format(value)}
        </p>
        <p className="text-xs text-stone-500">{note}</p>
      </div>
    </div>
  );
}

/** Total Orders, Total Books, Total Users, Overdue loans, Priced late, Pending Emails (spec section 2). */
export function StatCards({ stats, pendingEmails }: { stats: AdminStats; pendingEmails: number }) {
  const { t } = useTranslation('admin');
  return (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-3 lg:gap-4">
      <StatCard
        icon={<ShoppingBag className="size-5" aria-hidden />}
        label={t('stats.totalOrders')}
        value={stats.totalOrders}
        // Awaiting review (Draft) and awaiting payment are different work: counted apart.
        note={t('stats.ordersBreakdown', { review: stats.draftOrders, payment: stats.awaitingPaymentOrders })}
      />
      <StatCard
        icon={<BookOpen className="size-5" aria-hidden />}
        label={t('stats.totalBooks')}
        value={stats.totalBooks}
        note={t('stats.notDeleted')}
      />
      <StatCard
        icon={<Users className="size-5" aria-hidden />}
        label={t('stats.totalUsers')}
        value={stats.totalUsers}
        note={t('stats.members')}
      />
      <StatCard
        icon={<CalendarX className="size-5" aria-hidden />}
        label={t('stats.overdue')}
        value={stats.overdueOrders}
        note={stats.overdueOrders > 0 ? t('stats.overdueNote') : t('stats.noneOverdue')}
      />
      <StatCard
        icon={<Timer className="size-5" aria-hidden />}
        label={t('stats.pricedLate')}
        value={stats.pricedLateThisWeek}
        // The 24-hour promise, counted over this week in the operator's zone.
        note={stats.pricedLateThisWeek > 0 ? t('stats.pricedLateNote') : t('stats.nonePricedLate')}
      />
      <StatCard
        icon={<Mail className="size-5" aria-hidden />}
        label={t('stats.pendingEmails')}
        value={pendingEmails}
        note={pendingEmails > 0 ? t('stats.notSent') : t('stats.allSent')}
      />
    </div>
  );
}
