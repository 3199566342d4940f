// node scripts/with-postgres.mjs <command...>
// Starts a private, throw-away PostgreSQL cluster with the system's binaries (listening on
// 127.0.0.1 only, a free port, trust auth, socket in its own temp dir), runs the command with
// TEST_DATABASE_URL and DATABASE_URL pointing at it, then stops the cluster and deletes it, also
// when the command fails or the run is interrupted. Exits with the command's status.
import { execFileSync, spawn, spawnSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

const command = process.argv.slice(2);
if (command.length === 0) {
  console.error("usage: node scripts/with-postgres.mjs <command> [args...]");
  process.exit(2);
}

const isRoot = process.getuid?.() === 0;

function onPath(name) {
  const result = spawnSync("sh", ["-c", `command -v ${name}`], { encoding: "utf8" });
  return result.status === 0 ? result.stdout.trim() : null;
}

/** Directory holding initdb and pg_ctl: PATH first, then Debian's /usr/lib/postgresql/<version>/bin. */
function findBinDir() {
  const initdb = onPath("initdb");
  if (initdb && onPath("pg_ctl")) return path.dirname(initdb);
  const base = "/usr/lib/postgresql";
  if (existsSync(base)) {
    const versions = readdirSync(base)
      .filter((v) => existsSync(path.join(base, v, "bin", "initdb")) && existsSync(path.join(base, v, "bin", "pg_ctl")))
      .sort((a, b) => Number(b) - Number(a));
    if (versions.length > 0) return path.join(base, versions[0], "bin");
  }
  return null;
}

let binDir = findBinDir();
if (!binDir && isRoot && process.platform === "linux") {
  console.log("PostgreSQL not found: installing Debian's postgresql package with apt-get ...");
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  spawnSync("apt-get", ["update"], { stdio: "inherit", env });
  spawnSync("apt-get", ["install", "-y", "--no-install-recommends", "postgresql"], { stdio: "inherit", env });
  binDir = findBinDir();
}
if (!binDir) {
  console.error(
    "PostgreSQL server binaries (initdb, pg_ctl) not found. Install them (Debian/Ubuntu: `sudo apt-get install postgresql`)\n" +
      "or put their directory on PATH, then run this again.",
  );
  process.exit(1);
}

// PostgreSQL refuses to run as root: as root the cluster belongs to the `postgres` system user.
let runAs = null;
if (isRoot) {
  try {
    const uid = Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim());
    const gid = Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }).trim());
    runAs = { uid, gid };
  } catch {
    console.error("Running as root, but there is no `postgres` user to own the test cluster (apt-get install postgresql creates it).");
    process.exit(1);
  }
}

function pg(tool, args, options = {}) {
  const binary = path.join(binDir, tool);
  const [file, argv] = runAs
    ? onPath("runuser")
      ? ["runuser", ["-u", "postgres", "--", binary, ...args]]
      : ["su", ["postgres", "-s", "/bin/sh", "-c", [binary, ...args].map((a) => `'${a.replace(/'/g, "'\\''")}'`).join(" ")]]
    : [binary, args];
  return spawnSync(file, argv, { encoding: "utf8", ...options });
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

const dir = mkdtempSync(path.join(tmpdir(), "taxatlas-pg-"));
const dataDir = path.join(dir, "data");
const logFile = path.join(dir, "postgres.log");
if (runAs) chownSync(dir, runAs.uid, runAs.gid);

let started = false;
let cleanedUp = false;
let child = null;
let interrupted = null;
// Installed before anything is started, so an interrupt at any point still removes the cluster.
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
  process.on(signal, () => {
    interrupted = signal;
    if (child) {
      child.kill(signal);
    } else {
      cleanup();
      process.exit(130);
    }
  });
}
function cleanup() {
  if (cleanedUp) return;
  cleanedUp = true;
  if (started) pg("pg_ctl", ["-D", dataDir, "-m", "immediate", "-w", "stop"], { stdio: "ignore" });
  rmSync(dir, { recursive: true, force: true });
}

function fail(message, result) {
  console.error(message);
  if (result?.stderr) console.error(result.stderr.trim());
  if (existsSync(logFile)) console.error(readFileSync(logFile, "utf8").split("\n").slice(-20).join("\n"));
  cleanup();
  process.exit(1);
}

const init = pg("initdb", ["-D", dataDir, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--locale=C", "--no-sync"]);
if (init.status !== 0) fail("initdb failed", init);

// The port is free when chosen; if another process takes it before PostgreSQL binds, try again.
let port;
for (let attempt = 1; attempt <= 3 && !started; attempt++) {
  port = await freePort();
  const options = [
    "-c listen_addresses=127.0.0.1",
    `-c port=${port}`,
    `-c unix_socket_directories=${dir}`,
    "-c max_connections=200",
    // A throw-away test cluster: durability is not needed, speed is.
    "-c fsync=off",
    "-c synchronous_commit=off",
    "-c full_page_writes=off",
  ].join(" ");
  const start = pg("pg_ctl", ["-D", dataDir, "-l", logFile, "-o", options, "-w", "-t", "60", "start"]);
  if (start.status === 0) started = true;
  else if (attempt === 3) fail("PostgreSQL did not start", start);
}

const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
const version = spawnSync(path.join(binDir, "pg_ctl"), ["--version"], { encoding: "utf8" }).stdout?.match(/[\d.]+/)?.[0] ?? "";
console.log(`PostgreSQL ${version} running on 127.0.0.1:${port} (temporary cluster, removed afterwards)`);

child = spawn(command[0], command.slice(1), {
  stdio: "inherit",
  env: { ...process.env, TEST_DATABASE_URL: url, DATABASE_URL: url },
});

child.on("error", (error) => {
  console.error(`could not run ${command[0]}: ${error.message}`);
  cleanup();
  process.exit(127);
});
child.on("exit", (code, signal) => {
  cleanup();
  if (interrupted || signal) process.exit(130);
  process.exit(code ?? 1);
});
process.on("exit", cleanup);
