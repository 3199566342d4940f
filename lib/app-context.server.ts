// Everything a request handler or loader needs, built once at start-up and passed down explicitly
// (to Express handlers through `req.app.locals`, to loaders through React Router's load context).
import { openDatabase, type Database, type Db } from "~/db/client.server";
import { createSessionTouches, type SessionTouches } from "./accounts/sessions.server";
import { siteKnowledgeIndex, type KnowledgeIndex } from "./ai/knowledge-index.server";
import { createAiProvider, type AiProvider } from "./ai/provider.server";
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
  /** Everything the site publishes, searchable per language: what the assistant answers from. */
  knowledge: KnowledgeIndex;
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
  const opening = overrides.database
    ? Promise.resolve(overrides.database)
    : openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR, poolSize: env.DATABASE_POOL_SIZE });
  // The knowledge index is main-thread CPU (about a second); PGlite spends its start-up mostly
  // compiling WebAssembly off the main thread. Building the index once the opening is under way
  // overlaps the two (docs/performance.md, "Start-up").
  opening.catch(() => {}); // awaited below; not "unhandled" while the index is being built
  await new Promise((resolve) => setImmediate(resolve));
  const knowledge = siteKnowledgeIndex(envContentVars(env));
  const database = await opening;
  const db = database.db;
  return {
    env,
    database,
    db,
    logger,
    mailer: overrides.mailer ?? createMailer(env, logger),
    rateLimiter: createRateLimiter(db, { enabled: env.RATE_LIMITS }),
    sessionTouches: createSessionTouches(db, { onError: (error) => logger.warn({ err: error }, "session expiry could not be slid") }),
    ai: overrides.ai ?? createAiProvider(env, logger),
    knowledge,
    payments: overrides.payments ?? createPaymentProvider(env),
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
