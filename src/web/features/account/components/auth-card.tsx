import type { ReactNode, Ref } from 'react';

/** The frame of the sign-in, sign-up and password screens: one centred card. */
export function AuthCard({
  icon,
  title,
  subtitle,
  children,
  footer,
  headingRef,
}: {
  icon: ReactNode;
  title: ReactNode;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  /** Given when the card is a success state that takes focus (useRevealOnSuccess). */
  headingRef?: Ref<HTMLHeadingElement>;
}) {
  return (
    <div className="flex justify-center bg-gradient-to-b from-brand-50 to-stone-50 px-4 py-10 sm:py-16">
      <div className="w-full max-w-md">
        <div className="rounded-2xl border border-stone-200 bg-white p-6 shadow-sm sm:p-8">
          <div className="mb-6 text-center">
            <div className="mx-auto mb-4 flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-700">
              {icon}
            </div>
            <h1
              ref={headingRef}
              tabIndex={headingRef ? -1 : undefined}
              className="text-2xl font-bold tracking-tight text-stone-900 focus:outline-none"
            >
              {title}
            </h1>
            {subtitle && <p className="mt-2 text-sm text-stone-600">{subtitle}</p>}
          </div>
          {children}
        </div>
        {footer && <div className="mt-6 text-center text-sm text-stone-600">{footer}</div>}
      </div>
    </div>
  );
}
