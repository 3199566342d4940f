// Rate limits of the account endpoints. Counters live in the database (lib/rate-limit.server.ts), so
// every instance on one PostgreSQL enforces the same budget.
import type { RateRule } from "../rate-limit.server";

export const ACCOUNT_RATE_RULES = {
  /** Every log-in attempt from one address. */
  loginIp: { name: "login-ip", points: 20, windowSeconds: 15 * 60 },
  /** Log-in attempts on one account; a successful log-in clears it, so it counts consecutive failures. */
  loginEmail: { name: "login-email", points: 10, windowSeconds: 15 * 60 },
  registerIp: { name: "register-ip", points: 10, windowSeconds: 60 * 60 },
  forgotIp: { name: "forgot-ip", points: 10, windowSeconds: 60 * 60 },
  /** Reset mails to one address (keyed on what was typed, so it reveals nothing about existence). */
  forgotEmail: { name: "forgot-email", points: 3, windowSeconds: 60 * 60 },
  resetIp: { name: "reset-ip", points: 20, windowSeconds: 15 * 60 },
} satisfies Record<string, RateRule>;
