// Starts the production build (`node build/server.js`) as a child process on a free loopback port
// with its own temporary data directory, and stops it again. Used by the global setup; a spec that
// needs a server with other settings (lower rate limits, another site name) can start its own.
import { spawn, type ChildProcess } from "node:child_process";
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

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
  const log = createWriteStream(logFile);
  const child = spawn(process.execPath, [entry], {
    cwd: projectRoot,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: "0",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stderr!.pipe(log, { end: false });

  let exited = false;
  child.once("exit", () => {
    exited = true;
  });

  const stop = async () => {
    await stopChild(child);
    log.end();
    rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    const port = await new Promise<number>((resolve, reject) => {
      let buffered = "";
      const timer = setTimeout(() => reject(new Error(`${name} server did not start within 60 s`)), 60_000);
      child.stdout!.on("data", (chunk: Buffer) => {
        log.write(chunk);
        buffered += chunk.toString("utf8");
        // server/lifecycle.ts prints "<site> is running at http://HOST:PORT" once listening.
        const match = /is running at http:\/\/[^:\s]+:(\d+)/.exec(buffered);
        if (match) {
          clearTimeout(timer);
          resolve(Number(match[1]));
        }
      });
      child.once("exit", (code, signal) => {
        clearTimeout(timer);
        reject(new Error(`${name} server exited during start-up (code ${code}, signal ${signal}); see ${logFile}`));
      });
    });
    const url = `http://127.0.0.1:${port}`;
    await waitForReady(url, () => exited);
    return { name, url, dataDir, logFile, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

async function waitForReady(url: string, hasExited: () => boolean): Promise<void> {
  const deadline = Date.now() + 60_000;
  let last = "";
  while (Date.now() < deadline) {
    if (hasExited()) throw new Error(`server at ${url} exited before it was ready`);
    try {
      const response = await fetch(`${url}/readyz`);
      if (response.ok) return;
      last = `status ${response.status}`;
    } catch (error) {
      last = (error as Error).message;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url}/readyz did not answer 200 within 60 s (${last})`);
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
  await exited;
  clearTimeout(timer);
}
