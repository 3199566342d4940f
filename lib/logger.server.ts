import { pino, stdSerializers, type Logger } from "pino";

export type { Logger };

/** Secrets and personal data that must never reach a log line. */
export const REDACT_PATHS = [
  "req.headers.authorization",
  "req.headers.cookie",
  'req.headers["stripe-signature"]',
  "res.headers['set-cookie']",
  "password",
  "*.password",
  "passwordHash",
  "*.passwordHash",
  "token",
  "*.token",
  "apiKey",
  "*.apiKey",
];

// What a database error carries besides its message: the query's values (an e-mail, an argon2
// hash), the failing row ("Key (email)=(…)"). None of it helps an operator more than it leaks.
const VALUE_FIELDS = ["params", "parameters", "detail", "where", "internalQuery", "values"];

/** Drizzle writes the values into the message ("Failed query: …\nparams: a,b"): keep the SQL, drop them. */
function withoutParams(text: string): string {
  return text.replace(/\nparams: .*?(?=\n\s+at |\n[A-Z]\w*Error|$)/gs, "\nparams: [redacted]");
}

function scrub(value: unknown, depth = 0): unknown {
  if (!value || typeof value !== "object" || depth > 5) return value;
  const out: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    if (VALUE_FIELDS.includes(key)) continue;
    out[key] = typeof field === "string" && (key === "message" || key === "stack") ? withoutParams(field) : scrub(field, depth + 1);
  }
  return out;
}

/** pino's error serializer, minus query values (docs/reliability.md, "What logs never carry"). */
export function serializeError(error: unknown): unknown {
  if (!(error instanceof Error)) return scrub(error);
  const serialized: Record<string, unknown> = { ...stdSerializers.err(error) };
  // The database's error code (the cause of a failed query) says what went wrong without any value.
  const causeCode = (error.cause as { code?: unknown } | undefined)?.code;
  if (typeof causeCode === "string") serialized.causeCode = causeCode;
  return scrub(serialized);
}

/** A request URL for the log: the path only (query strings carry reset tokens and searches). */
export function loggedUrl(url: string | undefined): string | undefined {
  return url?.split("?")[0];
}

export function createLogger(level: string): Logger {
  // Asynchronous writes to stdout: a request's log line no longer blocks the event loop on a write
  // system call (lines written meanwhile go out together in the next write). pino flushes what is
  // left synchronously when the process exits (server/lifecycle.ts exits through process.exit).
  const destination = pino.destination({ dest: 1, sync: false });
  return pino({ level, redact: { paths: REDACT_PATHS, censor: "[redacted]" }, serializers: { err: serializeError } }, destination);
}
