// @vitest-environment happy-dom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { componentTestLifecycle, inIndonesian } from '@tests/support/web-render';
import { QueryState } from './query-state';

// The one loading / failed / empty block the list pages share: each state says what it should,
// and "Try again" asks the query again.

type Rows = { items: string[] };
const query = (state: Partial<{ isPending: boolean; isError: boolean; data: Rows }>) => ({
  isPending: false,
  isError: false,
  data: undefined,
  refetch: vi.fn(),
  ...state,
});

function show(q: ReturnType<typeof query>, loading: string | React.ReactElement = 'Loading books...') {
  return render(
    <QueryState
      query={q}
      loading={loading}
      failed="Failed to load books"
      isEmpty={(data) => data.items.length === 0}
      empty={<p>No books yet</p>}
    >
      {(data) => (
        <ul>
          {data.items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      )}
    </QueryState>,
  );
}

componentTestLifecycle();

describe('QueryState', () => {
  it('while loading shows the spinner’s words, or the page’s own placeholder', () => {
    const first = show(query({ isPending: true }));
    expect(screen.getByRole('status').textContent).toBe('Loading books...');
    first.unmount();
    show(query({ isPending: true }), <p data-testid="skeleton">…</p>);
    expect(screen.getByTestId('skeleton')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('a failed load says so and "Try again" asks again; in Indonesian "Coba lagi"', async () => {
    const failed = query({ isError: true });
    const first = show(failed);
    expect(screen.getByRole('alert').textContent).toBe('Failed to load books Try again');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(failed.refetch).toHaveBeenCalledTimes(1);
    first.unmount();
    await inIndonesian(async () => {
      show(query({ isError: true }));
      expect(screen.getByRole('button', { name: 'Coba lagi' })).toBeTruthy();
    });
  });

  it('an empty answer shows the empty state, any other the content', () => {
    const first = show(query({ data: { items: [] } }));
    expect(screen.getByText('No books yet')).toBeTruthy();
    first.unmount();
    show(query({ data: { items: ['Dune', 'Matilda'] } }));
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Dune', 'Matilda']);
    expect(screen.queryByText('No books yet')).toBeNull();
  });
});
