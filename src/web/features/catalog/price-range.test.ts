import { describe, expect, it } from 'vitest';
import { sliderRange, sliderStep } from './price-range';

describe('price slider range (D4)', () => {
  it('runs to the highest weekly price in scope with a round step', () => {
    expect(sliderRange('30000.00')).toEqual({ max: 30000, step: 2000 });
    expect(sliderRange('50000.00')).toEqual({ max: 50000, step: 2500 });
    expect(sliderRange('15000.00')).toEqual({ max: 15000, step: 1000 });
  });

  it('rounds the top up so the most expensive book is always inside the range', () => {
    const { max, step } = sliderRange('27500.50');
    expect(max).toBeGreaterThanOrEqual(27501);
    expect(max % step).toBe(0);
    expect(max - step).toBeLessThan(27500.5);
  });

  it('gives about twenty stops whatever the scale', () => {
    for (const highest of [99, 1234, 25_000, 480_000, 100_000_000]) {
      const step = sliderStep(highest);
      const stops = highest / step;
      expect(stops).toBeGreaterThanOrEqual(8);
      expect(stops).toBeLessThanOrEqual(20);
    }
  });

  it('never steps below one rupiah', () => {
    expect(sliderStep(7)).toBe(1);
  });

  it('has an empty range when nothing is in scope', () => {
    expect(sliderRange('0.00')).toEqual({ max: 0, step: 1 });
  });
});
