import {
  type FieldProblem,
  FIELD_MESSAGES,
  fieldMessage,
  isErrorCode,
  type MessageParams,
  readFieldMessage,
} from '@domain/error-codes';
import { formatDay } from './format';
import i18n from './i18n';

// The web never shows a server sentence (D29): a refusal arrives as a code (and a field's
// problem as a message key), and its text comes from the chosen language's catalogue.

/**
 * A status named in a code's parameters reads as the language names it (orders:status); a day
 * an owner is back as the language writes a date.
 */
function localParams(params: MessageParams | undefined): MessageParams | undefined {
  if (!params) return params;
  const local = { ...params };
  if (typeof params.status === 'string')
    local.status = i18n.t(`orders:status.${params.status}`, { defaultValue: params.status });
  if (typeof params.backOn === 'string') local.backOn = formatDay(params.backOn);
  return local;
}

/** The text of a field's problem. */
export const problemText = (problem: FieldProblem): string =>
  i18n.t(`errors:fields.${problem.code}`, localParams(problem.params));

/** The text of an error code; null when the code is none of ours (Better Auth's own, say). */
export function codeText(code: string, params?: MessageParams): string | null {
  return isErrorCode(code) ? i18n.t(`errors:codes.${code}`, localParams(params)) : null;
}

const isFieldMessage = (message: string) => Object.hasOwn(FIELD_MESSAGES, message.split('|')[0]);

/**
 * What a form field shows under itself: the shared schemas' messages are message keys, and a
 * server refusal is put on its field as one too (showServerErrors), so both read in the chosen
 * language. Any other text passes through.
 */
export function fieldErrorText(message: string | undefined): string | undefined {
  if (!message) return undefined;
  return isFieldMessage(message) ? problemText(readFieldMessage(message)) : message;
}

/** A server field problem as react-hook-form holds an error message (translated when shown). */
export const problemAsMessage = (problem: FieldProblem) => fieldMessage(problem.code, problem.params);
