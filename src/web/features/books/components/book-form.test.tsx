// @vitest-environment happy-dom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BookFormValues } from '@domain/schemas/book-form';
import {
  apiError,
  componentTestLifecycle,
  inIndonesian,
  renderWithApp,
  standInApi,
} from '@tests/support/web-render';
import { bookFormData, useCreateBook } from '../api';
import { BookForm } from './book-form';
import type { PhotoEntry } from './photos-picker';

// The upload and edit form (spec section 5, D18, D28, D30, D32): the shared schema's messages
// under each field, the price inputs, the four-photo limit and what the submit button does.

const png = (name: string) => new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });
const stored = (n: number): PhotoEntry[] =>
  Array.from({ length: n }, (_, i) => ({
    kind: 'stored',
    key: `books/p${i}.webp`,
    url: `/images/p${i}.webp`,
  }));

type Submit = (values: BookFormValues, photos: PhotoEntry[]) => Promise<unknown>;

/** The new-book page's use of the form: the real multipart client, answered by the stand-in. */
function Upload() {
  const create = useCreateBook();
  return (
    <BookForm
      submitLabel="Upload book"
      fallbackError="Failed to upload book"
      onSubmit={(values, photos) => create.mutateAsync(bookFormData(values, photos, { edit: false }))}
    />
  );
}

function showForm({
  onSubmit = async () => {},
  initialPhotos = [],
  initial,
}: {
  onSubmit?: Submit;
  initialPhotos?: PhotoEntry[];
  initial?: Parameters<typeof BookForm>[0]['initial'];
} = {}) {
  return renderWithApp(
    <BookForm
      initial={initial}
      initialPhotos={initialPhotos}
      submitLabel="Upload book"
      onSubmit={onSubmit}
      fallbackError="Failed to upload book"
    />,
  );
}

const errorOf = (label: string) => {
  const input = screen.getByLabelText(label);
  return document.getElementById(`${input.id}-error`)?.textContent ?? null;
};

componentTestLifecycle();
beforeAll(() => {
  // happy-dom decodes no images; the browser's decoder says a picked PNG is one.
  vi.stubGlobal('createImageBitmap', async () => ({ close() {} }));
  window.scrollTo = () => {};
});
beforeEach(() => {
  standInApi([]);
});

describe('book form', () => {
  it('an empty submit shows every required field’s message with the cover’s, and sends nothing', async () => {
    const onSubmit = vi.fn(async () => {});
    showForm({ onSubmit });
    await userEvent.click(screen.getByRole('button', { name: 'Upload book' }));
    await waitFor(() => expect(errorOf('Title')).toBe('Title is required'));
    expect(errorOf('Author')).toBe('Author is required');
    expect(errorOf('Weekly price (IDR)')).toBe('Weekly price must be at least Rp 1.000');
    expect(screen.getByText('Book cover is required')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('in Indonesian, the same messages in Indonesian', async () => {
    await inIndonesian(async () => {
      showForm();
      await userEvent.click(screen.getByRole('button', { name: 'Upload book' }));
      await waitFor(() => expect(errorOf('Judul')).toBe('Judul wajib diisi'));
      expect(errorOf('Penulis')).toBe('Penulis wajib diisi');
      expect(errorOf('Harga mingguan (IDR)')).toBe('Harga mingguan minimal Rp 1.000');
      expect(screen.getByText('Sampul buku wajib diisi')).toBeTruthy();
    });
  });

  it('groups a typed price as rupiah, and refuses a price below Rp 1.000, a fraction and a monthly price of 4 weeks or more (D32)', async () => {
    showForm({ initialPhotos: stored(1), initial: { title: 'Laskar Pelangi', author: 'Andrea Hirata' } });
    const weekly = screen.getByLabelText('Weekly price (IDR)') as HTMLInputElement;
    const monthly = screen.getByLabelText('Monthly price (IDR, optional)') as HTMLInputElement;
    const sale = screen.getByLabelText('Sale price (IDR, optional)') as HTMLInputElement;
    await userEvent.type(weekly, '12000');
    expect(weekly.value).toBe('12.000');
    await userEvent.type(sale, '500');
    await userEvent.click(screen.getByRole('button', { name: 'Upload book' }));
    await waitFor(() =>
      expect(errorOf('Sale price (IDR, optional)')).toBe('Sale price must be at least Rp 1.000'),
    );
    expect(errorOf('Weekly price (IDR)')).toBeNull();

    // The form-wide rule runs once every field passes on its own.
    await userEvent.clear(sale);
    await userEvent.type(monthly, '48000');
    await userEvent.click(screen.getByRole('button', { name: 'Upload book' }));
    await waitFor(() =>
      expect(errorOf('Monthly price (IDR, optional)')).toBe(
        'Monthly price must be below 4 x the weekly price',
      ),
    );
    expect(errorOf('Sale price (IDR, optional)')).toBeNull();

    await userEvent.clear(weekly);
    await userEvent.type(weekly, '12.5');
    await userEvent.click(screen.getByRole('button', { name: 'Upload book' }));
    await waitFor(() => expect(errorOf('Weekly price (IDR)')).toBe('Price must be a whole number of rupiah'));
  });

  it('sends the parsed values and the photos in order, the button busy until the answer comes', async () => {
    let finish: () => void = () => {};
    const onSubmit = vi.fn<Submit>(() => new Promise<void>((resolve) => (finish = resolve)));
    const photos = stored(2);
    showForm({ onSubmit, initialPhotos: photos });
    await userEvent.type(screen.getByLabelText('Title'), '  Bumi Manusia ');
    await userEvent.type(screen.getByLabelText('Author'), 'Pramoedya Ananta Toer');
    await userEvent.selectOptions(screen.getByLabelText('Language'), 'Indonesian');
    await userEvent.selectOptions(screen.getByLabelText('Condition'), 'Good');
    await userEvent.selectOptions(screen.getByLabelText('Category'), 'Adult');
    await userEvent.type(screen.getByLabelText('Weekly price (IDR)'), '15000');
    await userEvent.type(screen.getByLabelText('Sale price (IDR, optional)'), '90000');
    await userEvent.click(screen.getByRole('button', { name: 'Upload book' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    const [values, sent] = onSubmit.mock.calls[0];
    expect(values).toMatchObject({
      title: 'Bumi Manusia',
      author: 'Pramoedya Ananta Toer',
      language: 'Indonesian',
      condition: 'Good',
      category: 'Adult',
      weeklyPrice: '15000.00',
      monthlyPrice: undefined,
      salePrice: '90000.00',
    });
    expect(sent).toEqual(photos);
    const button = screen.getByRole('button', { name: 'Upload book' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    await act(async () => finish());
    await waitFor(() => expect(button.disabled).toBe(false));
  });

  it('puts the server’s field problems under their fields, and a server failure in the banner', async () => {
    const answers = [
      apiError(422, 'VALIDATION_ERROR', 'Invalid', {
        fieldCodes: { title: { code: 'titleRequired' }, cover: { code: 'coverType' } },
      }),
      apiError(500, 'INTERNAL', 'Internal error'),
    ];
    const seen = standInApi([['POST', '/api/books', () => answers.shift() ?? { status: 201 }]]);
    renderWithApp(<Upload />);
    await userEvent.type(screen.getByLabelText('Title'), 'Ronggeng Dukuh Paruk');
    await userEvent.type(screen.getByLabelText('Author'), 'Ahmad Tohari');
    await userEvent.type(screen.getByLabelText('Weekly price (IDR)'), '10000');
    await act(async () => {
      fireEvent.change(document.querySelector('input[type="file"]') as HTMLInputElement, {
        target: { files: [png('cover.png')] },
      });
    });
    await userEvent.click(screen.getByRole('button', { name: 'Upload book' }));
    await waitFor(() => expect(errorOf('Title')).toBe('Title is required'));
    expect(screen.getByText('File must be JPG, PNG, or WEBP')).toBeTruthy();
    const sent = seen[0].body as FormData;
    expect([sent.get('title'), sent.get('weeklyPrice'), (sent.get('cover') as File).name]).toEqual([
      'Ronggeng Dukuh Paruk',
      '10000.00',
      'cover.png',
    ]);

    await userEvent.click(screen.getByRole('button', { name: 'Upload book' }));
    await waitFor(() => expect(screen.getByText('Failed to upload book')).toBeTruthy());
  });

  it('keeps at most four photos: a fifth pick is refused with the limit’s message, and the add slot goes at four (D18)', async () => {
    showForm({ initialPhotos: stored(3) });
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    await act(async () => {
      fireEvent.change(input, { target: { files: [png('a.png'), png('b.png')] } });
    });
    await waitFor(() => expect(screen.getByText('A book can have at most 4 photos')).toBeTruthy());
    const list = screen.getByRole('group', { name: 'Photos' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(4);
    expect(within(list).getByText('Cover')).toBeTruthy();
    expect(document.querySelector('input[type="file"]')).toBeNull();

    // Removing one brings the slot back.
    await userEvent.click(screen.getByRole('button', { name: 'Remove photo 4' }));
    expect(document.querySelector('input[type="file"]')).not.toBeNull();
  });

  it('refuses a file that is no JPG, PNG or WEBP', async () => {
    showForm();
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    await act(async () => {
      fireEvent.change(input, { target: { files: [new File(['hi'], 'notes.txt', { type: 'text/plain' })] } });
    });
    await waitFor(() =>
      expect(screen.getByText('Invalid file: Must be JPG, PNG, or WEBP, max 2MB')).toBeTruthy(),
    );
    expect(screen.queryByText('Cover')).toBeNull();
  });

  it('offers another listing’s details for a typed ISBN and fills them in one click (D30)', async () => {
    const seen = standInApi([
      [
        'GET',
        '/api/books/isbn/9786020332956',
        () => ({
          body: {
            title: 'Laut Bercerita',
            author: 'Leila S. Chudori',
            language: 'Indonesian',
            category: 'Adult',
          },
        }),
      ],
    ]);
    showForm();
    await userEvent.type(screen.getByLabelText('ISBN (optional)'), '978-602-03-3295-6');
    const offer = await screen.findByText(/Another listing with this ISBN/);
    expect(offer.textContent).toContain('“Laut Bercerita” by Leila S. Chudori');
    expect(seen.some((r) => r.path === '/api/books/isbn/9786020332956')).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Use these details' }));
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('Laut Bercerita');
    expect((screen.getByLabelText('Author') as HTMLInputElement).value).toBe('Leila S. Chudori');
    expect((screen.getByLabelText('Language') as HTMLSelectElement).value).toBe('Indonesian');
    expect(
      screen.getByText('Title, author, language and category filled in from that listing.'),
    ).toBeTruthy();
  });
});
