import { parse } from 'csv-parse/sync';
import { IMPORT_MAX_ROWS } from '@domain/constants';
import { AppError } from '@server/lib/errors';

// Shelf import: the rows of an owner's CSV as text, each with the line it starts on. A Goodreads
// export ("Title","Author","ISBN","ISBN13"), any file whose first row names a title, author or
// ISBN column in English or Indonesian, or a bare list of ISBNs with no header at all.

/** One data row as written: trimmed text, '' where the file has none. */
export interface ShelfRow {
  line: number;
  title: string;
  author: string;
  /** The ISBN columns' first non-empty cell, Goodreads' ="..." wrapping taken off. */
  isbn: string;
}

/** Header names per column, lower case; for ISBN the first column with a value wins, ISBN-13 first. */
const HEADERS = {
  title: ['title', 'judul', 'judul buku', 'book title', 'nama buku'],
  author: ['author', 'penulis', 'pengarang', 'author l-f', 'authors', 'nama penulis'],
  isbn: ['isbn13', 'isbn-13', 'isbn 13', 'isbn', 'isbn10', 'isbn-10', 'isbn 10'],
} as const;

type Column = keyof typeof HEADERS;

/** Excel in an Indonesian locale writes ';' between cells; a tab-separated export is read too. */
function delimiterOf(text: string): string {
  const firstLine = text.slice(0, text.indexOf('\n') === -1 ? undefined : text.indexOf('\n'));
  const counts = [',', ';', '\t'].map((d) => [d, firstLine.split(d).length] as const);
  return counts.reduce((best, next) => (next[1] > best[1] ? next : best))[0];
}

/** A cell as text: NUL (which PostgreSQL text cannot hold) dropped, spaces collapsed. */
const clean = (cell: string | undefined) => (cell ?? '').replaceAll('\u0000', '').replace(/\s+/g, ' ').trim();

/** Goodreads writes ISBNs as ="0123456789" so spreadsheets keep the leading zero. */
const isbnCell = (cell: string | undefined) => clean(cell).replace(/^="?/, '').replace(/"$/, '').trim();

interface Parsed {
  record: string[];
  raw: string;
  info: { lines: number };
}

/** The line a record starts on: where it ends, less the line breaks inside it. */
function startLine({ raw, info }: Parsed): number {
  const own = raw.replace(/^(\r?\n)+/, '').replace(/\r?\n$/, '');
  return info.lines - (own.match(/\n/g)?.length ?? 0);
}

export function readShelfCsv(bytes: Uint8Array): ShelfRow[] {
  const text = new TextDecoder('utf-8').decode(bytes);
  let records: Parsed[];
  try {
    records = parse(text, {
      bom: true,
      delimiter: delimiterOf(text),
      relax_quotes: true,
      relax_column_count: true,
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
      info: true,
      raw: true,
    }) as unknown as Parsed[];
  } catch {
    throw new AppError('IMPORT_UNREADABLE');
  }
  if (records.length === 0) throw new AppError('IMPORT_NO_COLUMNS');

  const header = records[0].record.map((name) => clean(name).toLowerCase());
  const columns = Object.fromEntries(
    (Object.keys(HEADERS) as Column[]).map((column) => [
      column,
      HEADERS[column].map((name) => header.indexOf(name)).filter((index) => index !== -1),
    ]),
  ) as Record<Column, number[]>;
  const named = columns.title.length + columns.author.length + columns.isbn.length > 0;
  // A single column with no name it knows is a bare ISBN list: every row, the first too, is data.
  const bareIsbnList = !named && records.every((r) => r.record.length === 1);
  if (!named && !bareIsbnList) throw new AppError('IMPORT_NO_COLUMNS');
  const data = bareIsbnList ? records : records.slice(1);
  if (bareIsbnList) columns.isbn = [0];
  if (data.length > IMPORT_MAX_ROWS)
    throw new AppError('IMPORT_TOO_MANY_ROWS', { params: { max: IMPORT_MAX_ROWS, rows: data.length } });

  const first = (cells: string[], indexes: number[], read = clean) =>
    indexes.map((index) => read(cells[index])).find((value) => value !== '') ?? '';
  return data.map((parsed) => ({
    line: startLine(parsed),
    title: first(parsed.record, columns.title),
    author: first(parsed.record, columns.author),
    isbn: first(parsed.record, columns.isbn, isbnCell),
  }));
}
