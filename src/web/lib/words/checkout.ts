import { addWords } from '@web/lib/lazy-words';
import enCheckout from '@web/locales/en/checkout.json';
import idCheckout from '@web/locales/id/checkout.json';

// Checkout's words (the checkout and the order confirmation), loaded with those pages
// (lib/lazy-words.ts).
addWords('checkout', enCheckout, idCheckout);
