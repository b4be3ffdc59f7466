import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '@web/components/ui/button';
import { Container } from '@web/components/ui/card';
import { EmptyState, ErrorBanner } from '@web/components/ui/feedback';
import { ApiError } from '@web/lib/api';

/**
 * A page whose one record did not load: a 404 is an answer ('Book not found', 'Owner not
 * found') with a way on; anything else is the spec's failure message in the red banner.
 */
export function LoadFailure({
  error,
  icon,
  notFoundTitle,
  notFoundDescription,
  failedMessage,
}: {
  error: unknown;
  icon: ReactNode;
  notFoundTitle: string;
  notFoundDescription: string;
  failedMessage: string;
}) {
  const { t } = useTranslation('catalog');
  const notFound = error instanceof ApiError && error.status === 404;
  return (
    <Container className="py-10">
      {notFound ? (
        <EmptyState
          icon={icon}
          title={notFoundTitle}
          description={notFoundDescription}
          action={<ButtonLink to="/books">{t('detail.backToBooks')}</ButtonLink>}
        />
      ) : (
        <ErrorBanner>{failedMessage}</ErrorBanner>
      )}
    </Container>
  );
}
