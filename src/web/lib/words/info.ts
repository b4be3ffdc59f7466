import { addWords } from '@web/lib/lazy-words';
import enInfo from '@web/locales/en/info.json';
import idInfo from '@web/locales/id/info.json';

// The information pages' words (how it works, selling books, the policies), loaded with those
// pages (lib/lazy-words.ts).
addWords('info', enInfo, idInfo);
