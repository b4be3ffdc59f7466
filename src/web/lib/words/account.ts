import { addWords } from '@web/lib/lazy-words';
import enAccount from '@web/locales/en/account.json';
import idAccount from '@web/locales/id/account.json';

// The account pages' words (sign in, sign up, passwords, profile), loaded with those pages
// (lib/lazy-words.ts).
addWords('account', enAccount, idAccount);
