import type { ReactNode } from 'react';

/** The bordered list of rows the Books, Users and Emails tabs share. */
export function RowList({ children }: { children: ReactNode }) {
  return (
    <ul className="divide-y divide-stone-100 overflow-hidden rounded-2xl border border-stone-200 bg-white shadow-xs">
      {children}
    </ul>
  );
}
