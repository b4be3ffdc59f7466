import '@web/lib/words/info';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { POLICY_EFFECTIVE_DATE } from '@domain/constants';
import { formatEffectiveDate } from '@web/lib/format';
import { Container } from '@web/components/ui/card';
import { PageTitle } from '@web/components/ui/page-title';

export type InfoPageKey = 'shipping' | 'contact' | 'privacy' | 'terms' | 'cookies' | 'sellBooks';

interface Section {
  title: string;
  text: string;
  /** A mailto: or https://wa.me/ address, shown as a link before the text (the Contact page). */
  link?: string;
  linkLabel?: string;
}

/** An information page: title, introduction and titled sections, all from the info catalogue. */
export function InfoArticle({
  page,
  showEffectiveDate = false,
  children,
}: {
  page: InfoPageKey;
  showEffectiveDate?: boolean;
  children?: ReactNode;
}) {
  const { t } = useTranslation('info');
  const sections = t(`${page}.sections`, { returnObjects: true }) as Section[];
  return (
    <Container className="max-w-3xl py-12 sm:py-16">
      <article>
        <PageTitle title={t(`${page}.title`)} />
        <h1 className="text-3xl font-bold tracking-tight text-stone-900 sm:text-4xl">{t(`${page}.title`)}</h1>
        {showEffectiveDate && (
          <p className="mt-2 text-sm text-stone-500">
            {t('updated', { date: formatEffectiveDate(POLICY_EFFECTIVE_DATE) })}
          </p>
        )}
        <p className="mt-4 text-lg leading-relaxed text-stone-600">{t(`${page}.intro`)}</p>
        <div className="mt-10 space-y-8">
          {sections.map((section) => (
            <section key={section.title}>
              <h2 className="text-lg font-semibold text-stone-900">{section.title}</h2>
              {section.link && (
                <a
                  href={section.link}
                  className="mt-2 inline-block font-medium text-brand-700 underline"
                  {...(section.link.startsWith('https:') ? { target: '_blank', rel: 'noreferrer' } : {})}
                >
                  {section.linkLabel ?? section.link}
                </a>
              )}
              <p className="mt-2 leading-relaxed text-stone-700">{section.text}</p>
            </section>
          ))}
        </div>
        {children && <div className="mt-10">{children}</div>}
      </article>
    </Container>
  );
}
