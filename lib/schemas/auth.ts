// Account forms and API bodies: sign-up, log-in, forgotten and reset password. Shared by the pages
// (client-side checks) and server/api/v1/user.ts (the authority). Messages are field error codes.
import "./zod-config";
import { z } from "zod";
import { singleLineString, storableString } from "./storable-text";

/** NIST SP 800-63B: at least 8 characters, and a generous maximum that still bounds hashing work. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const NAME_MAX = 100;
export const EMAIL_MAX = 254;

const requiredString = () =>
  storableString((issue) => (issue.input === undefined || issue.input === null ? "required" : "invalid_type"));

/** A new account's address: a real e-mail format. Stored as typed (trimmed); uniqueness ignores case. */
export const NewEmailSchema = requiredString()
  .trim()
  .min(1, "required")
  .max(EMAIL_MAX, `too_long:${EMAIL_MAX}`)
  .pipe(z.email({ error: "invalid_email" }));

/**
 * An existing account's address: only "something@something", so accounts whose address a strict
 * format check would refuse (the start-up admin `admin@localhost`) can still log in.
 */
export const ExistingEmailSchema = requiredString()
  .trim()
  .min(1, "required")
  .max(EMAIL_MAX, `too_long:${EMAIL_MAX}`)
  .regex(/^[^\s@]+@[^\s@]+$/, "invalid_email");

export const NewPasswordSchema = requiredString()
  .min(1, "required")
  .min(PASSWORD_MIN, `too_short:${PASSWORD_MIN}`)
  .max(PASSWORD_MAX, `too_long:${PASSWORD_MAX}`);

export const RegisterSchema = z.object({
  email: NewEmailSchema,
  password: NewPasswordSchema,
  // Optional: empty means "use the part of the e-mail before @".
  name: singleLineString("invalid_type")
    .trim()
    .max(NAME_MAX, `too_long:${NAME_MAX}`)
    .nullish()
    .transform((name) => name || undefined),
});
export type RegisterInput = z.output<typeof RegisterSchema>;

export const LoginSchema = z.object({
  email: ExistingEmailSchema,
  // No length rule at log-in (a wrong password is a 401), only a bound on the work.
  password: requiredString().min(1, "required").max(1024, "too_long:1024"),
});
export type LoginInput = z.output<typeof LoginSchema>;

export const ForgotPasswordSchema = z.object({ email: ExistingEmailSchema });
export type ForgotPasswordInput = z.output<typeof ForgotPasswordSchema>;

export const ResetPasswordSchema = z.object({
  token: requiredString().min(1, "required").max(200, "too_long:200"),
  password: NewPasswordSchema,
});
export type ResetPasswordInput = z.output<typeof ResetPasswordSchema>;

export const CheckResetTokenSchema = z.object({ token: requiredString().min(1, "required").max(200, "too_long:200") });

/** The name a new account gets when none is given: the part of the e-mail before the @. */
export function defaultName(email: string): string {
  return (email.split("@")[0] ?? email).slice(0, NAME_MAX) || email.slice(0, NAME_MAX);
}
