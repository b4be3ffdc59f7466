import { addWords } from '@web/lib/lazy-words';
import enStatistics from '@web/locales/en/statistics.json';
import idStatistics from '@web/locales/id/statistics.json';

// The admin's Statistics tab's words, loaded with the tab's lazy chunk and its charts
// (lib/lazy-words.ts).
addWords('statistics', enStatistics, idStatistics);
