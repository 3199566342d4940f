// Authenticated reads against /healthz, in one run (docs/performance.md, "Authenticated reads"):
// GET /api/v1/user/me, /api/v1/ai/history, /api/v1/payment/history and /api/v1/account with a
// member's bearer token, each measured right after /healthz on the same server, on PGlite and on
// PostgreSQL (a private cluster, bench/lib/postgres.mjs). wrk (C; `apt-get install wrk`), one
// thread, 50 connections. Goal: every read >= 0.5x /healthz. Then a CPU profile (node --cpu-prof)
// of /user/me under the same load says where the time goes.
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { emit, ensureBuild, machine, markdownTable, round, startServer, writeSection } from "./harness.mjs";
import { summarizeProfile } from "./lib/cpu-profile.mjs";
import { startPostgres } from "./lib/postgres.mjs";
import { wrk, wrkWithCpu } from "./lib/wrk.mjs";

const DURATION = Number(process.env.BENCH_DURATION || 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 50);
const READS = ["/api/v1/user/me", "/api/v1/ai/history", "/api/v1/payment/history", "/api/v1/account"];
const load = () => os.loadavg().map((v) => v.toFixed(2)).join(" / ");
const fmt = (v, digits = 0) => (Number.isFinite(v) ? v.toFixed(digits) : "n/a");

async function call(base, method, pathname, { token, body } = {}) {
  const headers = { "Content-Type": "application/json", "Accept-Language": "en" };
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetch(base + pathname, { method, headers, body: body ? JSON.stringify(body) : undefined });
  const text = await response.text();
  if (response.status >= 400) throw new Error(`${method} ${pathname} answered ${response.status}: ${text.slice(0, 200)}`);
  return text;
}

/** A member with a few answered questions and a purchase, as the reads would find a real one. */
async function seedMember(base) {
  // A serving instance has rendered pages: what rendering leaves behind is counted (server/react-request-storage.ts).
  await call(base, "GET", "/");
  const email = `reads-${Date.now()}@example.test`;
  const registered = JSON.parse(await call(base, "POST", "/api/v1/user/register", { body: { email, password: "bench reads password" } }));
  const token = registered.token;
  for (const question of ["How is VAT charged on digital services?", "What does a tax consultation cost?"]) {
    await call(base, "POST", "/api/v1/ai/ask", { token, body: { topic: "tax-consultation", question, lang: "en" } });
  }
  await call(base, "POST", "/api/v1/payment/create", {
    token,
    body: { package: "basic", paymentMethodId: "pm_card_visa", country: "JP", idempotencyKey: `reads-${Date.now()}` },
  });
  return token;
}

/** /healthz, then each read, each right after the other on the same server. */
async function measureReads(server, token) {
  const auth = { Authorization: `Bearer ${token}`, "Accept-Language": "en" };
  for (const url of ["/healthz", ...READS]) {
    await wrk(server.url + url, { duration: 1, connections: 10, headers: url === "/healthz" ? {} : auth });
  }
  const rows = [];
  for (const url of READS) {
    const options = { duration: DURATION, connections: CONNECTIONS };
    const health = await wrkWithCpu(server.url + "/healthz", server.pid, options);
    const read = await wrkWithCpu(server.url + url, server.pid, { ...options, headers: auth });
    if (read.non2xx) throw new Error(`${url}: ${read.non2xx} answers were not 2xx`);
    rows.push({ url, health, read });
  }
  return rows;
}

ensureBuild();
const loadBefore = load();
const profileDir = mkdtempSync(path.join(os.tmpdir(), "taxatlas-reads-profile-"));
const results = [];
let server;
let postgres;
let profile = null;
let profiledRun = null;
try {
  // PGlite (DATA_DIR in a temporary directory).
  server = await startServer({ LOG_LEVEL: "info" }, { startTimeoutMs: 300_000 });
  results.push({ database: "PGlite", rows: await measureReads(server, await seedMember(server.url)) });
  await server.stop();
  server = undefined;

  // PostgreSQL: a private cluster, a database of its own.
  postgres = await startPostgres();
  const admin = new pg.Client({ connectionString: postgres.url });
  await admin.connect();
  await admin.query("create database taxatlas_reads");
  await admin.end();
  server = await startServer({ LOG_LEVEL: "info", DATABASE_URL: postgres.urlFor("taxatlas_reads") }, { startTimeoutMs: 300_000 });
  results.push({ database: "PostgreSQL", rows: await measureReads(server, await seedMember(server.url)) });
  await server.stop();
  server = undefined;

  // Where the CPU of /user/me goes: PGlite under the profiler, same load.
  server = await startServer({ LOG_LEVEL: "info" }, { nodeArgs: ["--cpu-prof", `--cpu-prof-dir=${profileDir}`], startTimeoutMs: 300_000 });
  const token = await seedMember(server.url);
  const auth = { Authorization: `Bearer ${token}`, "Accept-Language": "en" };
  const warm = await wrk(`${server.url}/api/v1/user/me`, { duration: 1, connections: 10, headers: auth });
  profiledRun = await wrk(`${server.url}/api/v1/user/me`, { duration: DURATION, connections: CONNECTIONS, headers: auth });
  profiledRun.requests += warm.requests;
  await server.stop();
  server = undefined;
  const file = readdirSync(profileDir).find((name) => name.endsWith(".cpuprofile"));
  // The window runs from the first to the last request node's HTTP parser handed over.
  if (file) profile = summarizeProfile(path.join(profileDir, file), { marker: "parserOnIncoming" });
  const loadAfter = load();

  const tableRows = [];
  let worst = null;
  for (const { database, rows } of results) {
    for (const { url, health, read } of rows) {
      const ratio = read.rps / health.rps;
      const cpuRatio = health.cpuUsPerRequest / read.cpuUsPerRequest;
      if (!worst || ratio < worst.ratio) worst = { database, url, ratio };
      tableRows.push([
        database,
        `\`${url}\``,
        `${fmt(health.rps)} (${fmt(health.cpuUsPerRequest)})`,
        `${fmt(read.rps)} (${fmt(read.cpuUsPerRequest)})`,
        fmt(ratio, 2),
        fmt(cpuRatio, 2),
        `${fmt(health.p99, 1)} / ${fmt(read.p99, 1)}`,
      ]);
      emit({
        figure: `${database} ${url} req/s (member's bearer token)`,
        value: round(read.rps, 0),
        unit: "req/s",
        baseline: "/healthz, same server and run",
        baselineValue: round(health.rps, 0),
        ratio: round(ratio),
        target: ">= 0.5",
      });
      emit({
        figure: `${database} ${url} CPU per request`,
        value: round(read.cpuUsPerRequest, 0),
        unit: "µs",
        baseline: "/healthz, same server and run",
        baselineValue: round(health.cpuUsPerRequest, 0),
        ratio: round(cpuRatio),
        target: ">= 0.5 (healthz/ours)",
      });
    }
  }
  const busyUs = profile && profiledRun ? (profile.busyMs * 1000) / profiledRun.requests : Number.NaN;
  const profileTable = profile
    ? markdownTable(
        ["where", "share of busy CPU", "µs per request"],
        profile.buckets.slice(0, 15).map(([bucket, ms]) => [bucket, `${fmt((ms / profile.busyMs) * 100, 1)} %`, fmt((ms * 1000) / profiledRun.requests, 1)]),
      )
    : "(no profile written)";

  writeSection(
    "reads",
    `## Authenticated reads (bench/reads.bench.mjs)

Method: the production build (\`node build/server.js\`, \`LOG_LEVEL=info\`) on PGlite (a temporary
directory) and on PostgreSQL (a private local cluster), a member with two answered questions and a
purchase, \`wrk -t1 -c${CONNECTIONS} -d${DURATION}s\` with the member's \`Authorization: Bearer\` header;
each read measured right after \`/healthz\` on the same server, so the machine's load moves both alike.
Machine: ${machine()}; load average (1/5/15 min) ${loadBefore} before, ${loadAfter} after (the
machine is shared: read the ratios, not the absolute figures). CPU per request is the server's user +
system time from /proc over its run; the CPU ratio (healthz's µs / the read's) is what the req/s
ratio becomes when the server has a core to itself. PostgreSQL's own CPU is not counted in it.

Each read is one statement (the session lookup carries the read: docs/decisions/0016-authenticated-reads.md)
and writes nothing, answered before the middleware chain (server/member-read-fast-path.ts,
docs/decisions/0017-member-read-fast-path.md); the same read asked for by several requests in one
turn of the event loop is one statement for all of them (docs/decisions/0022-a-turns-reads-in-one-statement.md);
nothing about a session or its data is kept between requests. Goal: every read >= 0.5x \`/healthz\`; worst here: ${worst ? `${worst.database} \`${worst.url}\` ${fmt(worst.ratio, 2)}` : "n/a"}.

${markdownTable(["database", "read", "/healthz req/s (µs CPU/req)", "read req/s (µs CPU/req)", "req/s ratio", "CPU ratio", "p99 healthz / read (ms)"], tableRows)}

### Where the CPU of \`/api/v1/user/me\` goes

\`node --cpu-prof\` (PGlite) while wrk requested \`/api/v1/user/me\` for 1 s (10 connections) then
${DURATION} s (${CONNECTIONS}): ${fmt(profiledRun?.rps)} req/s, ${fmt(busyUs)} µs of busy CPU per request (sampled
wall time, inflated on a loaded machine: read the shares). Self time by where the code lives;
PGlite runs in the server's process, so its WebAssembly shows here as "native"/"V8" time.

${profileTable}`,
  );
  emit({ figure: "/api/v1/user/me CPU per request (profiled, PGlite)", value: round(busyUs, 0), unit: "µs", baseline: null, baselineValue: null, ratio: null });
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  try {
    await server?.stop();
  } catch (error) {
    console.error("stopping the server:", error.message);
  }
  postgres?.destroy();
  rmSync(profileDir, { recursive: true, force: true });
}
