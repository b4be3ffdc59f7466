import { addWords } from '@web/lib/lazy-words';
import enBooks from '@web/locales/en/books.json';
import idBooks from '@web/locales/id/books.json';

// The owner's book pages' words (list, edit, import, away), loaded with those pages
// (lib/lazy-words.ts).
addWords('books', enBooks, idBooks);
