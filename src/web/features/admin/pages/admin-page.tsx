import '@web/lib/words/admin';
import { ShieldAlert } from 'lucide-react';
import { lazy, type ReactNode, Suspense, useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Container, PageHeader } from '@web/components/ui/card';
import { cn } from '@web/components/ui/cn';
import { EmptyState, ErrorBanner, LoadingState } from '@web/components/ui/feedback';
import { useSession } from '@web/lib/session';
import { type ListParams, useAdminQueue, useAdminStats, usePendingEmailCount } from '@web/features/admin/api';
import { QueueTab } from '@web/features/admin/components/queue-tab';
import { BooksTab } from '@web/features/admin/components/books-tab';
import { EmailsTab } from '@web/features/admin/components/emails-tab';
import { OrdersTab } from '@web/features/admin/components/orders-tab';
import { StatCards } from '@web/features/admin/components/stat-cards';
import { UsersTab } from '@web/features/admin/components/users-tab';
import { PageTitle } from '@web/components/ui/page-title';
import { PayoutsTab } from '@web/features/admin/components/payouts-tab';
import { InboxTab } from '@web/features/admin/components/inbox-tab';
import { ReviewsTab } from '@web/features/admin/components/reviews-tab';
import { DeliveryPricesTab } from '@web/features/admin/components/delivery-prices-tab';
import { PaymentTasksTab } from '@web/features/admin/components/payment-tasks-tab';
import { FinanceTab } from '@web/features/admin/components/finance-tab';

// The charts library and the tab's words load only when the Statistics tab is opened.
const StatisticsTab = lazy(() => import('@web/features/admin/statistics/statistics-tab'));

const TABS = [
  // What needs a person now, by deadline: the dashboard opens on it.
  'queue',
  'orders',
  'books',
  'users',
  'emails',
  'payouts',
  'inbox',
  'reviews',
  // Delivery priced by area
  'deliveryPrices',
  // Late and wrong money, the gateway's fees in the month's figures
  'paymentTasks',
  'finance',
  // The marketplace at a glance: twelve weeks of figures
  'statistics',
] as const;
type Tab = (typeof TABS)[number];

/** The list state lives in the URL (?tab=books&q=..&cursor=..), so reload and Back keep it. */
function useTabState() {
  const [search, setSearch] = useSearchParams();
  const tab: Tab = TABS.find((t) => t === search.get('tab')) ?? 'queue';
  const params: ListParams = {
    q: search.get('q') || undefined,
    cursor: search.get('cursor') || undefined,
    status: search.get('status') || undefined,
    role: search.get('role') || undefined,
    state: search.get('state') || undefined,
  };
  const setParams = useCallback(
    (patch: Partial<ListParams>) => {
      setSearch((prev) => {
        const next = new URLSearchParams(prev);
        for (const [key, value] of Object.entries(patch)) {
          if (value === undefined || value === '') next.delete(key);
          else next.set(key, String(value));
        }
        return next;
      });
    },
    [setSearch],
  );
  const setTab = useCallback((next: Tab) => setSearch(next === 'queue' ? {} : { tab: next }), [setSearch]);
  return { tab, params, setParams, setTab };
}

export default function AdminPage() {
  const { t } = useTranslation('admin');
  const { isAdmin, isLoading } = useSession();

  if (isLoading) return <LoadingState label={t('loading')} />;
  if (!isAdmin) {
    // The server refuses every admin call too; this only spares a non-admin the empty shell.
    return (
      <Container className="py-12">
        <EmptyState icon={<ShieldAlert className="size-8" aria-hidden />} title={t('accessDenied')} />
      </Container>
    );
  }
  return <Dashboard />;
}

function Dashboard() {
  const { t } = useTranslation('admin');
  const { tab, params, setParams, setTab } = useTabState();
  const stats = useAdminStats();
  const pending = usePendingEmailCount();

  // The first page of the queue (the tab's own when it shows it): its total is the tab's badge.
  const queue = useAdminQueue(undefined);

  const panels: Record<Tab, ReactNode> = {
    queue: <QueueTab params={params} onParams={setParams} />,
    orders: <OrdersTab params={params} onParams={setParams} />,
    books: <BooksTab params={params} onParams={setParams} />,
    users: <UsersTab params={params} onParams={setParams} />,
    emails: <EmailsTab params={params} onParams={setParams} pendingCount={pending.data?.count} />,
    payouts: <PayoutsTab />,
    inbox: <InboxTab />,
    reviews: <ReviewsTab />,
    deliveryPrices: <DeliveryPricesTab />,
    paymentTasks: <PaymentTasksTab params={params} onParams={setParams} />,
    finance: <FinanceTab />,
    statistics: (
      <Suspense fallback={<LoadingState label={t('loading')} />}>
        <StatisticsTab />
      </Suspense>
    ),
  };

  return (
    <Container className="py-8">
      <PageTitle title={t('title')} />
      <PageHeader title={t('title')} description={t('subtitle')} />
      {stats.isError ? (
        <ErrorBanner>{t('loadFailed')}</ErrorBanner>
      ) : stats.data ? (
        <StatCards stats={stats.data} pendingEmails={pending.data?.count ?? stats.data.pendingEmails} />
      ) : (
        <div className="grid grid-cols-2 gap-3 lg:grid-cols-4 lg:gap-4" aria-hidden>
          {TABS.slice(0, 4).map((key) => (
            <div key={key} className="h-[98px] animate-pulse rounded-2xl border border-stone-200 bg-white" />
          ))}
        </div>
      )}

      <div
        role="tablist"
        aria-label={t('tabs.label')}
        // On a phone the tabs wrap onto a second line: every tab stays in sight.
        className="mt-8 mb-5 flex flex-wrap gap-x-1 border-b border-stone-200 sm:flex-nowrap sm:overflow-x-auto"
      >
        {TABS.map((key) => (
          <button
            key={key}
            type="button"
            role="tab"
            id={`admin-tab-${key}`}
            aria-selected={tab === key}
            aria-controls={`admin-panel-${key}`}
            onClick={() => setTab(key)}
            className={cn(
              '-mb-px flex items-center gap-2 border-b-2 px-3 py-2.5 text-sm font-medium whitespace-nowrap transition-colors',
              tab === key
                ? 'border-brand-700 text-brand-800'
                : 'border-transparent text-stone-600 hover:border-stone-300 hover:text-stone-900',
            )}
          >
            {t(`tabs.${key}`)}
            {key === 'queue' && (queue.data?.total ?? 0) > 0 && (
              <span className="rounded-full bg-red-100 px-1.5 text-xs text-red-800">
                {queue.data?.totalCapped ? `${queue.data.total}+` : queue.data?.total}
              </span>
            )}
            {key === 'orders' && (stats.data?.draftOrders ?? 0) > 0 && (
              <span className="rounded-full bg-amber-100 px-1.5 text-xs text-amber-800">
                {stats.data?.draftOrders}
              </span>
            )}
            {key === 'emails' && (pending.data?.count ?? 0) > 0 && (
              <span className="rounded-full bg-amber-100 px-1.5 text-xs text-amber-800">
                {pending.data?.count}
              </span>
            )}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`admin-panel-${tab}`} aria-labelledby={`admin-tab-${tab}`}>
        {panels[tab]}
      </div>
    </Container>
  );
}
