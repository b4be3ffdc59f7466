import { addWords } from '@web/lib/lazy-words';
import enWhatsapp from '@web/locales/en/whatsapp.json';
import idWhatsapp from '@web/locales/id/whatsapp.json';

// The WhatsApp number and chat links' words, loaded with the profile and order pages that
// show them (lib/lazy-words.ts).
addWords('whatsapp', enWhatsapp, idWhatsapp);
