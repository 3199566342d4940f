// /api/v1/account: the signed-in member's own account — profile, name, password, e-mail address,
// sessions, data export and deletion. Every route acts on the caller's account only (requireUser);
// nothing here takes another member's id. Contract: lib/contracts/account.ts.
import { Router, type Request } from "express";
import { ACCOUNT_RATE_RULES } from "~/lib/rate-rules";
import { SETTINGS_MAIL, SETTINGS_MESSAGES } from "~/lib/accounts/settings-messages";
import {
  changeName,
  changePassword,
  confirmEmailChange,
  deleteAccount,
  exportAccount,
  PROFILE_OF_SESSION_USER,
  listSessions,
  requestEmailChange,
  revokeEverySession,
  revokeOwnSession,
  SettingsConflictError,
  WrongPasswordError,
} from "~/lib/accounts/settings.server";
import { rememberLang } from "~/lib/accounts/users.server";
import {
  ChangeEmailSchema,
  ChangeNameSchema,
  ChangePasswordSchema,
  ConfirmEmailSchema,
  DeleteAccountSchema,
  SessionIdSchema,
  type AccountExport,
  type AccountMessageResponse,
  type EmailConfirmedResponse,
  type PasswordChangedResponse,
  type SessionsResponse,
} from "~/lib/contracts/account";
import { ApiError, unauthorized, type LocalizedText } from "~/lib/http/api-error";
import { format } from "~/lib/i18n/format";
import { isLang, LANGS, type Lang } from "~/lib/i18n/languages";
import { localePath } from "~/lib/i18n/paths";
import type { RateRule } from "~/lib/rate-limit.server";
import { appContext, parseBody, requestLang, requireUser, requireUserWith, sendAccountMail } from "~/server/http";
import { accountAnswer } from "~/server/member-reads";

export const accountRouter = Router();

const each = (text: LocalizedText, values: Record<string, string | number>): LocalizedText =>
  Object.fromEntries(LANGS.map((lang) => [lang, format(text[lang], values)])) as LocalizedText;

async function limit(req: Request, rule: RateRule, subject: string, text: LocalizedText): Promise<void> {
  const result = await appContext(req).rateLimiter.consume(rule, subject);
  if (result.allowed) return;
  const minutes = Math.max(1, Math.ceil(result.retryAfterSeconds / 60));
  throw new ApiError(429, "rate_limited", each(text, { minutes }), { retryAfter: result.retryAfterSeconds }, {
    "Retry-After": String(result.retryAfterSeconds),
  });
}

/** Runs an action that checks the current password; a wrong one is a 400 field error on currentPassword, counted. */
async function withPassword<T>(req: Request, userId: string, action: () => Promise<T>): Promise<T> {
  const { rateLimiter } = appContext(req);
  const rule = ACCOUNT_RATE_RULES.settingsPassword;
  await limit(req, rule, userId, SETTINGS_MESSAGES.tooManyPasswordTries);
  try {
    const result = await action();
    await rateLimiter.refund(rule, userId);
    return result;
  } catch (error) {
    if (error instanceof WrongPasswordError) {
      const lang = requestLang(req);
      throw new ApiError(400, "wrong_password", SETTINGS_MESSAGES.wrongPassword, {
        fields: { currentPassword: SETTINGS_MESSAGES.wrongPassword[lang] },
        codes: { currentPassword: "wrong_password" },
      });
    }
    await rateLimiter.refund(rule, userId);
    if (error instanceof SettingsConflictError) throw conflict(req, error);
    throw error;
  }
}

function conflict(req: Request, error: SettingsConflictError): ApiError {
  const lang = requestLang(req);
  switch (error.code) {
    case "email_taken":
      return new ApiError(409, "email_taken", SETTINGS_MESSAGES.emailTaken, {
        fields: { email: SETTINGS_MESSAGES.emailTaken[lang] },
        codes: { email: "email_taken" },
      });
    case "same_email":
      return new ApiError(400, "same_email", SETTINGS_MESSAGES.sameEmail, {
        fields: { email: SETTINGS_MESSAGES.sameEmail[lang] },
        codes: { email: "same_email" },
      });
    case "last_admin":
      return new ApiError(409, "last_admin", SETTINGS_MESSAGES.lastAdmin);
  }
}

const langOf = (value: string): Lang => (isLang(value) ? value : "en");
const siteLink = (req: Request, lang: Lang, path: string) => `${appContext(req).site.origin}${localePath(lang, path)}`;

accountRouter.get("/", async (req, res) => {
  // One statement; the language is written only when the member now uses another one (receipts and
  // account e-mails follow it), so reading the page again writes nothing.
  const { user, data } = await requireUserWith(req, PROFILE_OF_SESSION_USER);
  const lang = requestLang(req);
  if (data.lang !== lang) await rememberLang(appContext(req).db, user.id, lang);
  res.json(accountAnswer(user, data, lang));
});

accountRouter.post("/name", async (req, res) => {
  const user = await requireUser(req);
  const { name } = parseBody(req, ChangeNameSchema, req.body);
  await changeName(appContext(req).db, user.id, name);
  res.json({ success: true, message: SETTINGS_MESSAGES.nameChanged[requestLang(req)] } satisfies AccountMessageResponse);
});

accountRouter.post("/password", async (req, res) => {
  const user = await requireUser(req);
  const input = parseBody(req, ChangePasswordSchema, req.body);
  const result = await withPassword(req, user.id, () =>
    changePassword(appContext(req).db, user.id, user.sessionId, input.currentPassword, input.newPassword),
  );
  const lang = langOf(result.lang);
  sendAccountMail(req, result.email, SETTINGS_MAIL.passwordChangedSubject, SETTINGS_MAIL.passwordChangedText, lang, {
    name: result.name,
    link: siteLink(req, lang, "/forgot-password"),
  });
  const replyLang = requestLang(req);
  res.json({
    success: true,
    message: result.cancelledEmail
      ? format(SETTINGS_MESSAGES.passwordChangedEmailCancelled[replyLang], { email: result.cancelledEmail })
      : SETTINGS_MESSAGES.passwordChanged[replyLang],
    revokedSessions: result.revoked,
  } satisfies PasswordChangedResponse);
});

accountRouter.post("/email", async (req, res) => {
  const user = await requireUser(req);
  const input = parseBody(req, ChangeEmailSchema, req.body);
  await limit(req, ACCOUNT_RATE_RULES.emailChange, user.id, SETTINGS_MESSAGES.tooManyEmailChanges);
  const request = await withPassword(req, user.id, () => requestEmailChange(appContext(req).db, user.id, input.email, input.currentPassword, user.sessionId));
  const lang = requestLang(req);
  sendAccountMail(req, input.email, SETTINGS_MAIL.confirmSubject, SETTINGS_MAIL.confirmText, lang, {
    name: request.name,
    link: `${siteLink(req, lang, "/account/confirm-email")}?token=${encodeURIComponent(request.token)}`,
  });
  res.status(202).json({ success: true, message: format(SETTINGS_MESSAGES.emailChangeSent[lang], { email: input.email }) } satisfies AccountMessageResponse);
});

// No sign-in needed: the link may be opened on another device; the token is the proof.
accountRouter.post("/email/confirm", async (req, res) => {
  const { token } = parseBody(req, ConfirmEmailSchema, req.body);
  let changed;
  try {
    changed = await confirmEmailChange(appContext(req).db, token);
  } catch (error) {
    if (error instanceof SettingsConflictError) throw conflict(req, error);
    throw error;
  }
  if (!changed) throw new ApiError(400, "invalid_email_token", SETTINGS_MESSAGES.invalidEmailToken);
  const lang = langOf(changed.lang);
  sendAccountMail(req, changed.oldEmail, SETTINGS_MAIL.changedSubject, SETTINGS_MAIL.changedText, lang, {
    name: changed.name,
    email: changed.newEmail,
    link: siteLink(req, lang, "/contact"),
  });
  res.json({
    success: true,
    message: format(SETTINGS_MESSAGES.emailChanged[requestLang(req)], { email: changed.newEmail }),
    email: changed.newEmail,
  } satisfies EmailConfirmedResponse);
});

accountRouter.get("/sessions", async (req, res) => {
  const user = await requireUser(req);
  res.json({ success: true, ...(await listSessions(appContext(req).db, user.id, user.sessionId)) } satisfies SessionsResponse);
});

accountRouter.post("/sessions/revoke-all", async (req, res) => {
  const user = await requireUser(req);
  await revokeEverySession(appContext(req).db, user.id);
  res.json({ success: true, message: SETTINGS_MESSAGES.signedOutEverywhere[requestLang(req)] } satisfies AccountMessageResponse);
});

accountRouter.post("/sessions/:id/revoke", async (req, res) => {
  const user = await requireUser(req);
  const id = SessionIdSchema.safeParse(req.params.id);
  // Someone else's session answers exactly like an unknown one.
  const result = id.success ? await revokeOwnSession(appContext(req).db, user.id, id.data) : null;
  if (!result?.revoked) throw new ApiError(404, "session_not_found", SETTINGS_MESSAGES.sessionNotFound);
  const lang = requestLang(req);
  const message = result.cancelledEmail
    ? format(SETTINGS_MESSAGES.sessionRevokedEmailCancelled[lang], { email: result.cancelledEmail })
    : SETTINGS_MESSAGES.sessionRevoked[lang];
  res.json({ success: true, message } satisfies AccountMessageResponse);
});

accountRouter.get("/export", async (req, res) => {
  const user = await requireUser(req);
  const data = await exportAccount(appContext(req).db, user.id);
  if (!data) throw unauthorized();
  res.setHeader("Content-Disposition", `attachment; filename="account-data-${data.exportedAt.slice(0, 10)}.json"`);
  res.setHeader("Cache-Control", "no-store");
  res.json(data satisfies AccountExport);
});

accountRouter.post("/delete", async (req, res) => {
  const user = await requireUser(req);
  const input = parseBody(req, DeleteAccountSchema, req.body);
  await withPassword(req, user.id, () => deleteAccount(appContext(req).db, user.id, user.sessionId, input.currentPassword));
  res.json({ success: true, message: SETTINGS_MESSAGES.accountDeleted[requestLang(req)] } satisfies AccountMessageResponse);
});
