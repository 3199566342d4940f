// Admin volume benchmark: 100,000 users, 100,000 payments and 200,000 ledger rows in PostgreSQL
// (bench/admin-seed.mjs), then the production build answering the admin API over HTTP. Measures the
// latency of the dashboard and of users pages (search + sort, and the unfiltered list), one request
// at a time after a warm-up, and prints one `BENCH {json}` line per scenario. Target: p95 < 100 ms.
//
//   node bench/admin.bench.mjs                 # starts PostgreSQL itself via scripts/with-postgres.mjs
//   DATABASE_URL=postgres://... node bench/admin.bench.mjs
//
// A database named taxatlas_bench_admin is (re)created on that server; nothing else is touched.
// Options (env): ADMIN_BENCH_REQUESTS (200), ADMIN_BENCH_WARMUP (20).
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { seedAdminVolume } from "./admin-seed.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const REQUESTS = Number(process.env.ADMIN_BENCH_REQUESTS ?? 200);
const WARMUP = Number(process.env.ADMIN_BENCH_WARMUP ?? 20);
const TARGET_P95_MS = 100;
const DB_NAME = "taxatlas_bench_admin";

const log = (line) => console.log(`[admin bench] ${line}`);

const baseUrl = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL;
if (!baseUrl) {
  // No server given: run again under the project's PostgreSQL launcher, which sets the URL.
  const launcher = path.join(root, "scripts", "with-postgres.mjs");
  if (!existsSync(launcher)) {
    console.error("admin bench: set DATABASE_URL (or TEST_DATABASE_URL) to a PostgreSQL server; scripts/with-postgres.mjs is missing");
    process.exit(1);
  }
  const result = spawnSync(process.execPath, [launcher, process.execPath, fileURLToPath(import.meta.url)], {
    stdio: "inherit",
    cwd: root,
  });
  process.exit(result.status ?? 1);
}

function percentile(sorted, p) {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)];
}

const round = (ms) => Math.round(ms * 100) / 100;

async function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function recreateDatabase(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`drop database if exists ${DB_NAME} with (force)`);
    await client.query(`create database ${DB_NAME}`);
  } finally {
    await client.end();
  }
  const target = new URL(url);
  target.pathname = `/${DB_NAME}`;
  return target.toString();
}

function ensureBuild() {
  if (existsSync(path.join(root, "build", "server.js")) && existsSync(path.join(root, "build", "server", "index.js"))) return;
  log("no production build: running npm run build");
  const result = spawnSync(process.platform === "win32" ? "npm.cmd" : "npm", ["run", "build", "--silent"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) throw new Error("npm run build failed");
}

async function startServer(databaseUrl) {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(root, "build", "server.js")], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: databaseUrl,
      TEST_DATABASE_URL: "",
      ADMIN_EMAIL: "",
      ADMIN_PASSWORD: "",
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (chunk) => {
    stderr += chunk;
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}): ${stderr}`);
    try {
      const response = await fetch(`${url}/readyz`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not become ready: ${stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

async function measure(name, url, token, paths, check) {
  const headers = { Authorization: `Bearer ${token}`, Accept: "application/json" };
  const get = async (p) => {
    const started = performance.now();
    const response = await fetch(url + p, { headers });
    const body = await response.json();
    const ms = performance.now() - started;
    if (response.status !== 200) throw new Error(`${name}: ${p} answered ${response.status}: ${JSON.stringify(body)}`);
    check?.(body, p);
    return ms;
  };
  for (let i = 0; i < WARMUP; i++) await get(paths[i % paths.length]);
  const times = [];
  for (let i = 0; i < REQUESTS; i++) times.push(await get(paths[i % paths.length]));
  times.sort((a, b) => a - b);
  const result = {
    name,
    unit: "ms",
    requests: REQUESTS,
    concurrency: 1,
    p50: round(percentile(times, 50)),
    p95: round(percentile(times, 95)),
    p99: round(percentile(times, 99)),
    max: round(times[times.length - 1]),
    mean: round(times.reduce((a, b) => a + b, 0) / times.length),
    target_p95: TARGET_P95_MS,
  };
  result.pass = result.p95 < TARGET_P95_MS;
  console.log(`BENCH ${JSON.stringify(result)}`);
  return result;
}

async function main() {
  ensureBuild();
  const databaseUrl = await recreateDatabase(baseUrl);
  log(`seeding ${DB_NAME} (100,000 users, 100,000 payments, 200,000 ledger rows) ...`);
  const seeded = await seedAdminVolume(databaseUrl, { log: (line) => log(line) });
  const server = await startServer(databaseUrl);
  log(`production server at ${server.url}`);
  const results = [];
  try {
    results.push(
      await measure("admin.dashboard", server.url, seeded.token, ["/api/v1/dashboard/get"], (body) => {
        const stats = body.data[0];
        if (stats.totalUsers !== seeded.users + 1 || stats.monthly.length !== 12 || !(stats.totalTransactions > 0)) {
          throw new Error(`unexpected dashboard figures: ${JSON.stringify(stats)}`);
        }
      }),
    );
    // Search (email or name prefix) combined with each sort and a few pages.
    const searches = ["user1", "user42", "alice", "kenji tanaka", "user7@", "emma", "bob smith 1", "zzz-no-match"];
    const sorts = ["created_desc", "credits_desc", "created_asc", "credits_asc"];
    const searchPaths = searches.flatMap((q, i) =>
      sorts.map((sort, j) => `/api/v1/user/get?q=${encodeURIComponent(q)}&sort=${sort}&page=${1 + ((i + j) % 3)}&pageSize=20`),
    );
    results.push(
      await measure("admin.users.search_sort", server.url, seeded.token, searchPaths, (body) => {
        if (!Array.isArray(body.users) || typeof body.total !== "number") throw new Error("bad users page");
      }),
    );
    const listPaths = sorts.flatMap((sort) => [1, 2, 10, 50].map((page) => `/api/v1/user/get?sort=${sort}&page=${page}&pageSize=20`));
    results.push(
      await measure("admin.users.list_sort", server.url, seeded.token, listPaths, (body) => {
        if (body.total !== seeded.users + 1 || body.users.length !== 20) throw new Error(`bad users page: total ${body.total}`);
      }),
    );
  } finally {
    await server.stop();
  }
  mkdirSync(path.join(root, "bench", "results"), { recursive: true });
  writeFileSync(path.join(root, "bench", "results", "admin.json"), JSON.stringify({ at: new Date().toISOString(), results }, null, 2));
  const failed = results.filter((r) => !r.pass);
  log(failed.length ? `over target: ${failed.map((r) => `${r.name} p95 ${r.p95} ms`).join(", ")}` : "all scenarios under the p95 target");
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
