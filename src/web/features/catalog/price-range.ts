import { toMinor } from '@domain/money';

// D4: the price slider runs from 0 to the highest weekly price in the current scope, with a
// step that fits that range (about 20 stops), and its top covers every book in scope.

const NICE = [1, 2, 2.5, 5, 10];

/** A round step giving roughly `stops` positions between 0 and `max` whole rupiah. */
export function sliderStep(max: number, stops = 20): number {
  if (max <= 0) return 1;
  const raw = max / stops;
  const magnitude = 10 ** Math.floor(Math.log10(raw));
  const nice = NICE.find((n) => n * magnitude >= raw) ?? 10;
  return Math.max(1, nice * magnitude);
}

/** The slider's range for a server-reported maxWeeklyPrice ("50000.00"). */
export function sliderRange(maxWeeklyPrice: string): { max: number; step: number } {
  const highest = Math.ceil(toMinor(maxWeeklyPrice) / 100);
  const step = sliderStep(highest);
  return { max: Math.ceil(highest / step) * step, step };
}
