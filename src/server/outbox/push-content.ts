import type { UiLanguage } from '@domain/ui-language';

// What a push notice says (D45), kept on its outbox row (db/schema.ts reads this type, so it
// lives apart from the sender, which needs the database).

/** In its member's language, naming the book, opening its page. */
export interface PushContent {
  language: UiLanguage;
  title: string;
  body: string;
  /** An absolute URL of our app. */
  url: string;
}
