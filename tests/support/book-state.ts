import type { BookState } from '@server/modules/books/catalog-delta';

/** A listed, available book's listing attributes as catalog_changes records them (catalog-delta tests). */
export const bookState = (o: Partial<BookState> = {}): BookState => ({
  listed: true,
  owner: 'owner-1',
  deleted: false,
  status: 'Available',
  reserved: false,
  category: 'Adult',
  condition: 'Good',
  language: 'English',
  price: '10000.00',
  monthly: null,
  title: 'Garden',
  author: 'Someone',
  isbn: null,
  cover: 'cover',
  created: '1767225600000000',
  ...o,
});
