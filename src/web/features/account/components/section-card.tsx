import { type ReactNode, type Ref, useId } from 'react';

/** One titled block of the profile screen. */
export function SectionCard({
  title,
  description,
  aside,
  children,
  headingRef,
}: {
  title: ReactNode;
  description?: ReactNode;
  aside?: ReactNode;
  children: ReactNode;
  /** Given when a success state of the section takes focus (useRevealOnSuccess). */
  headingRef?: Ref<HTMLHeadingElement>;
}) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-2xl border border-stone-200 bg-white p-5 shadow-xs sm:p-6"
    >
      <div className="mb-5 flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h2
            id={headingId}
            ref={headingRef}
            tabIndex={headingRef ? -1 : undefined}
            className="scroll-mt-24 text-lg font-semibold text-stone-900 focus:outline-none"
          >
            {title}
          </h2>
          {description && <p className="mt-1 text-sm text-stone-600">{description}</p>}
        </div>
        {aside}
      </div>
      {children}
    </section>
  );
}
