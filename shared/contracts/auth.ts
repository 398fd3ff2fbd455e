import { z } from 'zod';
import { TEXTED_CODE_LENGTH, TEXTED_CODE_TTL_MINUTES, REGISTERABLE_ROLES, ROLES } from '../constants';
import { formatPhone, stripPhoneFormatting, stripPhoneSeparators, toE164 } from '../utils/phone';
import { optionalText, text } from './common';

export const PHONE_PATTERN = /^\+?[1-9]\d{0,15}$/;
export const PHONE_NOT_NATIONAL = 'Phone number must be 10 digits, or start with + and the country code';

/**
 * A phone entry in any common US writing (dots, spaces, hyphens, parentheses, +1): separators
 * stripped, then the spec's two rules, then the one stored form, E.164 (`+15125550178`). Used by
 * every phone field — accounts and trucks — on the client and the server.
 */
export const phoneField = text({ error: 'Phone number is required' })
  .transform(stripPhoneSeparators)
  .pipe(
    z
      .string()
      .min(10, 'Phone number must be at least 10 digits')
      .regex(PHONE_PATTERN, 'Invalid phone number format')
      // Without a plus, a number is a North American one (ADR 0196): "(512) 555-01000", a digit too
      // many, is a typo, not Peru's +51. One message each: what is no number at all is the pattern's.
      .refine((v) => !PHONE_PATTERN.test(v) || v.startsWith('+') || v.length <= 10 || (v.length === 11 && v.startsWith('1')), PHONE_NOT_NATIONAL),
  )
  .transform(toE164);

/** An optional phone (a truck's): an empty field means "not given". */
export const optionalPhoneField = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
  phoneField.optional(),
);

/** Decision (docs/decisions/0002): a password of at least 8 characters; the spec shows no rule. */
export const newPasswordField = text({ error: 'Password is required' })
  .min(1, 'Password is required')
  .min(8, 'Password must be at least 8 characters')
  .max(200, 'Password must be at most 200 characters')
  // Eight spaces pass a length rule and are no password at all.
  .refine((v) => v.trim().length > 0, 'Password must not be only spaces');

export const loginSchema = z.object({
  username: text({ error: 'Username is required' })
    .transform(stripPhoneFormatting)
    .pipe(z.string().min(1, 'Username is required').max(100)),
  password: text({ error: 'Password is required' }).min(1, 'Password is required').max(200),
});
export type LoginInput = z.input<typeof loginSchema>;

export const usernameField = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
  text()
    .trim()
    .min(3, 'Username must be at least 3 characters')
    .max(40, 'Username must be at most 40 characters')
    .regex(/^[A-Za-z0-9_.]+$/, 'Username may contain only letters, digits, dots and underscores')
    .regex(/[A-Za-z]/, 'Username must contain a letter')
    .optional(),
);

export const emailField = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
  text().pipe(z.email('Invalid email address').max(254)).optional(),
);

/**
 * A form's schema: the request's, plus the new password typed again (`confirmPassword`, which the
 * client drops before sending), refused under that field unless it matches `field`.
 */
function withConfirmation<Shape extends z.ZodRawShape, K extends keyof Shape & string>(schema: z.ZodObject<Shape>, field: K) {
  return schema
    .extend({ confirmPassword: z.string() })
    .refine((v: Record<string, unknown>) => v[field] === v.confirmPassword, {
      message: "Passwords don't match",
      path: ['confirmPassword'],
    });
}

/** What POST /api/auth/register accepts (the client removes confirmPassword before sending). */
export const registerSchema = z.object({
  username: usernameField,
  email: emailField,
  phone: phoneField,
  password: newPasswordField,
  role: z.enum(REGISTERABLE_ROLES, { error: 'Role must be customer or operator' }).default('customer'),
});
export type RegisterInput = z.input<typeof registerSchema>;

/** The register form: the request plus a matching confirmation. */
export const registerFormSchema = withConfirmation(registerSchema, 'password');
export type RegisterFormInput = z.input<typeof registerFormSchema>;

/** The password a signed-in user types again to change their password or their details. */
const currentPasswordField = text({ error: 'Current password is required' }).min(1, 'Current password is required').max(200);

/** POST /api/auth/change-password: the signed-in user's own password (issue 32). */
export const changePasswordSchema = z.object({
  currentPassword: currentPasswordField,
  newPassword: newPasswordField,
});
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

/** The change-password form: the request plus a matching confirmation. */
export const changePasswordFormSchema = withConfirmation(changePasswordSchema, 'newPassword');
export type ChangePasswordFormInput = z.input<typeof changePasswordFormSchema>;

export const CURRENT_PASSWORD_WRONG = 'Current password is incorrect';

/**
 * PUT /api/auth/me: the signed-in user's own username, email and phone, with the registration
 * rules; an empty username or email removes it. The current password confirms the change (a phone
 * left signed in is not enough to take over where the alerts and the sign-in go). A new phone is
 * taken only with the code texted to it (POST /api/auth/me/phone, ADR 0188).
 */
export const ownDetailsSchema = z.object({
  username: usernameField,
  email: emailField,
  phone: phoneField,
  currentPassword: currentPasswordField,
});
export type OwnDetailsInput = z.input<typeof ownDetailsSchema>;

/** POST /api/auth/delete-account: a customer or operator deletes their own account, with their password. */
export const deleteOwnAccountSchema = z.object({ currentPassword: currentPasswordField });
export type DeleteOwnAccountInput = z.input<typeof deleteOwnAccountSchema>;

/** POST /api/auth/password-reset: the account's phone, to text a code to (ADR 0187). */
export const passwordResetRequestSchema = z.object({ phone: phoneField });
export type PasswordResetRequest = z.input<typeof passwordResetRequestSchema>;

export const TEXTED_CODE_MESSAGE = `Enter the ${TEXTED_CODE_LENGTH}-digit code from the text`;

/** A code texted to a phone (ADR 0187, 0188): spaces and dashes ignored. */
const textedCodeField = text({ error: TEXTED_CODE_MESSAGE })
  .transform((s) => s.replace(/[\s-]/g, ''))
  .pipe(z.string().regex(new RegExp(`^\\d{${TEXTED_CODE_LENGTH}}$`), TEXTED_CODE_MESSAGE));

/** POST /api/auth/password-reset/confirm: the texted code and the new password. */
export const passwordResetSchema = z.object({
  phone: phoneField,
  code: textedCodeField,
  newPassword: newPasswordField,
});
export type PasswordResetInput = z.input<typeof passwordResetSchema>;

/** The reset form: the request plus a matching confirmation. */
export const passwordResetFormSchema = withConfirmation(passwordResetSchema, 'newPassword');
export type PasswordResetFormInput = z.input<typeof passwordResetFormSchema>;

/** What a reset request answers, whether or not an account has the number (nothing to learn from it). */
export const RESET_CODE_SENT = `If an account has this number, we have texted it a code. It works for ${TEXTED_CODE_TTL_MINUTES} minutes.`;

/** POST /api/auth/me/phone: the code texted to the new number (ADR 0188). */
export const phoneChangeConfirmSchema = z.object({ code: textedCodeField });
export type PhoneChangeConfirmInput = z.input<typeof phoneChangeConfirmSchema>;

export const customerSignupSchema = z.object({
  phone: phoneField,
  password: newPasswordField,
});
export type CustomerSignupInput = z.input<typeof customerSignupSchema>;

/** The user as it leaves the server: never the password hash, never payment-provider ids. */
export const publicUserSchema = z.object({
  id: z.number().int(),
  username: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  /** A code texted to the phone showed it to be the holder's (ADR 0189): alerts are texted only to a confirmed number. */
  phoneConfirmed: z.boolean(),
  role: z.enum(ROLES),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

export const authResponseSchema = z.object({ user: publicUserSchema, token: z.string() });
export type AuthResponse = z.infer<typeof authResponseSchema>;

/**
 * PUT /api/auth/me's answer: the session with the user as they now are, and the new number a code
 * was texted to (E.164), which the account takes only once that code is given (ADR 0188); null when
 * the phone was not changed.
 */
export const ownDetailsResponseSchema = authResponseSchema.extend({ phoneToConfirm: z.string().nullable() });
export type OwnDetailsResponse = z.infer<typeof ownDetailsResponseSchema>;

/** How the app names a signed-in user: the username, else the phone as people write it (512-555-0100). */
export const displayName = (u: Pick<PublicUser, 'username' | 'phone'>) =>
  u.username ?? (u.phone ? formatPhone(u.phone) : 'there');

export { optionalText };
