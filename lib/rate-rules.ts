// Every rate rule of the site, in one place. Counters live in the database (lib/rate-limit.server.ts),
// so every instance on one PostgreSQL enforces the same budget; a refusal is built by
// tooManyRequests() (lib/http/api-error.ts). Why these: docs/reliability.md, "Rate limits".
import type { RateRule } from "~/lib/rate-limit.server";

/** Protects the AI provider key: questions per member per minute. */
export const ASK_RATE_RULE: RateRule = { name: "ai-ask", points: 10, windowSeconds: 60 };

/** Contact messages per client address: enough for a person with follow-up questions, not for a bot. */
export const CONTACT_RATE_RULE: RateRule = { name: "contact-ip", points: 5, windowSeconds: 10 * 60 };

/** New checkout attempts per user (card-testing guard); replays of an attempt do not count. */
export const PAYMENT_ATTEMPT_RULE: RateRule = { name: "payment-attempt", points: 20, windowSeconds: 3600 };

/** The account endpoints. */

export const ACCOUNT_RATE_RULES = {
  /** Failed log-ins from one address; successes do not count, so a busy office or carrier address stays usable. */
  loginIp: { name: "login-ip", points: 20, windowSeconds: 15 * 60 },
  /** Failed log-ins on one account from one address; a success there clears it. */
  loginAccountIp: { name: "login-account-ip", points: 10, windowSeconds: 15 * 60 },
  /** Failed log-ins on one account from every address; past `points` the account is slowed (LOGIN_SLOWDOWN), never locked. */
  loginAccount: { name: "login-account", points: 10, windowSeconds: 15 * 60 },
  /** Addresses an account logged in from lately: they skip the slow-down. A marker, never a limit. */
  loginKnownAddress: { name: "login-known", points: Number.MAX_SAFE_INTEGER, windowSeconds: 30 * 24 * 60 * 60 },
  registerIp: { name: "register-ip", points: 10, windowSeconds: 60 * 60 },
  forgotIp: { name: "forgot-ip", points: 10, windowSeconds: 60 * 60 },
  /** Reset mails to one address (keyed on what was typed, so it reveals nothing about existence). */
  forgotEmail: { name: "forgot-email", points: 3, windowSeconds: 60 * 60 },
  resetIp: { name: "reset-ip", points: 20, windowSeconds: 15 * 60 },
  /** Wrong current passwords on the account settings (password, e-mail, deletion): a stolen session cannot guess on. */
  settingsPassword: { name: "settings-password", points: 10, windowSeconds: 15 * 60 },
  /** Confirmation e-mails for a new address, per account. */
  emailChange: { name: "email-change", points: 5, windowSeconds: 60 * 60 },
} satisfies Record<string, RateRule>;

/** The per-account slow-down: one attempt per hold, the hold doubling from baseSeconds up to maxSeconds. */
export const LOGIN_SLOWDOWN = { name: "login-account-turn", baseSeconds: 5, maxSeconds: 60 };

/** How long an attempt let through holds the account, given its failures in the current window. */
export function loginDelaySeconds(failures: number): number {
  const beyond = Math.max(0, failures - ACCOUNT_RATE_RULES.loginAccount.points);
  return Math.min(LOGIN_SLOWDOWN.maxSeconds, LOGIN_SLOWDOWN.baseSeconds * 2 ** Math.min(beyond, 16));
}
