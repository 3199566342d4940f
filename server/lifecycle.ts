// Listening and graceful shutdown: on SIGTERM/SIGINT stop accepting, let in-flight requests and
// streams finish within SHUTDOWN_TIMEOUT_MS, then close the database.
import type http from "node:http";
import type { Express } from "express";
import type { AppContext } from "~/lib/app-context.server";
import { listenOrigin } from "~/lib/http/origin.server";
import { createHttpServer } from "./http-server";

export interface StartOptions {
  app: Express;
  /** The app's security headers, for the answers Node would write bare (server/http-server.ts). */
  securityHeaders: Record<string, string>;
  appContext: AppContext;
  onClose: () => Promise<void>;
}

/** Set on `app.locals` while the server drains, so /readyz takes the instance out of rotation. */
export const SHUTTING_DOWN = "shuttingDown";

// After the forced close, closing the pool and the mailer gets this long before the process exits anyway.
const CLOSE_GRACE_MS = 5_000;
// Handlers whose connection was cut record the outcome (an AI answer marked stopped, its credit
// reservation released) after the socket is gone: give them this long before the pool closes.
const FORCED_SETTLE_MS = 1_000;

export async function startServer({ app, securityHeaders, appContext, onClose }: StartOptions): Promise<http.Server> {
  const { env, logger } = appContext;
  const server = createHttpServer(app, securityHeaders);
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(env.PORT, env.HOST, () => resolve());
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : env.PORT;
  // Without SITE_URL the printed address is the site's origin (PORT=0 is only known now).
  if (!appContext.site.configured) appContext.site.origin = listenOrigin(env.HOST, port);
  logger.info({ port, origin: appContext.site.origin }, "listening");
  // The one line a person starting the site looks for.
  process.stdout.write(`\n  ${env.SITE_NAME} is running at ${listenOrigin(env.HOST, port)}\n\n`);

  const purge = setInterval(() => {
    appContext.rateLimiter.purgeExpired().catch((error) => logger.warn({ err: error }, "rate limit purge failed"));
  }, 10 * 60_000);
  purge.unref();

  let stopping = false;
  // A request that arrives on an open keep-alive connection while draining is still answered, but
  // with `Connection: close`, so the client (or proxy) opens its next request elsewhere.
  server.prependListener("request", (_req: http.IncomingMessage, res: http.ServerResponse) => {
    if (stopping) res.setHeader("Connection", "close");
  });

  const exit = (code: number) => {
    logger.info({ code }, "stopped");
    // Let pino's destination flush the last lines before exiting.
    logger.flush?.();
    process.exit(code);
  };

  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.locals[SHUTTING_DOWN] = true;
    logger.info({ signal, timeoutMs: env.SHUTDOWN_TIMEOUT_MS }, "shutting down");
    clearInterval(purge);

    // Node keeps a keep-alive connection open after its last response (until keepAliveTimeout), which
    // would hold server.close() for a minute: close each connection as soon as it falls idle.
    const reaper = setInterval(() => server.closeIdleConnections(), 100);
    reaper.unref();
    let forcedClose = false;
    const forced = setTimeout(() => {
      logger.warn("shutdown timeout reached, closing remaining connections");
      forcedClose = true;
      server.closeAllConnections();
      // The database pool waits for clients still checked out; do not wait for it forever.
      setTimeout(() => exit(1), CLOSE_GRACE_MS).unref();
    }, env.SHUTDOWN_TIMEOUT_MS);
    forced.unref();

    server.close(async () => {
      clearInterval(reaper);
      clearTimeout(forced);
      if (forcedClose) await new Promise((resolve) => setTimeout(resolve, FORCED_SETTLE_MS));
      onClose().then(
        () => exit(0),
        (error: unknown) => {
          logger.error({ err: error }, "error while closing services");
          exit(1);
        },
      );
    });
    server.closeIdleConnections();
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
  return server;
}
