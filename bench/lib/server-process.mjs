// Starts the production server (`node build/server.js`) as a child process and reports its port,
// for the cluster benchmark, the fault scripts and the shutdown test. The child gets exactly the
// environment given (plus PATH and HOME), so a developer's shell settings never leak in.
import { spawn } from "node:child_process";
import { createWriteStream, existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
// BENCH_APP_ROOT runs the servers from a copy (build/, db/migrations, package.json, node_modules),
// e.g. a snapshot of the build taken while others keep rebuilding the working tree.
export const appRoot = process.env.BENCH_APP_ROOT ? path.resolve(process.env.BENCH_APP_ROOT) : projectRoot;
export const serverEntry = path.join(appRoot, "build", "server.js");

/**
 * @typedef {object} ServerProcess
 * @property {string} name
 * @property {string} url          http://127.0.0.1:PORT
 * @property {number} port
 * @property {import("node:child_process").ChildProcess} child
 * @property {Promise<{code: number | null, signal: string | null, at: number}>} exited  resolves when the process ends
 * @property {() => string} output  everything the process wrote so far (stdout and stderr)
 * @property {(signal?: NodeJS.Signals) => void} kill
 * @property {(timeoutMs?: number) => Promise<{code: number | null, signal: string | null}>} stop  SIGTERM, then SIGKILL after timeoutMs
 */

/**
 * @param {string} name
 * @param {Record<string, string | undefined>} env  the whole configuration
 * @param {{ logFile?: string, port?: number, startTimeoutMs?: number, waitReady?: boolean, nodeArgs?: string[], appRoot?: string }} [options]
 *   appRoot: another copy to run (a snapshot the bench compares with), instead of BENCH_APP_ROOT's
 * @returns {Promise<ServerProcess>}
 */
export async function startServerProcess(name, env, options = {}) {
  const root = options.appRoot ? path.resolve(options.appRoot) : appRoot;
  const entry = path.join(root, "build", "server.js");
  if (!existsSync(entry)) throw new Error(`${entry} is missing: run \`npm run build\` first`);
  let log;
  if (options.logFile) {
    mkdirSync(path.dirname(options.logFile), { recursive: true });
    log = createWriteStream(options.logFile, { flags: "a" });
  }
  // nodeArgs: flags for node itself, e.g. --cpu-prof (not allowed in NODE_OPTIONS).
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), entry], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(options.port ?? 0),
      LOG_LEVEL: "warn",
      // The door's size (server/admission.ts) can be tried from the bench's own environment.
      ...(process.env.MAX_ACTIVE_REQUESTS ? { MAX_ACTIVE_REQUESTS: process.env.MAX_ACTIVE_REQUESTS } : {}),
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const collect = (chunk) => {
    const text = chunk.toString("utf8");
    // Keep the tail only: a long benchmark logs a lot.
    output = (output + text).slice(-200_000);
    log?.write(chunk);
  };
  child.stdout.on("data", collect);
  child.stderr.on("data", collect);
  const exited = new Promise((resolve) => {
    child.once("exit", (code, signal) => {
      log?.end();
      resolve({ code, signal, at: Date.now() });
    });
  });
  let done = false;
  // A crash of this process must not leave the server running without its database.
  const killOnExit = () => {
    if (!done) child.kill("SIGKILL");
  };
  process.once("exit", killOnExit);
  void exited.then(() => {
    done = true;
    process.off("exit", killOnExit);
  });

  let port;
  let url;
  // A start that fails (timeout, not ready) kills its process: nothing is left running.
  try {
    port = await new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`${name} did not start within ${options.startTimeoutMs ?? 90_000} ms:\n${output.slice(-3000)}`)),
        options.startTimeoutMs ?? 90_000,
      );
      const onData = () => {
        // server/lifecycle.ts prints "<site> is running at http://HOST:PORT" once listening.
        const match = /is running at http:\/\/[^:\s]+:(\d+)/.exec(output);
        if (match) {
          clearTimeout(timer);
          child.stdout.off("data", onData);
          resolve(Number(match[1]));
        }
      };
      child.stdout.on("data", onData);
      void exited.then(({ code, signal }) => {
        clearTimeout(timer);
        reject(new Error(`${name} exited during start-up (code ${code}, signal ${signal}):\n${output.slice(-3000)}`));
      });
    });
    url = `http://127.0.0.1:${port}`;
    if (options.waitReady !== false) await waitForReady(url, () => done);
  } catch (error) {
    if (!done) child.kill("SIGKILL");
    throw error;
  }

  return {
    name,
    url,
    port,
    child,
    exited,
    output: () => output,
    kill: (signal = "SIGKILL") => {
      if (!done) child.kill(signal);
    },
    async stop(timeoutMs = 15_000) {
      if (!done) {
        child.kill("SIGTERM");
        const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
        const result = await exited;
        clearTimeout(timer);
        return result;
      }
      return exited;
    },
  };
}

/** Polls `target` every `pollMs` until it answers 200. */
export async function waitForAnswer(target, hasExited = () => false, { timeoutMs = 60_000, pollMs = 200 } = {}) {
  const deadline = Date.now() + timeoutMs;
  let last = "";
  while (Date.now() < deadline) {
    if (hasExited()) throw new Error(`the server exited before ${target} answered`);
    try {
      // A server that accepts but never answers is asked again, not waited on past the deadline.
      const response = await fetch(target, { signal: AbortSignal.timeout(5_000) });
      await response.arrayBuffer();
      if (response.status === 200) return;
      last = `status ${response.status}`;
    } catch (error) {
      last = error.message;
    }
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
  throw new Error(`${target} did not answer 200 within ${timeoutMs} ms (${last})`);
}

/** Polls /readyz until it answers 200. */
export const waitForReady = (url, hasExited = () => false, timeoutMs = 60_000) => waitForAnswer(`${url}/readyz`, hasExited, { timeoutMs });
