import { describe, expect, it } from 'vitest';
import { readFieldMessage } from '@domain/error-codes';
import {
  changePasswordSchema,
  pickupChoicesSchema,
  profileSchema,
  resetPasswordFormSchema,
  signInSchema,
  signUpFormSchema,
} from './account';

// The forms run these schemas in the browser; the server runs the same ones (API tests).

const form = {
  name: 'Made',
  email: 'Made@Example.com ',
  phone: '+6281234567',
  location: 'Ubud',
  address: 'Jl. Raya Ubud No. 1, Bali',
  password: 'password123',
  confirmPassword: 'password123',
};
const firstError = (result: {
  success: boolean;
  error?: { issues: { message: string; path: PropertyKey[] }[] };
}) => result.error?.issues[0];

describe('account schemas', () => {
  it('normalise the email and trim the text fields', () => {
    const parsed = signUpFormSchema.parse({ ...form, name: '  Made  ' });
    expect(parsed.email).toBe('made@example.com');
    expect(parsed.name).toBe('Made');
  });

  it("put 'Passwords don't match' on the confirmation field of sign-up", () => {
    const issue = firstError(signUpFormSchema.safeParse({ ...form, confirmPassword: 'password124' }));
    expect(issue?.path).toEqual(['confirmPassword']);
    expect(readFieldMessage(issue?.message)).toMatchObject({ code: 'passwordsDontMatch' });
  });

  it("say 'Passwords do not match' on the reset page, and 8+ characters", () => {
    const mismatch = firstError(
      resetPasswordFormSchema.safeParse({ password: 'abcdefgh', confirmPassword: 'abcdefgi' }),
    );
    expect(mismatch?.path).toEqual(['confirmPassword']);
    expect(readFieldMessage(mismatch?.message)).toMatchObject({ code: 'passwordsDoNotMatch' });
    expect(
      readFieldMessage(
        firstError(resetPasswordFormSchema.safeParse({ password: 'short', confirmPassword: 'short' }))
          ?.message,
      ),
    ).toMatchObject({ code: 'passwordMin' });
  });

  it("require a password to sign in ('Password is required'), of any length", () => {
    expect(
      readFieldMessage(firstError(signInSchema.safeParse({ email: 'a@b.co', password: '' }))?.message),
    ).toMatchObject({ code: 'passwordRequired' });
    expect(signInSchema.safeParse({ email: 'a@b.co', password: 'x' }).success).toBe(true);
  });

  it.each([
    ['12345678', true],
    ['+1234567890123', true],
    ['+12345678901234', false],
    ['1234567', false],
    ['+62 812 3456', false],
    ['62+8123456', false],
    // Asked when needed, not at sign-up: none given is no phone.
    ['', true],
  ])('profile phone %s valid: %s', (phone, ok) => {
    expect(profileSchema.safeParse({ name: 'Nyoman Ayu', phone }).success).toBe(ok);
  });

  it('ask for the current password when changing it', () => {
    const issue = firstError(
      changePasswordSchema.safeParse({
        currentPassword: '',
        newPassword: 'abcdefgh',
        confirmPassword: 'abcdefgh',
      }),
    );
    expect(readFieldMessage(issue?.message)).toMatchObject({ code: 'currentPasswordRequired' });
  });

  it('deduplicate pickup choices and refuse ids that are not uuids', () => {
    const id = '6f1d2a4e-0000-4000-8000-000000000000';
    expect(pickupChoicesSchema.parse({ ids: [id, id] }).ids).toEqual([id]);
    expect(pickupChoicesSchema.safeParse({ ids: ['nope'] }).success).toBe(false);
  });
});
