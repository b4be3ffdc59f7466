import '@web/lib/words/notices';
import { ArrowLeft } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '@web/components/ui/button';
import { Container, PageHeader } from '@web/components/ui/card';
import { QueryState } from '@web/components/query-state';
import { PageTitle } from '@web/components/ui/page-title';
import { useNoticeChoices } from '../api';
import { ChoicesSection } from '../components/choices-section';
import { DeviceSection } from '../components/device-section';

/** Members choose their channels: push on this device, and per kind email and push. */
export default function NotificationsPage() {
  const { t } = useTranslation('notices');
  const choices = useNoticeChoices();
  return (
    <Container className="py-8 sm:py-10">
      <div className="mx-auto max-w-3xl">
        <PageTitle title={t('page.title')} />
        <ButtonLink to="/profile/edit" variant="ghost" size="sm" className="-ml-3 mb-4">
          <ArrowLeft className="size-4" aria-hidden />
          {t('page.back')}
        </ButtonLink>
        <PageHeader title={t('page.title')} description={t('page.description')} />
        <QueryState query={choices} loading={t('loading', { ns: 'common' })} failed={t('page.loadFailed')}>
          {() => (
            <div className="space-y-6">
              <DeviceSection />
              <ChoicesSection />
            </div>
          )}
        </QueryState>
      </div>
    </Container>
  );
}
