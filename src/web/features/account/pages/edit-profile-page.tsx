import '@web/lib/words/account';
import { ArrowLeft, Bell, UserRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Button, ButtonLink } from '@web/components/ui/button';
import { Container, PageHeader } from '@web/components/ui/card';
import { EmptyState, ErrorBanner, LoadingState } from '@web/components/ui/feedback';
import { rememberReturnPath, useSession } from '@web/lib/session';
import { PayoutDetailsSection } from '@web/features/account/components/payout-details-section';
import { PasswordSection } from '@web/features/account/components/password-section';
import { PickupLocationsSection } from '@web/features/account/components/pickup-locations-section';
import { ProfileForm } from '@web/features/account/components/profile-form';
import { SectionCard } from '@web/features/account/components/section-card';
import { PageTitle } from '@web/components/ui/page-title';
// Where members are: WhatsApp chat links
import { WhatsappSection } from '@web/features/account/components/whatsapp-section';

// Installing the app, for whoever looks for it here (its own chunk, loaded with this page).
const InstallOffer = lazy(() => import('@web/components/install-offer'));

/**
 * Not behind the guard on purpose: guests see 'Please sign in to edit your profile' (spec).
 * A bad confirmation link comes back here with an error appended by Better Auth. Owner setup
 * (drop-off locations, payout details) is offered from the manage page once a first book is listed.
 */
export default function EditProfilePage() {
  const { t } = useTranslation('account');
  const { user, isLoading, isError } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  // Read once, then dropped from the address so a reload or a later visit doesn't repeat them.
  const [confirmFailed] = useState(() => /[?&]error=/.test(location.search));
  useEffect(() => {
    if (confirmFailed) navigate('/profile/edit', { replace: true });
  }, [confirmFailed, navigate]);

  function goBack() {
    // React Router numbers this tab's history entries: at 0 there is nothing to go back to.
    if ((window.history.state?.idx ?? 0) > 0) navigate(-1);
    else navigate('/');
  }

  return (
    <Container className="py-8 sm:py-10">
      <div className="mx-auto max-w-4xl">
        <PageTitle title={t('profile.title')} />
        <Button variant="ghost" size="sm" onClick={goBack} className="-ml-3 mb-4">
          <ArrowLeft className="size-4" aria-hidden />
          {t('profile.back')}
        </Button>
        {confirmFailed && <ErrorBanner className="mb-6">{t('profile.confirmLinkInvalid')}</ErrorBanner>}
        {isLoading ? (
          <LoadingState label={t('loading', { ns: 'common' })} />
        ) : isError && !user ? (
          <ErrorBanner>{t('profile.loadFailed')}</ErrorBanner>
        ) : !user ? (
          <EmptyState
            icon={<UserRound className="size-10" aria-hidden />}
            title={t('profile.signInRequired')}
            description={t('profile.signInRequiredText')}
            action={
              <ButtonLink to="/signin" onClick={() => rememberReturnPath('/profile/edit')}>
                {t('profile.signInButton')}
              </ButtonLink>
            }
          />
        ) : (
          <>
            <PageHeader title={t('profile.title')} description={t('profile.subtitle')} />
            <div className="space-y-6">
              <ProfileForm key={user.id} me={user} />
              <WhatsappSection />
              {/* Members choose their channels: their own page. */}
              <SectionCard
                title={t('profile.notifications.title')}
                description={t('profile.notifications.description')}
              >
                <ButtonLink to="/profile/notifications" variant="secondary">
                  <Bell className="size-4" aria-hidden />
                  {t('profile.notifications.open')}
                </ButtonLink>
              </SectionCard>
              <PickupLocationsSection />
              <PayoutDetailsSection />
              <PasswordSection email={user.email} />
              <Suspense fallback={null}>
                <InstallOffer place="account" />
              </Suspense>
            </div>
          </>
        )}
      </div>
    </Container>
  );
}
