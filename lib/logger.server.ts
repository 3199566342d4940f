import { pino, type Logger } from "pino";

export type { Logger };

/** Secrets and personal data that must never reach a log line. */
export const REDACT_PATHS = [
  "req.headers.authorization",
  "req.headers.cookie",
  'req.headers["stripe-signature"]',
  "res.headers['set-cookie']",
  "password",
  "*.password",
  "token",
  "*.token",
  "apiKey",
  "*.apiKey",
];

export function createLogger(level: string): Logger {
  return pino({ level, redact: { paths: REDACT_PATHS, censor: "[redacted]" } });
}
