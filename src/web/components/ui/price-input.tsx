import { forwardRef, type InputHTMLAttributes } from 'react';
import { groupRupiah, parseRupiah } from '@domain/price-parse';
import { cn } from './cn';
import { Input } from './field';

// The one amount input (D32): whole rupiah with `.` or `,` as thousands separators, shown as
// "Rp 12.000" while typing. Book prices, shipping costs, payments received and payouts use it.

/** A decimal from the API ("25000.00") as the input shows it ("25.000"). */
export function priceText(value: string | null | undefined): string {
  if (!value) return '';
  const parsed = parseRupiah(value);
  return parsed.ok ? groupRupiah(parsed.rupiah) : value;
}

/**
 * What the input shows for what was typed: digits regrouped ("12000" -> "12.000") unless the
 * text ends in what may become a fraction or a group ("12.5", "12.0"), which stays as typed so
 * the next keystroke can finish it and a fraction gets its message.
 */
function typedPrice(text: string): string {
  const cleaned = text.replace(/^\s*rp\.?\s*/i, '').replace(/\s/g, '');
  if (!/^[\d.,]*$/.test(cleaned) || /[.,]\d{0,2}$/.test(cleaned)) return text;
  const digits = cleaned.replace(/[.,]/g, '').replace(/^0+(?=\d)/, '');
  return digits === '' ? '' : groupRupiah(Number(digits));
}

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'type'> & {
  value: string;
  onChange: (text: string) => void;
  invalid?: boolean;
};

export const PriceInput = forwardRef<HTMLInputElement, Props>(function PriceInput(
  { value, onChange, invalid, className, ...rest },
  ref,
) {
  return (
    <div className={cn('relative', className)}>
      <span
        aria-hidden
        className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-base text-stone-500 sm:text-sm"
      >
        Rp
      </span>
      <Input
        ref={ref}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        invalid={invalid}
        className="pl-10 tabular-nums"
        value={value}
        onChange={(e) => onChange(typedPrice(e.target.value))}
        {...rest}
      />
    </div>
  );
});

/** True when the text is whole rupiah of at least `min`. */
export function isRupiahAtLeast(text: string, min: number): boolean {
  const parsed = parseRupiah(text);
  return parsed.ok && parsed.rupiah >= min;
}
