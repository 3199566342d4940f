// Starts the site: validate configuration, open and migrate the database, listen, stop cleanly.
// Called by server/index.ts (production: the page build is the one module graph) and by
// server/dev.ts (development: Vite loads this module and the pages alike).
import { mkdir, readdir, rm } from "node:fs/promises";
import path from "node:path";
import type { RequestHandler } from "express";
import type { ServerBuild } from "react-router";
import { bootstrapAdmin } from "~/lib/accounts/admin.server";
import { closeAppContext, createAppContext } from "~/lib/app-context.server";
import { EnvError, parseEnv } from "~/lib/env.server";
import { createApp } from "./app";
import { startServer } from "./lifecycle";

export interface MainOptions {
  /** The React Router server build (development: reloaded by Vite on every page request). */
  build: () => Promise<ServerBuild>;
  mode: "production" | "development";
  /** Extra middleware before the pages (Vite's development middleware). */
  beforePages?: RequestHandler[];
}

export async function main({ build, mode, beforePages = [] }: MainOptions): Promise<void> {
  const dev = mode === "development";
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

  // Start-up phases, logged once listening (docs/performance.md, "Start-up and memory").
  const phases: Record<string, number> = { loadedMs: Math.round(process.uptime() * 1000) };
  // Until the server listens, nothing else holds the event loop open: PGlite's start-up is promises
  // and WebAssembly, and every timer is unref'd. An empty loop makes Node drain the platform's
  // worker tasks before each foreground task, so start-up waited for V8's background compilation of
  // PGlite's WebAssembly, about 0.3 s of a restart (docs/performance.md, "Restarts").
  const startingUp = setInterval(() => {}, 60_000);
  let mark = performance.now();
  const phase = (name: string) => {
    phases[name] = Math.round(performance.now() - mark);
    mark = performance.now();
  };
  const serve = async () => {
    const appContext = await createAppContext(env);
    phase("servicesMs");
    await appContext.database.migrate();
    appContext.logger.info({ database: appContext.database.kind }, "database migrated");
    await bootstrapAdmin(appContext);
    phase("migrateMs");

    const { app, securityHeaders } = createApp({
      appContext,
      pages: { build, mode, cache: !dev, compressedDir: dev ? undefined : await compressedPagesDir(env.DATA_DIR, build) },
      beforePages,
    });
    await startServer({ app, securityHeaders, appContext, onClose: () => closeAppContext(appContext) });
    return appContext;
  };
  const appContext = await serve().finally(() => clearInterval(startingUp));
  phase("listenMs");
  appContext.logger.info({ ...phases, totalMs: Math.round(process.uptime() * 1000) }, "started");
  // The assistant's index is built in steps while the server already answers; a question asked
  // before it is ready waits for it (lib/ai/knowledge-index.server.ts).
  const indexing = performance.now();
  appContext
    .knowledge()
    .then((index) => appContext.logger.info({ passages: index.passageCount, ms: Math.round(performance.now() - indexing) }, "knowledge index built"))
    .catch((error: unknown) => appContext.logger.error({ err: error }, "knowledge index could not be built"));
}

/**
 * DATA_DIR/page-cache/<build version>: compressed page bodies of this build, kept across restarts
 * (server/pages.ts). Other builds' folders are removed; a folder that cannot be made leaves the
 * bodies in memory only.
 */
async function compressedPagesDir(dataDir: string, build: () => Promise<ServerBuild>): Promise<string | undefined> {
  const root = path.resolve(dataDir, "page-cache");
  const version = (await build()).assets.version;
  try {
    await mkdir(path.join(root, version), { recursive: true });
    for (const name of await readdir(root)) {
      if (name !== version) await rm(path.join(root, name), { recursive: true, force: true });
    }
    return path.join(root, version);
  } catch {
    return undefined;
  }
}
