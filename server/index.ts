// Starts the site: validate configuration, open and migrate the database, listen, stop cleanly.
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { RequestHandler } from "express";
import type { ServerBuild } from "react-router";
import { projectRoot } from "~/db/client.server";
import { bootstrapAdmin } from "~/lib/accounts/admin.server";
import { closeAppContext, createAppContext } from "~/lib/app-context.server";
import { EnvError, parseEnv } from "~/lib/env.server";
import { createApp } from "./app";
import { startServer } from "./lifecycle";

const dev = process.argv.includes("--dev");

async function main() {
  let env;
  try {
    env = parseEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  if (dev) env = { ...env, NODE_ENV: "development" as const };

  const appContext = await createAppContext(env);
  await appContext.database.migrate();
  appContext.logger.info({ database: appContext.database.kind }, "database migrated");
  await bootstrapAdmin(appContext);

  let build: () => Promise<ServerBuild>;
  const beforePages: RequestHandler[] = [];
  if (dev) {
    const vite = await import("vite");
    const viteServer = await vite.createServer({ server: { middlewareMode: true }, appType: "custom" });
    beforePages.push(viteServer.middlewares as unknown as RequestHandler);
    build = () => viteServer.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>;
  } else {
    const buildPath = path.join(projectRoot(), "build", "server", "index.js");
    const loaded = import(pathToFileURL(buildPath).href) as Promise<ServerBuild>;
    build = () => loaded;
    await loaded;
  }

  const { app } = createApp({
    appContext,
    pages: { build, mode: dev ? "development" : "production", cache: !dev },
    beforePages,
  });
  await startServer({ app, appContext, onClose: () => closeAppContext(appContext) });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
