import { Package } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { CursorPager } from '@web/components/cursor-pager';
import { ButtonLink } from '@web/components/ui/button';
import { cn } from '@web/components/ui/cn';
import { Container, PageHeader } from '@web/components/ui/card';
import { EmptyState } from '@web/components/ui/feedback';
import { QueryState } from '@web/components/query-state';
import { type OrdersView, useOrders } from '@web/features/orders/api';
import { OrderList } from '@web/features/orders/components/order-list';
import { PageTitle } from '@web/components/ui/page-title';
import { useCursorParam } from '@web/lib/cursor-param';

const VIEWS: OrdersView[] = ['borrower', 'owner'];

/** The member's orders as borrower, and in a second tab the orders for their books (?as=owner). */
export default function MyOrdersPage() {
  const { t } = useTranslation('orders');
  const [params, setParams] = useSearchParams();
  const view: OrdersView = params.get('as') === 'owner' ? 'owner' : 'borrower';
  const [cursor, setCursor] = useCursorParam();
  const orders = useOrders(view, cursor);

  const body = (
    <QueryState
      query={orders}
      loading={t('loading')}
      failed={t('errors.load')}
      isEmpty={(data) => data.items.length === 0 && data.attention.length === 0}
      empty={
        <EmptyState
          icon={<Package className="size-10" aria-hidden />}
          title={view === 'borrower' ? t('empty.borrowerTitle') : t('empty.ownerTitle')}
          description={view === 'borrower' ? t('empty.borrowerDescription') : t('empty.ownerDescription')}
          action={view === 'borrower' ? <ButtonLink to="/books">{t('empty.browse')}</ButtonLink> : undefined}
        />
      }
    >
      {(data) => {
        // The first page leads with the orders that need attention now (most urgent first); each
        // order shows once on a page, and every order keeps its place in the newest-first pages.
        const shown = new Set(data.attention.map((o) => o.id));
        return (
          <>
            <OrderList
              orders={[...data.attention, ...data.items.filter((o) => !shown.has(o.id))]}
              view={view}
            />
            <CursorPager page={data} testId="orders-pager" onCursor={setCursor} />
          </>
        );
      }}
    </QueryState>
  );

  return (
    <Container className="max-w-4xl py-8 sm:py-10">
      <PageTitle title={t('title')} />
      <PageHeader title={t('title')} description={t('subtitle')} />
      <div role="tablist" aria-label={t('title')} className="mb-5 inline-flex rounded-xl bg-stone-100 p-1">
        {VIEWS.map((v) => (
          <button
            key={v}
            type="button"
            role="tab"
            aria-selected={view === v}
            onClick={() => setParams(v === 'owner' ? { as: 'owner' } : {}, { replace: true })}
            className={cn(
              'rounded-lg px-4 py-2 text-sm font-medium transition-colors',
              view === v ? 'bg-white text-stone-900 shadow-xs' : 'text-stone-600 hover:text-stone-900',
            )}
          >
            {t(`tabs.${v}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel">{body}</div>
    </Container>
  );
}
