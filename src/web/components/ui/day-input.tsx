import type { InputHTMLAttributes } from 'react';
import { formatDay } from '@web/lib/format';
import { cn } from './cn';
import { Input } from './field';

// The one calendar-day input (a payout's date). The browser draws a date field in its own
// locale, not the page's: Chromium set to English shows "11/26/2026" on an Indonesian page.
// Below the field the chosen day is written out in the page's language ("26 November 2026"),
// as every other date of the page is, so the reader never has to decode the field's order. The
// words hang below the field without moving it, so a row of fields stays aligned.

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'type' | 'id'> & {
  id: string;
  /** YYYY-MM-DD, or '' when none is chosen. */
  value: string;
  onChange: (day: string) => void;
};

export function DayInput({ id, value, onChange, className, ...rest }: Props) {
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(value);
  return (
    <div className={cn('relative', className)}>
      <Input
        {...rest}
        id={id}
        type="date"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-describedby={valid ? `${id}-words` : undefined}
      />
      {valid && (
        <p
          id={`${id}-words`}
          data-testid="day-in-words"
          className="absolute top-full left-0 mt-0.5 text-xs whitespace-nowrap text-stone-600"
        >
          {formatDay(value)}
        </p>
      )}
    </div>
  );
}
