// Starts the production build (`node build/server.js`) as a child process on a free loopback port
// with its own temporary data directory, and stops it again. Used by the global setup; a spec that
// needs a server with other settings (lower rate limits, another site name) can start its own.
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startServerProcess, type ServerProcess } from "~/bench/lib/server-process.mjs";

export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
/** Server logs, beside Playwright's output folder (test-results/e2e-servers by default). */
export const e2eLogDir = process.env.E2E_OUTPUT_DIR
  ? `${path.resolve(projectRoot, process.env.E2E_OUTPUT_DIR)}-servers`
  : path.join(projectRoot, "test-results", "e2e-servers");

export interface AppServer {
  name: string;
  url: string;
  dataDir: string;
  logFile: string;
  stop(): Promise<void>;
}

/** Starts one server. `env` is the whole configuration (only PATH and HOME are inherited). */
export async function startAppServer(name: string, env: Record<string, string | undefined>): Promise<AppServer> {
  const entry = path.join(projectRoot, "build", "server.js");
  if (!existsSync(entry)) {
    throw new Error(`${entry} is missing: run \`npm run build\` first (npm run test:e2e builds unless SKIP_BUILD=1).`);
  }
  mkdirSync(e2eLogDir, { recursive: true });
  const dataDir = mkdtempSync(path.join(tmpdir(), `taxatlas-e2e-${name}-`));
  const logFile = path.join(e2eLogDir, `${name}.log`);
  writeFileSync(logFile, ""); // one run's log per file (startServerProcess appends)
  let server: ServerProcess;
  try {
    server = await startServerProcess(name, { DATA_DIR: dataDir, ...env }, { logFile, startTimeoutMs: 60_000 });
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw new Error(`${(error as Error).message}\nsee ${logFile}`);
  }
  const stop = async () => {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { name, url: server.url, dataDir, logFile, stop };
}
