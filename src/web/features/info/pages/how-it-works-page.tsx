import '@web/lib/words/info';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '@web/components/ui/button';
import { Container } from '@web/components/ui/card';
import { PageTitle } from '@web/components/ui/page-title';

interface Step {
  title: string;
  text: string;
}

export default function HowItWorksPage() {
  const { t } = useTranslation('info');
  const steps = t('howItWorks.steps', { returnObjects: true }) as Step[];
  return (
    <Container className="max-w-3xl py-12 sm:py-16">
      <PageTitle title={t('howItWorks.title')} />
      <h1 className="text-3xl font-bold tracking-tight text-stone-900 sm:text-4xl">
        {t('howItWorks.title')}
      </h1>
      <p className="mt-4 text-lg leading-relaxed text-stone-600">{t('howItWorks.intro')}</p>
      <ol className="mt-10 space-y-4">
        {steps.map((step, index) => (
          <li
            key={step.title}
            className="flex gap-4 rounded-2xl border border-stone-200 bg-white p-5 shadow-xs"
          >
            <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-700 font-bold text-white">
              {index + 1}
            </span>
            <div>
              <h2 className="text-lg font-semibold text-stone-900">{step.title}</h2>
              <p className="mt-1 leading-relaxed text-stone-600">{step.text}</p>
            </div>
          </li>
        ))}
      </ol>
      <div className="mt-10">
        <ButtonLink to="/books" size="lg">
          {t('howItWorks.cta')}
        </ButtonLink>
      </div>
    </Container>
  );
}
