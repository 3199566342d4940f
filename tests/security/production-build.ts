// The production build for tests that need it (client bundle scan, page headers, the server as a
// child process). Builds only when build/ is missing; a lock keeps parallel test workers from
// building into the same folder at once.
import { spawn } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const buildDir = path.join(projectRoot, "build");
export const serverEntry = path.join(buildDir, "server.js");
export const serverBuildEntry = path.join(buildDir, "server", "index.js");

/** A build takes one to two minutes on a 2-core machine; allow for a busy one. */
export const BUILD_TIMEOUT_MS = 6 * 60_000;

export function hasProductionBuild(): boolean {
  return existsSync(serverEntry) && existsSync(serverBuildEntry) && existsSync(path.join(buildDir, "client", "assets"));
}

/** Runs a command, resolving with its combined output; rejects with that output on a non-zero exit. */
export function run(command: string, args: string[], options: { cwd: string; env?: NodeJS.ProcessEnv; timeoutMs?: number }): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: options.cwd, env: options.env ?? process.env, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString("utf8")));
    const timer = setTimeout(() => child.kill("SIGKILL"), options.timeoutMs ?? BUILD_TIMEOUT_MS);
    child.once("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once("exit", (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve(output);
      else reject(new Error(`${command} ${args.join(" ")} failed (code ${code}, signal ${signal}):\n${output.slice(-4000)}`));
    });
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Holds a directory lock (mkdir is atomic) while `work` runs; waits for another holder first. */
async function withLock<T>(name: string, work: () => Promise<T>): Promise<T> {
  const lock = path.join(projectRoot, "node_modules", ".cache", `${name}.lock`);
  mkdirSync(path.dirname(lock), { recursive: true });
  const deadline = Date.now() + BUILD_TIMEOUT_MS;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      // A lock older than a build's timeout was left by a killed process.
      try {
        if (Date.now() - statSync(lock).mtimeMs > BUILD_TIMEOUT_MS) rmSync(lock, { recursive: true, force: true });
      } catch {
        // Removed by its holder meanwhile.
      }
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${lock}`);
      await sleep(500);
    }
  }
  try {
    return await work();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/**
 * Makes sure build/ holds a production build, running `npm run build` (with `env` added to the
 * environment) when it does not. Returns true when this call built it.
 */
export async function ensureProductionBuild(env: Record<string, string> = {}): Promise<boolean> {
  if (hasProductionBuild()) return false;
  return withLock("taxatlas-build", async () => {
    if (hasProductionBuild()) return false;
    await run("npm", ["run", "build", "--silent"], { cwd: projectRoot, env: { ...process.env, ...env } });
    if (!hasProductionBuild()) throw new Error("npm run build finished but build/ is incomplete");
    return true;
  });
}

// What the client build is made from (react-router.config.ts and vite.config.ts read these).
const CLIENT_BUILD_INPUTS = ["app", "content", "lib", "db", "server", "public", "react-router.config.ts", "vite.config.ts", "tsconfig.json", "package.json"];

/**
 * Builds the site into a temporary copy of the sources with `env` added to the build's environment,
 * leaving the project's build/ alone. Returns the copy's build/client folder and a cleanup.
 */
export async function buildCopyWithEnv(env: Record<string, string>): Promise<{ clientDir: string; cleanup: () => void }> {
  const dir = mkdtempSync(path.join(tmpdir(), "taxatlas-secret-build-"));
  const cleanup = () => rmSync(dir, { recursive: true, force: true });
  try {
    for (const entry of CLIENT_BUILD_INPUTS) {
      const from = path.join(projectRoot, entry);
      if (existsSync(from)) cpSync(from, path.join(dir, entry), { recursive: true });
    }
    symlinkSync(path.join(projectRoot, "node_modules"), path.join(dir, "node_modules"), "dir");
    await run(path.join(projectRoot, "node_modules", ".bin", "react-router"), ["build"], {
      cwd: dir,
      env: { ...process.env, NODE_ENV: "production", ...env },
    });
    return { clientDir: path.join(dir, "build", "client"), cleanup };
  } catch (error) {
    cleanup();
    throw error;
  }
}

/** Every file under `dir` (recursively) with its content. */
export function readTree(dir: string): { file: string; content: Buffer }[] {
  const files: { file: string; content: Buffer }[] = [];
  const walk = (current: string) => {
    for (const name of readdirSync(current)) {
      const full = path.join(current, name);
      if (statSync(full).isDirectory()) walk(full);
      else files.push({ file: path.relative(dir, full), content: readFileSync(full) });
    }
  };
  walk(dir);
  return files;
}
