import { z } from 'zod';
import { UI_LANGUAGES } from '@domain/ui-language';
import { FIELD_MSG } from '@domain/error-codes';
import { uuidField } from '@domain/ids';
import {
  ADDRESS_MAX,
  ADDRESS_MIN,
  LOCATION_MAX,
  LOCATION_MIN,
  NAME_MAX,
  NAME_MIN,
  PASSWORD_MAX,
  PASSWORD_MIN,
  PHONE_MAX,
  PHONE_MIN,
} from '@domain/constants';

// One schema per account payload, shared by the forms (client) and the server, so both
// refuse the same input with the spec's exact words (section 5). A missing field fails
// with the message of its first rule, not a generic "expected string".

const name = z
  .string({ error: FIELD_MSG.nameMin })
  .trim()
  .min(NAME_MIN, FIELD_MSG.nameMin)
  .max(NAME_MAX, FIELD_MSG.nameMax);
const email = z
  .string({ error: FIELD_MSG.invalidEmail })
  .trim()
  .toLowerCase()
  .pipe(z.email({ error: FIELD_MSG.invalidEmail }));
const phone = z
  .string({ error: FIELD_MSG.phoneMin })
  .trim()
  .min(PHONE_MIN, FIELD_MSG.phoneMin)
  .max(PHONE_MAX, FIELD_MSG.phoneMax)
  .regex(/^\+?\d+$/, FIELD_MSG.phoneFormat);
const location = z
  .string({ error: FIELD_MSG.locationMin })
  .trim()
  .min(LOCATION_MIN, FIELD_MSG.locationMin)
  .max(LOCATION_MAX, FIELD_MSG.locationMax);
const address = z
  .string({ error: FIELD_MSG.addressMin })
  .trim()
  .min(ADDRESS_MIN, FIELD_MSG.addressMin)
  .max(ADDRESS_MAX, FIELD_MSG.addressMax);
const newPassword = z
  .string({ error: FIELD_MSG.passwordMin })
  .min(PASSWORD_MIN, FIELD_MSG.passwordMin)
  .max(PASSWORD_MAX, FIELD_MSG.passwordMax);
const requiredPassword = z.string({ error: FIELD_MSG.passwordRequired }).min(1, FIELD_MSG.passwordRequired);

/**
 * A profile field a member fills in when it is first needed, not at sign-up: left out or empty
 * it is null (none given), otherwise it follows its rule.
 */
const whenGiven = <T extends z.ZodType<string>>(rule: T) =>
  z
    .union([z.literal(''), z.null(), rule])
    .optional()
    .transform((v) => (v === '' || v === undefined || v === null ? null : (v as string)));
const optionalPhone = whenGiven(phone);
const optionalLocation = whenGiven(location);
const optionalAddress = whenGiven(address);

/**
 * PATCH /api/profile and the profile form: the name, and the phone, location and address a
 * member adds when they are needed (the location before listing a book, docs/product/decisions.md
 * D38; phone and address prefill a delivery checkout). Each follows its sign-up rule when given.
 */
export const profileSchema = z.object({
  name,
  phone: optionalPhone,
  location: optionalLocation,
  address: optionalAddress,
});
export type ProfileInput = z.output<typeof profileSchema>;
export type ProfileForm = z.input<typeof profileSchema>;

/** The first listing's question (D38): the location a book shows as its area, required there. */
export const listingLocationSchema = z.object({ location });

/**
 * The body of POST /api/auth/sign-up/email, checked by the auth hook before anything is created.
 * Sign-up asks only what an account needs: name, email and password. Phone, location and
 * address may come along (API clients) and then follow their rules; the form asks them later.
 */
export const signUpRequestSchema = profileSchema.extend({
  email,
  password: newPassword,
  callbackURL: z.string().optional(),
  /** The language the member signed up in: their emails' until they choose another. */
  language: z.enum(UI_LANGUAGES).optional(),
});

/** PUT /api/profile/language: the member's choice of language (D29). */
export const languageSchema = z.object({ language: z.enum(UI_LANGUAGES) });
export type SignUpRequest = z.output<typeof signUpRequestSchema>;

/** The sign-up form: name, email, password and its confirmation, refused on the confirmation field. */
export const signUpFormSchema = signUpRequestSchema
  .omit({ callbackURL: true, language: true, phone: true, location: true, address: true })
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, {
    message: FIELD_MSG.passwordsDontMatch,
    path: ['confirmPassword'],
  });
export type SignUpForm = z.input<typeof signUpFormSchema>;

export const signInSchema = z.object({
  email,
  password: requiredPassword,
  rememberMe: z.boolean().optional(),
});
export type SignInForm = z.input<typeof signInSchema>;

export const forgotPasswordSchema = z.object({ email });

/** POST /api/account/confirm-email: the token of the emailed link, sent by our confirm page. */
export const confirmEmailSchema = z.object({
  token: z
    .string({ error: FIELD_MSG.confirmLinkInvalid })
    .min(1, FIELD_MSG.confirmLinkInvalid)
    .max(4000, FIELD_MSG.confirmLinkInvalid),
});
export type ForgotPasswordForm = z.input<typeof forgotPasswordSchema>;

/** The reset page: the spec shows only the mismatch rule; the length rule is the server's (8+). */
export const resetPasswordFormSchema = z
  .object({ password: newPassword, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, {
    message: FIELD_MSG.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });
export type ResetPasswordForm = z.input<typeof resetPasswordFormSchema>;

/** POST /api/profile/password (D11): current password, a new one of 8+ and its confirmation. */
export const changePasswordSchema = z
  .object({
    currentPassword: z
      .string({ error: FIELD_MSG.currentPasswordRequired })
      .min(1, FIELD_MSG.currentPasswordRequired)
      .max(PASSWORD_MAX, FIELD_MSG.passwordMax),
    newPassword,
    confirmPassword: z.string({ error: FIELD_MSG.passwordsDontMatch }),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: FIELD_MSG.passwordsDontMatch,
    path: ['confirmPassword'],
  });
export type ChangePasswordForm = z.input<typeof changePasswordSchema>;

/** The new password of Better Auth's reset-password and change-password calls. */
export const newPasswordRequestSchema = z.object({ newPassword });

/** PUT /api/profile/favourite-pickup-location: the member's favourite, or null to forget it. */
export const favouritePickupSchema = z.object({
  pickupLocationId: uuidField(FIELD_MSG.pickupLocationGone).nullable(),
});

/** PUT /api/profile/pickup-locations: the owner's whole set of drop-off choices. */
export const pickupChoicesSchema = z.object({
  ids: z
    .array(uuidField(FIELD_MSG.pickupLocationUnavailable))
    .max(100)
    .transform((ids) => [...new Set(ids)]),
});
