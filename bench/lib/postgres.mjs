// A private, throw-away PostgreSQL cluster for the cluster benchmark and the fault scripts, with the
// controls they need (stop, start, restart mid-load), made from the system's binaries the same way
// scripts/with-postgres.mjs makes the test cluster: 127.0.0.1 only, a free port, trust auth, owned
// by the `postgres` user when run as root. Unlike the test cluster it keeps fsync on: the fault
// scripts kill it and must see real crash recovery.
import { execFileSync, spawn, spawnSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "./free-port.mjs";

function onPath(name) {
  const result = spawnSync("sh", ["-c", `command -v ${name}`], { encoding: "utf8" });
  return result.status === 0 ? result.stdout.trim() : null;
}

/** Directory holding initdb and pg_ctl: PATH first, then Debian's /usr/lib/postgresql/<version>/bin. */
export function findPostgresBinDir() {
  const initdb = onPath("initdb");
  // Debian links /usr/local/bin/initdb etc. to /usr/lib/postgresql/<version>/bin: use the real folder.
  if (initdb && onPath("pg_ctl")) return path.dirname(execFileSync("readlink", ["-f", initdb], { encoding: "utf8" }).trim());
  const base = "/usr/lib/postgresql";
  if (existsSync(base)) {
    const versions = readdirSync(base)
      .filter((v) => existsSync(path.join(base, v, "bin", "initdb")))
      .sort((a, b) => Number(b) - Number(a));
    if (versions.length > 0) return path.join(base, versions[0], "bin");
  }
  return null;
}

/**
 * @typedef {object} PostgresCluster
 * @property {string} url          postgres://postgres@127.0.0.1:PORT/postgres
 * @property {number} port
 * @property {string} binDir
 * @property {(database: string) => string} urlFor
 * @property {(mode?: "fast" | "immediate") => void} stop
 * @property {() => void} start
 * @property {(mode?: "fast" | "immediate") => void} restart
 * @property {(mode?: "fast" | "immediate") => Promise<void>} stopAsync
 * @property {() => Promise<void>} startAsync
 * @property {(mode?: "fast" | "immediate", downMs?: number) => Promise<void>} restartAsync
 * @property {(tool: string, args: string[]) => import("node:child_process").SpawnSyncReturns<string>} run  runs a client tool (psql, pg_dump, ...) as the cluster's owner
 * @property {() => string} log
 * @property {() => void} destroy
 */

/**
 * @param {{ maxConnections?: number, settings?: string[] }} [options]
 * @returns {Promise<PostgresCluster>}
 */
export async function startPostgres(options = {}) {
  const binDir = findPostgresBinDir();
  if (!binDir) {
    throw new Error("PostgreSQL server binaries (initdb, pg_ctl) not found: apt-get install postgresql, or put them on PATH");
  }
  let runAs = null;
  if (process.getuid?.() === 0) {
    // PostgreSQL refuses to run as root: the cluster belongs to the `postgres` system user.
    runAs = {
      uid: Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim()),
      gid: Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }).trim()),
    };
  }
  const command = (tool, args) => {
    const binary = path.join(binDir, tool);
    return runAs ? ["runuser", ["-u", "postgres", "--", binary, ...args]] : [binary, args];
  };
  const pg = (tool, args) => {
    const [file, argv] = command(tool, args);
    return spawnSync(file, argv, { encoding: "utf8", maxBuffer: 256 * 1024 * 1024 });
  };
  // The same without blocking this process's event loop (load keeps running during a restart).
  const pgAsync = (tool, args) =>
    new Promise((resolve) => {
      const [file, argv] = command(tool, args);
      const child = spawn(file, argv, { stdio: ["ignore", "pipe", "pipe"] });
      let stdout = "";
      let stderr = "";
      child.stdout.on("data", (chunk) => (stdout += chunk));
      child.stderr.on("data", (chunk) => (stderr += chunk));
      child.on("close", (status) => resolve({ status, stdout, stderr }));
    });

  const dir = mkdtempSync(path.join(tmpdir(), "taxatlas-bench-pg-"));
  const dataDir = path.join(dir, "data");
  const logFile = path.join(dir, "postgres.log");
  if (runAs) chownSync(dir, runAs.uid, runAs.gid);
  let running = false;
  const destroy = () => {
    if (running) pg("pg_ctl", ["-D", dataDir, "-m", "immediate", "-w", "stop"]);
    running = false;
    rmSync(dir, { recursive: true, force: true });
  };
  const log = () => (existsSync(logFile) ? readFileSync(logFile, "utf8") : "");
  const check = (result, what) => {
    if (result.status !== 0) {
      throw new Error(`${what} failed: ${result.stderr || result.stdout}\n${log().split("\n").slice(-20).join("\n")}`);
    }
  };

  check(pg("initdb", ["-D", dataDir, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--locale=C"]), "initdb");
  const port = await freePort();
  const settings = [
    "-c listen_addresses=127.0.0.1",
    `-c port=${port}`,
    `-c unix_socket_directories=${dir}`,
    `-c max_connections=${options.maxConnections ?? 200}`,
    "-c shared_buffers=256MB",
    ...(options.settings ?? []),
  ].join(" ");
  const start = () => {
    check(pg("pg_ctl", ["-D", dataDir, "-l", logFile, "-o", settings, "-w", "-t", "60", "start"]), "pg_ctl start");
    running = true;
  };
  const stop = (mode = "fast") => {
    check(pg("pg_ctl", ["-D", dataDir, "-m", mode, "-w", "-t", "60", "stop"]), "pg_ctl stop");
    running = false;
  };
  const stopAsync = async (mode = "fast") => {
    check(await pgAsync("pg_ctl", ["-D", dataDir, "-m", mode, "-w", "-t", "60", "stop"]), "pg_ctl stop");
    running = false;
  };
  const startAsync = async () => {
    check(await pgAsync("pg_ctl", ["-D", dataDir, "-l", logFile, "-o", settings, "-w", "-t", "60", "start"]), "pg_ctl start");
    running = true;
  };
  try {
    start();
  } catch (error) {
    destroy();
    throw error;
  }
  process.once("exit", destroy);
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  return {
    url,
    port,
    binDir,
    urlFor: (database) => `postgres://postgres@127.0.0.1:${port}/${database}`,
    stop,
    start,
    restart(mode = "fast") {
      stop(mode);
      start();
    },
    stopAsync,
    startAsync,
    /** Stops, stays down for `downMs`, starts again; resolves when it accepts connections. */
    async restartAsync(mode = "fast", downMs = 0) {
      await stopAsync(mode);
      if (downMs > 0) await new Promise((resolve) => setTimeout(resolve, downMs));
      await startAsync();
    },
    run: (tool, args) => pg(tool, args),
    /** The postmaster's process id (its backends are its children), or null when it is not running. */
    pid() {
      try {
        return Number(readFileSync(path.join(dataDir, "postmaster.pid"), "utf8").split("\n")[0]) || null;
      } catch {
        return null;
      }
    },
    log,
    destroy,
  };
}
