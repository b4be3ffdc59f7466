import { describe, expect, it } from 'vitest';
import { FIELD_MESSAGES, FIELD_MSG, fieldMessage, readFieldMessage } from './error-codes';

// A field's problem travels inside a zod message (a key and its parameters) and comes back out
// whole on the server and in the web (D29).

describe('field messages', () => {
  it('round-trips a key with parameters', () => {
    expect(readFieldMessage(fieldMessage('nameMin', { minimum: 2 }))).toEqual({
      code: 'nameMin',
      params: { minimum: 2 },
    });
    expect(readFieldMessage(fieldMessage('titleNoLongerAvailable', { title: 'A | B "C"' }))).toEqual({
      code: 'titleNoLongerAvailable',
      params: { title: 'A | B "C"' },
    });
    expect(readFieldMessage('invalidEmail')).toEqual({ code: 'invalidEmail' });
  });

  it("reads zod's own messages and unknown keys as invalidValue", () => {
    expect(readFieldMessage('Invalid input: expected string, received number')).toEqual({
      code: 'invalidValue',
    });
    expect(readFieldMessage('noSuchKey|{"a":1}')).toEqual({ code: 'invalidValue' });
    expect(readFieldMessage(undefined)).toEqual({ code: 'invalidValue' });
  });

  it('every ready-made message names exactly the parameters its key declares', () => {
    for (const [key, message] of Object.entries(FIELD_MSG)) {
      const { code, params } = readFieldMessage(message);
      expect(code).toBe(key);
      expect(Object.keys(params ?? {}).sort(), key).toEqual(
        [...FIELD_MESSAGES[key as keyof typeof FIELD_MESSAGES]].sort(),
      );
    }
  });
});
