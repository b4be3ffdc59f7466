// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { applyLanguage, languageReady } from '@web/lib/i18n';
import { DayInput } from './day-input';

// A payout's date: whatever order the browser draws the field in, the page writes the chosen
// day out in its own language.

function Form() {
  const [day, setDay] = useState('2026-11-26');
  return <DayInput id="paid-on" aria-label="Paid on" value={day} onChange={setDay} />;
}

beforeAll(async () => {
  await languageReady;
});
afterEach(cleanup);
afterAll(() => applyLanguage('en'));

describe('DayInput', () => {
  it('writes the chosen day out in Indonesian on an Indonesian page, and follows a change', async () => {
    await applyLanguage('id');
    render(<Form />);
    expect(screen.getByTestId('day-in-words').textContent).toBe('26 November 2026');
    fireEvent.change(screen.getByLabelText('Paid on'), { target: { value: '2026-08-17' } });
    expect(screen.getByTestId('day-in-words').textContent).toBe('17 Agustus 2026');
    expect(screen.getByLabelText('Paid on').getAttribute('aria-describedby')).toBe('paid-on-words');
  });

  it('in English, and nothing written while no day is chosen', async () => {
    await applyLanguage('en');
    render(<Form />);
    expect(screen.getByTestId('day-in-words').textContent).toBe('26 November 2026');
    fireEvent.change(screen.getByLabelText('Paid on'), { target: { value: '' } });
    expect(screen.queryByTestId('day-in-words')).toBeNull();
  });
});
