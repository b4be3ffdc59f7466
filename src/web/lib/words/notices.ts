import { addWords } from '@web/lib/lazy-words';
import enNotices from '@web/locales/en/notices.json';
import idNotices from '@web/locales/id/notices.json';

// The notifications' words (the notifications page and the push offer), loaded with what shows
// them (lib/lazy-words.ts).
addWords('notices', enNotices, idNotices);
