// Accounts API (the published paths and fields: `message`, `user`, `token`): register, login, logout, me,
// password/forgot, password/reset. Bearer tokens; rate limits shared through the database.
import { Router, type Request } from "express";
import { ACCOUNT_MESSAGES, PASSWORD_RESET_DONE_MAIL, RESET_MAIL } from "~/lib/accounts/messages";
import { isResetTokenUsable, requestPasswordReset, resetPassword } from "~/lib/accounts/password-reset.server";
import { ACCOUNT_RATE_RULES, LOGIN_SLOWDOWN, loginDelaySeconds } from "~/lib/rate-rules";
import { createSession, createSessionWhilePassword, revokeSession } from "~/lib/accounts/sessions.server";
import { checkCredentials, EmailTakenError, findUserByEmail, registerUser, rememberLang } from "~/lib/accounts/users.server";
import { ApiError, tooManyRequests, type LocalizedText } from "~/lib/http/api-error";
import { isLang } from "~/lib/i18n/languages";
import { localePath } from "~/lib/i18n/paths";
import type { RateResult, RateRule } from "~/lib/rate-limit.server";
import {
  CheckResetTokenSchema,
  ForgotPasswordSchema,
  LoginSchema,
  RegisterSchema,
  ResetPasswordSchema,
  type ResetTokenCheckResponse,
  type SignInResponse,
  type ResetPasswordResponse,
  type UserMessageResponse,
} from "~/lib/contracts/user";
import { clientIp, parseBody, requestLang, requireUser, appContext, sendAccountMail } from "~/server/http";
import { meAnswer } from "~/server/member-reads";

export const userRouter = Router();

/** Consumes one point; over the limit, a 429. */
async function limit(req: Request, rule: RateRule, subject: string, text: LocalizedText): Promise<void> {
  const result = await appContext(req).rateLimiter.consume(rule, subject);
  if (!result.allowed) throw tooManyRequests(text, result.retryAfterSeconds);
}

/**
 * Guessing one account from many addresses: past loginAccount's failures, one attempt per hold, the
 * hold doubling up to a minute. Addresses the account logged in from lately skip it, so an attacker
 * elsewhere cannot keep the owner out. Refused before the password is checked: no oracle.
 */
async function slowDown(req: Request, email: string, failures: RateResult, knownHere: boolean): Promise<void> {
  if (failures.allowed || knownHere) return;
  // `used` counts this attempt too; the delay follows the failures before it.
  const turn = await appContext(req).rateLimiter.takeTurn(LOGIN_SLOWDOWN.name, email, loginDelaySeconds(failures.used - 1));
  if (!turn.allowed) throw tooManyRequests(ACCOUNT_MESSAGES.loginSlowedDown, turn.retryAfterSeconds);
}

userRouter.post("/register", async (req, res) => {
  const input = parseBody(req, RegisterSchema, req.body);
  const { db, env } = appContext(req);
  await limit(req, ACCOUNT_RATE_RULES.registerIp, clientIp(req), ACCOUNT_MESSAGES.tooManySignups);
  let user;
  try {
    user = await registerUser(db, input, env.STARTING_CREDITS);
  } catch (error) {
    if (error instanceof EmailTakenError) throw new ApiError(409, "email_taken", ACCOUNT_MESSAGES.emailTaken);
    throw error;
  }
  await rememberLang(db, user.id, requestLang(req));
  const { token } = await createSession(db, user.id, req.get("user-agent"));
  res.status(201).json({ success: true, message: ACCOUNT_MESSAGES.signedUp[requestLang(req)], user, token } satisfies SignInResponse);
});

// Under load each database round trip waits its turn in a busy event loop (docs/performance.md,
// "Two instances on one PostgreSQL"), so a log-in makes two rounds besides the hash: the counters
// (with the known-address marker they depend on, in one statement) and the account row at once;
// and, on success, the counters, the language and the session at once.
userRouter.post("/login", async (req, res) => {
  const input = parseBody(req, LoginSchema, req.body);
  const { db, rateLimiter } = appContext(req);
  const rules = ACCOUNT_RATE_RULES;
  const ip = clientIp(req);
  const accountAtIp = `${input.email} ${ip}`;
  // Only failures count (docs/reliability.md, "Rate limits"). Points are taken before the password is
  // checked, so parallel guesses cannot overrun a budget, and given back unless the attempt fails.
  // Someone who logged in from this address lately is not held by a spray from it (an office or a
  // carrier shares one address): while that marker runs, the address's own budget is not counted;
  // their failures there are still counted per (account, address).
  const items = [
    { rule: rules.loginIp, subject: ip, unlessMarked: true },
    { rule: rules.loginAccountIp, subject: accountAtIp },
    { rule: rules.loginAccount, subject: input.email },
  ];
  let taken: [RateRule, string][] = [];
  let checked: Awaited<ReturnType<typeof checkCredentials>>;
  try {
    // The account row is read meanwhile; whether it exists is not revealed until the password is checked.
    const [gate, account] = await Promise.all([rateLimiter.consumeUnlessMarked([rules.loginKnownAddress, accountAtIp], items), findUserByEmail(db, input.email)]);
    taken = items.filter((_, i) => gate.results[i]).map(({ rule, subject }) => [rule, subject]);
    const [ipBudget, accountIpBudget, accountFailures] = gate.results;
    const refused = [ipBudget, accountIpBudget].find((result) => result && !result.allowed);
    if (refused) throw tooManyRequests(ACCOUNT_MESSAGES.tooManyLogins, refused.retryAfterSeconds);
    await slowDown(req, input.email, accountFailures!, gate.marker.used > 0);
    checked = await checkCredentials(db, input.email, input.password, account);
  } catch (error) {
    if (taken.length) await rateLimiter.settle({ refund: taken });
    throw error;
  }
  // One answer for an unknown e-mail and a wrong password: no account enumeration.
  const invalidCredentials = () => new ApiError(401, "invalid_credentials", ACCOUNT_MESSAGES.invalidCredentials);
  if (!checked) throw invalidCredentials();
  const { user } = checked;
  // These touch different rows. loginAccountIp is reset, so its point needs no refund first.
  const [, , session] = await Promise.all([
    rateLimiter.settle({
      refund: taken.filter(([rule]) => rule !== rules.loginAccountIp),
      reset: [[rules.loginAccountIp, accountAtIp]],
      consume: [[rules.loginKnownAddress, accountAtIp]],
    }),
    rememberLang(db, user.id, requestLang(req)),
    createSessionWhilePassword(db, user.id, checked.passwordHash, req.get("user-agent")),
  ]);
  // The password was changed or reset while it was being checked: it no longer opens the account.
  if (!session) throw invalidCredentials();
  res.json({ success: true, message: ACCOUNT_MESSAGES.loggedIn[requestLang(req)], user, token: session.token } satisfies SignInResponse);
});

userRouter.post("/logout", async (req, res) => {
  const user = await requireUser(req);
  await revokeSession(appContext(req).db, user.sessionId);
  res.json({ success: true, message: ACCOUNT_MESSAGES.loggedOut[requestLang(req)] } satisfies UserMessageResponse);
});

userRouter.get("/me", async (req, res) => {
  res.json(meAnswer(await requireUser(req)));
});

userRouter.post("/password/forgot", async (req, res) => {
  const input = parseBody(req, ForgotPasswordSchema, req.body);
  const { db } = appContext(req);
  const lang = requestLang(req);
  await limit(req, ACCOUNT_RATE_RULES.forgotIp, clientIp(req), ACCOUNT_MESSAGES.tooManyResets);
  await limit(req, ACCOUNT_RATE_RULES.forgotEmail, input.email, ACCOUNT_MESSAGES.tooManyResets);
  // The same answer after the same time whether or not the account exists (requestPasswordReset).
  const reset = await requestPasswordReset(db, input.email);
  if (reset) {
    const link = `${appContext(req).site.origin}${localePath(lang, "/reset-password")}?token=${encodeURIComponent(reset.token)}`;
    // Not awaited: the answer must take the same time whether or not the account exists.
    sendAccountMail(req, reset.user.email, RESET_MAIL.subject, RESET_MAIL.text, lang, { name: reset.user.name, link }, "password reset e-mail could not be sent");
  }
  res.status(202).json({ success: true, message: ACCOUNT_MESSAGES.forgotSent[lang] } satisfies UserMessageResponse);
});

userRouter.post("/password/reset", async (req, res) => {
  const input = parseBody(req, ResetPasswordSchema, req.body);
  await limit(req, ACCOUNT_RATE_RULES.resetIp, clientIp(req), ACCOUNT_MESSAGES.tooManyResets);
  const { db, site } = appContext(req);
  const account = await resetPassword(db, input.token, input.password);
  if (!account) throw new ApiError(400, "invalid_reset_token", ACCOUNT_MESSAGES.invalidResetToken);
  // In the language the member last used, with the way back if it was not them.
  const lang = isLang(account.lang) ? account.lang : requestLang(req);
  const link = `${site.origin}${localePath(lang, "/forgot-password")}`;
  sendAccountMail(req, account.email, PASSWORD_RESET_DONE_MAIL.subject, PASSWORD_RESET_DONE_MAIL.text, lang, { name: account.name, link }, "password reset notice could not be sent");
  res.json({ success: true, message: ACCOUNT_MESSAGES.passwordReset[requestLang(req)], userId: account.userId } satisfies ResetPasswordResponse);
});

/** The reset page asks when it opens, so a used or expired link says so before anything is typed. */
userRouter.post("/password/reset/check", async (req, res) => {
  const { token } = parseBody(req, CheckResetTokenSchema, req.body);
  await limit(req, ACCOUNT_RATE_RULES.resetIp, clientIp(req), ACCOUNT_MESSAGES.tooManyResets);
  if (!(await isResetTokenUsable(appContext(req).db, token))) {
    throw new ApiError(400, "invalid_reset_token", ACCOUNT_MESSAGES.invalidResetToken);
  }
  res.json({ success: true, valid: true } satisfies ResetTokenCheckResponse);
});
