// The one place that reads the process environment. Everything else receives a validated `Env`.
import { z } from "zod";

const emptyToUndefined = (value: unknown) =>
  typeof value === "string" && value.trim() === "" ? undefined : value;

const optionalString = z.preprocess(emptyToUndefined, z.string().optional());
const trimmed = (value: unknown) => (typeof value === "string" ? value.trim() : value);
const optionalUrl = z.preprocess(emptyToUndefined, z.url().optional());
const int = (fallback: number, min: number, max: number) =>
  z.preprocess(emptyToUndefined, z.coerce.number().int().min(min).max(max).default(fallback));
const bool = (fallback: boolean) =>
  z.preprocess(
    emptyToUndefined,
    z
      .enum(["true", "false", "1", "0", "yes", "no"])
      .transform((v) => v === "true" || v === "1" || v === "yes")
      .default(fallback),
  );

export const EnvSchema = z
  .object({
    NODE_ENV: z.preprocess(
      emptyToUndefined,
      z.enum(["development", "production", "test"]).default("production"),
    ),
    PORT: int(3000, 0, 65535),
    HOST: z.preprocess(emptyToUndefined, z.string().default("0.0.0.0")),
    SITE_NAME: z.preprocess(emptyToUndefined, z.string().max(60).default("TaxAtlas")),
    SITE_URL: optionalUrl,
    /** The firm's legal name (Terms, footer, contact page); unset means SITE_NAME. */
    COMPANY_LEGAL_NAME: z.preprocess(emptyToUndefined, z.string().max(120).optional()),
    /**
     * The firm's tax registration number on its receipts ("T" and 13 digits in Japan, a VAT or GST
     * number elsewhere); unset prints none. One line of printable text: no line break, tab or
     * invisible formatting character that could break or disguise the receipt's line.
     */
    COMPANY_TAX_ID: z.preprocess(
      (value) => emptyToUndefined(trimmed(value)),
      z
        .string()
        .max(40, "must be at most 40 characters")
        .regex(/^[^\p{C}\p{Zl}\p{Zp}]+$/u, "must be printable characters on one line (no line breaks, tabs or control characters)")
        .optional(),
    ),
    DATABASE_URL: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
        .optional(),
    ),
    DATABASE_POOL_SIZE: int(10, 1, 200),
    DATA_DIR: z.preprocess(emptyToUndefined, z.string().default("data")),
    STARTING_CREDITS: int(3, 0, 1_000_000),
    AI_API_KEY: optionalString,
    AI_BASE_URL: z.preprocess(emptyToUndefined, z.url().default("https://api.groq.com/openai/v1")),
    AI_MODEL: z.preprocess(emptyToUndefined, z.string().default("llama-3.3-70b-versatile")),
    AI_TIMEOUT_MS: int(60_000, 100, 600_000),
    AI_MAX_RETRIES: int(2, 0, 10),
    STRIPE_SECRET_KEY: optionalString,
    STRIPE_PUBLISHABLE_KEY: optionalString,
    STRIPE_WEBHOOK_SECRET: optionalString,
    STRIPE_API_BASE: optionalUrl,
    SMTP_URL: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^smtps?:\/\//, "must start with smtp:// or smtps://")
        .optional(),
    ),
    MAIL_FROM: z.preprocess(emptyToUndefined, z.string().default("TaxAtlas <no-reply@localhost>")),
    CONTACT_EMAIL: z.preprocess(emptyToUndefined, z.email().optional()),
    CONTACT_PHONE: optionalString,
    CONTACT_ADDRESS: optionalString,
    SOCIAL_LINKEDIN_URL: optionalUrl,
    SOCIAL_X_URL: optionalUrl,
    SOCIAL_GITHUB_URL: optionalUrl,
    ADMIN_EMAIL: z.preprocess(emptyToUndefined, z.email().optional()),
    ADMIN_PASSWORD: z.preprocess(emptyToUndefined, z.string().min(8).max(128).optional()),
    TRUST_PROXY: z.preprocess(emptyToUndefined, z.string().default("false")),
    LOG_LEVEL: z.preprocess(
      emptyToUndefined,
      z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    ),
    RATE_LIMITS: bool(true),
    SHUTDOWN_TIMEOUT_MS: int(10_000, 0, 600_000),
    /** Requests worked on at once per instance, past the cached pages (server/admission.ts); 0 = no limit. */
    MAX_ACTIVE_REQUESTS: int(8, 0, 100_000),
    /** Requests waiting for a place at most; one more gets a 503. */
    MAX_WAITING_REQUESTS: int(2_000, 0, 1_000_000),
  })
  .superRefine((env, ctx) => {
    if (Boolean(env.ADMIN_EMAIL) !== Boolean(env.ADMIN_PASSWORD)) {
      ctx.addIssue({
        code: "custom",
        path: [env.ADMIN_EMAIL ? "ADMIN_PASSWORD" : "ADMIN_EMAIL"],
        message: "ADMIN_EMAIL and ADMIN_PASSWORD must be set together",
      });
    }
    if (Boolean(env.STRIPE_SECRET_KEY) !== Boolean(env.STRIPE_PUBLISHABLE_KEY)) {
      ctx.addIssue({
        code: "custom",
        path: [env.STRIPE_SECRET_KEY ? "STRIPE_PUBLISHABLE_KEY" : "STRIPE_SECRET_KEY"],
        message: "STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY must be set together",
      });
    }
  });

export type Env = z.output<typeof EnvSchema>;

export class EnvError extends Error {
  constructor(public readonly issues: string[]) {
    super(`Invalid configuration:\n${issues.map((i) => `  - ${i}`).join("\n")}`);
    this.name = "EnvError";
  }
}

/** Validates a configuration source (defaults to the process environment). Throws EnvError naming each bad variable. */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const result = EnvSchema.safeParse(source);
  if (!result.success) {
    throw new EnvError(
      result.error.issues.map((issue) => `${issue.path.join(".") || "(root)"}: ${issue.message}`),
    );
  }
  return result.data;
}

/**
 * The start file's one default (server/start.ts): NODE_ENV is production unless set, as EnvSchema
 * reads it. It must be in place before React and React Router are imported, which choose their
 * production or development code then (docs/decisions/0007-one-server-build.md).
 */
export function defaultToProduction(source: Record<string, string | undefined> = process.env): void {
  if (emptyToUndefined(source.NODE_ENV) === undefined) source.NODE_ENV = "production";
}

/** The legal name shown on the Terms, in the footer and on the contact page: COMPANY_LEGAL_NAME, else SITE_NAME. */
export function companyLegalName(env: Pick<Env, "COMPANY_LEGAL_NAME" | "SITE_NAME">): string {
  return env.COMPANY_LEGAL_NAME ?? env.SITE_NAME;
}

/** TRUST_PROXY as Express understands it: true/false, a hop count, or a list of addresses. */
export function trustProxySetting(env: Env): boolean | number | string {
  const value = env.TRUST_PROXY.trim();
  if (value === "true") return true;
  if (value === "false") return false;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}

/** The placeholder values of the content ({siteName}, {contactEmail}, ...). */
export function envContentVars(env: Env): Record<string, string> {
  return {
    siteName: env.SITE_NAME,
    legalName: companyLegalName(env),
    contactEmail: env.CONTACT_EMAIL ?? "",
    contactPhone: env.CONTACT_PHONE ?? "",
    contactAddress: env.CONTACT_ADDRESS ?? "",
  };
}
