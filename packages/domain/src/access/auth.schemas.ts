import { z } from 'zod';
import { emailField, passwordField, requiredText } from '../common/common.schemas.ts';
import { timeZoneSchema } from '../time/time-zones.rules.ts';
import { userSchema } from './users.schemas.ts';
import { companySchema } from '../company/company.schemas.ts';

export const signupBody = z.strictObject({
  companyName: requiredText('Company Name', 100),
  timeZone: timeZoneSchema,
  name: requiredText('Name', 100),
  email: emailField,
  password: passwordField,
});
export type SignupBody = z.infer<typeof signupBody>;

/**
 * Signup answers the same for an address that is new and for one that already has an account, so the form
 * cannot be used to find out who uses Fieldwork. The company is created only for a new address; the web then
 * signs in with the same email and password, which only the owner of the address can complete.
 */
export const SIGNUP_ACCEPTED_MESSAGE =
  'We sent an email to this address. If it is new to Fieldwork, your company is ready: sign in, and confirm the address from that email to start emailing customers. If it already has an account, sign in with that account’s password.';
export const signupAcceptedSchema = z.object({ email: z.string(), message: z.string() });
export type SignupAccepted = z.infer<typeof signupAcceptedSchema>;

export const loginBody = z.strictObject({
  email: emailField,
  password: z.string({ error: 'Password must be a string.' }).min(1, { error: 'Password is mandatory.' }).max(200),
});
export type LoginBody = z.infer<typeof loginBody>;

export const acceptInvitationBody = z.strictObject({
  token: z.string({ error: 'Token must be a string.' }).min(20).max(200),
  name: requiredText('Name', 100),
  password: passwordField,
});
export type AcceptInvitationBody = z.infer<typeof acceptInvitationBody>;

export const invitationTokenQuery = z.strictObject({ token: z.string().min(20).max(200) });

export const invitationPreviewSchema = z.object({
  email: z.string(),
  role: z.string(),
  companyName: z.string(),
});

export const sessionSchema = z.object({
  /** Without the hourly cost rate: every role reads its own session, and field roles get no finance field. */
  user: userSchema.omit({ costRate: true }),
  company: companySchema,
  capabilities: z.array(z.string()),
});
export type SessionInfo = z.infer<typeof sessionSchema>;

export const setupStatusSchema = z.object({ needsSetup: z.boolean() });

/** Forgot password: the same answer for every address, so the form tells nobody who has an account. */
export const forgotPasswordBody = z.strictObject({ email: emailField });
export type ForgotPasswordBody = z.infer<typeof forgotPasswordBody>;
export const FORGOT_PASSWORD_ACCEPTED = 'If an account uses this email address, we sent it a link to set a new password. The link works once, for one hour.';

export const resetPasswordBody = z.strictObject({ token: z.string({ error: 'Token must be a string.' }).min(20).max(200), password: passwordField });
export type ResetPasswordBody = z.infer<typeof resetPasswordBody>;

/** Confirming a company's address: the token from the link emailed to its admin at signup. */
export const verifyEmailBody = z.strictObject({ token: z.string({ error: 'Token must be a string.' }).min(20).max(200) });

/** How long each one-time link of the account lasts. */
export const PASSWORD_RESET_MINUTES = 60;
export const EMAIL_VERIFICATION_DAYS = 7;

export const ACCOUNT_LINK_MESSAGES = {
  resetInvalid: 'This password reset link is invalid, already used or expired. Ask for a new one from the sign-in page.',
  verifyInvalid: 'This confirmation link is invalid, already used or expired. Send a new one from Settings → Company.',
  verified: 'Your email address is confirmed. You can now email your customers.',
  verificationSent: 'We sent a new confirmation link to your email address.',
  alreadyVerified: 'This company’s email address is already confirmed.',
  tooManyResets: 'Too many password reset requests. Please try again later.',
} as const;
