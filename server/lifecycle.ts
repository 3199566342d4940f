// Listening and graceful shutdown: on SIGTERM/SIGINT stop accepting, let in-flight requests and
// streams finish within SHUTDOWN_TIMEOUT_MS, then close the database.
import http from "node:http";
import type { Express } from "express";
import type { AppServices } from "../lib/app-services.server";

export interface StartOptions {
  app: Express;
  services: AppServices;
  onClose: () => Promise<void>;
}

export async function startServer({ app, services, onClose }: StartOptions): Promise<http.Server> {
  const { env, logger } = services;
  const server = http.createServer(app);
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(env.PORT, env.HOST, () => resolve());
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : env.PORT;
  const shown = env.HOST === "0.0.0.0" || env.HOST === "::" ? "localhost" : env.HOST;
  logger.info({ port }, "listening");
  // The one line a person starting the site looks for.
  process.stdout.write(`\n  ${env.SITE_NAME} is running at http://${shown}:${port}\n\n`);

  const purge = setInterval(() => {
    services.rateLimiter.purgeExpired().catch((error) => logger.warn({ err: error }, "rate limit purge failed"));
  }, 10 * 60_000);
  purge.unref();

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down");
    clearInterval(purge);
    const forced = setTimeout(() => {
      logger.warn("shutdown timeout reached, closing remaining connections");
      server.closeAllConnections();
    }, env.SHUTDOWN_TIMEOUT_MS);
    forced.unref();
    server.close(async () => {
      try {
        await onClose();
      } finally {
        logger.info("stopped");
        process.exit(0);
      }
    });
    server.closeIdleConnections();
  };
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
  return server;
}
