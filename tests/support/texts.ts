import type { ErrorCode, FieldMessageKey, MessageParams } from '@domain/error-codes';
import { codeText, fieldText } from '@server/lib/i18n';

// The words a person reads for a code or a field message key, from the catalogues (D29): tests
// pin the spec's exact English through these, and the Indonesian where a test is about it.

/** The English of an error code. */
export const englishCode = (code: ErrorCode, params?: MessageParams) => codeText('en', code, params);

/** The English of a field's message key, e.g. `englishField('nameMin', { minimum: 2 })`. */
export const englishField = (code: FieldMessageKey, params?: MessageParams) =>
  fieldText('en', params ? { code, params } : { code });
