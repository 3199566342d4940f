// Everything a request handler or loader needs, built once at start-up and passed down explicitly
// (to Express handlers through `req.app.locals`, to loaders through React Router's load context).
import { openDatabase, type Database, type Db } from "../db/client.server";
import type { Env } from "./env.server";
import { createLogger, type Logger } from "./logger.server";
import { createMailer, type Mailer } from "./mail.server";
import { createRateLimiter, type RateLimiter } from "./rate-limit.server";

export interface AppServices {
  env: Env;
  database: Database;
  db: Db;
  logger: Logger;
  mailer: Mailer;
  rateLimiter: RateLimiter;
}

export interface ServiceOverrides {
  database?: Database;
  logger?: Logger;
  mailer?: Mailer;
}

export async function createAppServices(env: Env, overrides: ServiceOverrides = {}): Promise<AppServices> {
  const logger = overrides.logger ?? createLogger(env.LOG_LEVEL);
  const database =
    overrides.database ??
    (await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR, poolSize: env.DATABASE_POOL_SIZE }));
  const db = database.db;
  return {
    env,
    database,
    db,
    logger,
    mailer: overrides.mailer ?? createMailer(env, logger),
    rateLimiter: createRateLimiter(db, { enabled: env.RATE_LIMITS }),
  };
}

export async function closeAppServices(services: AppServices): Promise<void> {
  services.mailer.close();
  await services.database.close();
}
