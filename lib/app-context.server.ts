// Everything a request handler or loader needs, built once at start-up and passed down explicitly
// (to Express handlers through `req.app.locals`, to loaders through React Router's load context).
import { openDatabase, type Database, type Db } from "~/db/client.server";
import { createSessionTouches, type SessionTouches } from "./accounts/sessions.server";
import { siteKnowledgeIndex, type KnowledgeIndex } from "./ai/knowledge-index.server";
import type { AiProvider } from "./ai/provider.server";
import { unconfiguredProvider } from "./ai/unconfigured-provider";
import { envContentVars, type Env } from "./env.server";
import { listenOrigin, siteUrlOrigin } from "./http/origin.server";
import { createLogger, type Logger } from "./logger.server";
import { createMailer, type Mailer } from "./mail.server";
import type { PaymentProvider } from "./payments/provider";
import { createPaymentProvider } from "./payments/providers.server";
import { createRateLimiter, type RateLimiter } from "./rate-limit.server";

export interface AppContext {
  env: Env;
  database: Database;
  db: Db;
  logger: Logger;
  mailer: Mailer;
  rateLimiter: RateLimiter;
  /** Slides the expiry of sessions in use, batched off the request (lib/accounts/sessions.server.ts). */
  sessionTouches: SessionTouches;
  /** The AI assistant's model (configured from AI_* variables; unconfigured without AI_API_KEY). */
  ai: AiProvider;
  /**
   * Everything the site publishes, searchable per language: what the assistant answers from. Built
   * in steps on the first call (server/main.ts makes that call once listening), then the same index
   * (lib/ai/knowledge-index.server.ts).
   */
  knowledge: () => Promise<KnowledgeIndex>;
  /** Card payments: Stripe when its keys are set, otherwise the built-in test-mode provider. */
  payments: PaymentProvider;
  /** Where the site lives: the base of every absolute URL (lib/http/origin.server.ts). */
  site: SiteOrigin;
}

export interface SiteOrigin {
  /** SITE_URL's origin, else the origin the server listens on (set again once the port is bound). */
  origin: string;
  /** False while SITE_URL is unset: the admin area says so. */
  configured: boolean;
}

export interface AppContextOverrides {
  database?: Database;
  logger?: Logger;
  mailer?: Mailer;
  ai?: AiProvider;
  payments?: PaymentProvider;
}

export async function createAppContext(env: Env, overrides: AppContextOverrides = {}): Promise<AppContext> {
  const logger = overrides.logger ?? createLogger(env.LOG_LEVEL);
  const [database, mailer, ai, payments] = await Promise.all([
    overrides.database ?? openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR, poolSize: env.DATABASE_POOL_SIZE }),
    overrides.mailer ?? createMailer(env, logger),
    overrides.ai ?? loadAiProvider(env, logger),
    overrides.payments ?? createPaymentProvider(env),
  ]);
  const contentVars = envContentVars(env);
  const db = database.db;
  return {
    env,
    database,
    db,
    logger,
    mailer,
    rateLimiter: createRateLimiter(db, { enabled: env.RATE_LIMITS }),
    sessionTouches: createSessionTouches(db, { onError: (error) => logger.warn({ err: error }, "session expiry could not be slid") }),
    ai,
    knowledge: () => siteKnowledgeIndex(contentVars),
    payments,
    site: env.SITE_URL
      ? { origin: siteUrlOrigin(env.SITE_URL), configured: true }
      : { origin: listenOrigin(env.HOST, env.PORT), configured: false },
  };
}

export async function closeAppContext(appContext: AppContext): Promise<void> {
  appContext.mailer.close();
  await appContext.sessionTouches.close();
  await appContext.database.close();
}

/** The model's provider; the OpenAI SDK is loaded only when a model is configured (docs/performance.md, "Restarts"). */
async function loadAiProvider(env: Env, logger: Logger): Promise<AiProvider> {
  if (!env.AI_API_KEY) return unconfiguredProvider(env.AI_MODEL);
  const provider = await import("./ai/provider.server");
  return provider.createAiProvider(env, logger);
}
