// The accounts API (/api/v1/user: register, login, logout, me, password/forgot, password/reset):
// request schemas shared by the pages (client-side checks) and server/api/v1/user.ts (the authority),
// the one user type family, the answers and the error codes. Messages are field error codes.
import "./zod-config";
import { z } from "zod";
import type { users } from "~/db/schema";
import type { MessageResponse } from "./errors";
import { singleLineString, storableString } from "./storable-text";

/** The role union, from the database column (db/schema.ts). */
export type Role = (typeof users.$inferSelect)["role"];
export const ROLES = ["user", "admin"] as const satisfies readonly Role[];
// Fails to compile if db/schema.ts gains a role that ROLES does not list.
type _RolesComplete = [Exclude<Role, (typeof ROLES)[number]>] extends [never] ? true : never;
export const ROLES_COMPLETE: _RolesComplete = true;

/** What every answer calls `user`: the account as its owner and the API see it (never the hash). */
export interface PublicUser {
  id: string;
  email: string;
  name: string;
  credits: number;
  role: Role;
}

/** GET /user/me adds what the account has bought; the session (server/http.ts) carries the same. */
export interface AccountUser extends PublicUser {
  package: string;
  paymentDone: boolean;
}

/** What the browser keeps in local storage under `user` (the balance is kept apart, under `credits`). */
export type StoredUser = Pick<PublicUser, "id" | "email" | "name" | "role"> & { isAuthenticated: true };

/** POST /user/register (201) and POST /user/login. */
export interface SignInResponse {
  success: true;
  message: string;
  user: PublicUser;
  token: string;
}

/** GET /user/me */
export interface MeResponse {
  success: true;
  user: AccountUser;
}

/** POST /user/logout, POST /user/password/forgot (202) */
export type UserMessageResponse = MessageResponse;

/**
 * POST /user/password/reset: the account whose password changed (its every session was revoked), so
 * a browser signed in to it forgets its session, and one signed in to another account keeps it.
 */
export type ResetPasswordResponse = MessageResponse & { userId: string };

/** POST /user/password/reset/check: the link can still be used (an unusable one is a 400 invalid_reset_token). */
export interface ResetTokenCheckResponse {
  success: true;
  valid: true;
}

export const USER_ERROR_CODES = ["email_taken", "invalid_credentials", "invalid_reset_token", "rate_limited"] as const;
export type UserErrorCode = (typeof USER_ERROR_CODES)[number];

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

/** POST /user/password/reset/check: is a reset link still usable (checked when the page opens)? */
export const CheckResetTokenSchema = z.object({ token: requiredString().min(1, "required").max(200, "too_long:200") });

/** The name a new account gets when none is given: the part of the e-mail before the @. */
export function defaultName(email: string): string {
  return (email.split("@")[0] ?? email).slice(0, NAME_MAX) || email.slice(0, NAME_MAX);
}

/** The accounts endpoints for the typed client (app/api/api.client.ts), keyed "METHOD /path". */
export interface UserEndpoints {
  "POST /user/register": { body: z.input<typeof RegisterSchema>; response: SignInResponse };
  "POST /user/login": { body: z.input<typeof LoginSchema>; response: SignInResponse };
  "POST /user/logout": { response: UserMessageResponse };
  "GET /user/me": { response: MeResponse };
  "POST /user/password/forgot": { body: z.input<typeof ForgotPasswordSchema>; response: UserMessageResponse };
  "POST /user/password/reset": { body: z.input<typeof ResetPasswordSchema>; response: ResetPasswordResponse };
  "POST /user/password/reset/check": { body: z.input<typeof CheckResetTokenSchema>; response: ResetTokenCheckResponse };
}
