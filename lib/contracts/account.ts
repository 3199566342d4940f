// The account settings API (/api/v1/account): request schemas, response types and error codes,
// shared by the /account page (checks in the browser) and server/api/v1/account.ts (the authority).
// Messages of schema issues are field error codes (lib/contracts/field-errors.ts).
import "~/lib/contracts/zod-config";
import { z } from "zod";
import { NAME_MAX, NewEmailSchema, NewPasswordSchema } from "~/lib/contracts/user";
import type { PaymentHistoryItem } from "~/lib/contracts/payment";
import { singleLineString, storableString } from "~/lib/contracts/storable-text";

const currentPassword = () =>
  storableString((issue) => (issue.input === undefined || issue.input === null ? "required" : "invalid_type"))
    .min(1, "required")
    .max(1024, "too_long:1024");

export const ChangeNameSchema = z.object({
  name: singleLineString((issue) => (issue.input === undefined || issue.input === null ? "required" : "invalid_type"))
    .min(1, "required")
    .max(NAME_MAX, `too_long:${NAME_MAX}`),
});

export const ChangePasswordSchema = z
  .object({
    currentPassword: currentPassword(),
    newPassword: NewPasswordSchema,
  })
  // The same password again would change nothing but sign every other device out.
  .refine((input) => input.newPassword !== input.currentPassword, { error: "same_password", path: ["newPassword"] });

export const ChangeEmailSchema = z.object({
  email: NewEmailSchema,
  currentPassword: currentPassword(),
});

export const ConfirmEmailSchema = z.object({
  token: storableString("invalid_type").min(1, "required").max(200, "too_long:200"),
});

export const DeleteAccountSchema = z.object({
  currentPassword: currentPassword(),
});

export const SessionIdSchema = z.uuid({ error: "invalid_format" });

export const ACCOUNT_ERROR_CODES = [
  "wrong_password",
  "email_taken",
  "same_email",
  "invalid_email_token",
  "last_admin",
  "session_not_found",
] as const;
export type AccountErrorCode = (typeof ACCOUNT_ERROR_CODES)[number];

export interface AccountProfile {
  id: string;
  email: string;
  name: string;
  role: "user" | "admin";
  credits: number;
  lang: string;
  createdAt: string;
  /** A change of address waiting for its confirmation link, if any. */
  pendingEmail: string | null;
}

export interface SessionItem {
  id: string;
  userAgent: string | null;
  createdAt: string;
  lastUsedAt: string;
  /** The session this request was made with. */
  current: boolean;
}

export type AccountResponse = { success: true; account: AccountProfile };
/** This session first, then the others by last use, at most 100; `total` counts every active session. */
export interface SessionList {
  sessions: SessionItem[];
  total: number;
}
export type SessionsResponse = { success: true } & SessionList;
export type AccountMessageResponse = { success: true; message: string };
/** After a password change the other sessions are gone; this one stays. */
export type PasswordChangedResponse = { success: true; message: string; revokedSessions: number };
export type EmailConfirmedResponse = { success: true; message: string; email: string };

/** "Download my data": everything the account holds, as one JSON document. */
export interface AccountExport {
  exportedAt: string;
  profile: AccountProfile;
  questions: {
    id: string;
    topic: string;
    lang: string;
    question: string;
    answer: string;
    status: string;
    creditsSpent: number;
    /** When the member returned the answer's credit; null when not returned. */
    creditReturnedAt: string | null;
    createdAt: string;
  }[];
  payments: PaymentHistoryItem[];
  /** `aiQuestionId`: the answer an `ai_spend` or `ai_return` row is for. */
  ledger: { id: number; delta: number; balanceAfter: number; kind: string; reason: string | null; aiQuestionId: string | null; createdAt: string }[];
}

/** The account endpoints for the typed client (app/api/api.client.ts), keyed "METHOD /path". */
export interface AccountEndpoints {
  "GET /account": { response: AccountResponse };
  "POST /account/name": { body: z.input<typeof ChangeNameSchema>; response: AccountMessageResponse };
  "POST /account/password": { body: z.input<typeof ChangePasswordSchema>; response: PasswordChangedResponse };
  "POST /account/email": { body: z.input<typeof ChangeEmailSchema>; response: AccountMessageResponse };
  /** No sign-in needed: the token from the e-mail is the proof. */
  "POST /account/email/confirm": { body: z.input<typeof ConfirmEmailSchema>; response: EmailConfirmedResponse };
  "GET /account/sessions": { response: SessionsResponse };
  "POST /account/sessions/revoke-all": { response: AccountMessageResponse };
  "POST /account/sessions/:id/revoke": { params: { id: string }; response: AccountMessageResponse };
  /** Answered as an attachment (saved with downloadFile), not read by the page. */
  "GET /account/export": { response: AccountExport };
  "POST /account/delete": { body: z.input<typeof DeleteAccountSchema>; response: AccountMessageResponse };
}
