import { addWords } from '@web/lib/lazy-words';
import enPwa from '@web/locales/en/pwa.json';
import idPwa from '@web/locales/id/pwa.json';

// The installable app's words (the offline banner, the install offer); the build also writes
// offline.html from them (vite.config.ts). Loaded with the lazy components that show them
// (lib/lazy-words.ts).
addWords('pwa', enPwa, idPwa);
