// What a request costs the server by kind, against a cached page: the requests a scanner or an
// attacker can send without an account (unknown paths and ids, random queries and encodings, data
// requests, tokens), each kind with fresh random parts on every request, so that none is answered
// from a cache it filled itself. A kind that costs many times a cached page is what a flood would
// send (docs/performance.md, "What a request costs").
//
//   node bench/request-cost.bench.mjs      (builds first if needed; about a minute)
//   REQUEST_KINDS=random-query,page-data node bench/request-cost.bench.mjs   (those kinds and the
//   cached page only, for A/B runs; the docs' section is then left as it was)
//
// wrk -t1 -c10 for BENCH_DURATION seconds (default 4) per kind, against the production build (PGlite)
// once its pages are rendered and compressed; the server's CPU time from /proc, per request.
import os from "node:os";
import path from "node:path";
import { emit, ensureBuild, machine, markdownTable, projectRoot, round, startServer, writeSection } from "./harness.mjs";
import { untilIdle } from "./lib/proc-cpu.mjs";
import { wrkWithCpu } from "./lib/wrk.mjs";

const DURATION = Number(process.env.BENCH_DURATION || 4);
const ONLY = process.env.REQUEST_KINDS?.split(",");
const CONNECTIONS = 10;
const SCRIPT = path.join(projectRoot, "bench", "wrk", "request-kinds.lua");
/** Each kind (bench/wrk/request-kinds.lua) and what it sends. */
const KINDS = [
  ["cached-page", "`GET /about`, gzip (the baseline)"],
  ["unknown-path", "`GET /<random>/<random>`"],
  ["unknown-article", "`GET /blog/<random id>`"],
  ["unknown-service", "`GET /ja/services/<random slug>`"],
  ["letter-case", "`GET /services` in a random letter case (`/SeRvIcEs`)"],
  ["random-query", "`GET /about?<random>=<random>`"],
  ["unknown-encoding", "`GET /about`, `Accept-Encoding: x-<random>`"],
  ["deflate-only", "`GET /about`, `Accept-Encoding: deflate`"],
  ["identity-first", "`GET /about`, `Accept-Encoding: identity, gzip`"],
  ["member-screen", "`GET /account` (private to browsers, the same shell for everyone)"],
  ["contact-query", "`GET /contact?<random>=<random>` (a page that reads its query)"],
  ["login-next", "`GET /login?next=/<random>`"],
  ["page-data", "`GET /blog/1.data`, gzip (a client-side navigation's data request)"],
  ["unknown-data", "`GET /blog/<random id>.data` (React Router's data request)"],
  ["unknown-asset", "`GET /assets/<random>.js`"],
  ["unknown-token", "`GET /api/v1/user/me` with a random bearer token"],
];

ensureBuild();
const server = await startServer();
try {
  // Fill the cache as a server that has been up a while: the pages asked for, rendered and compressed.
  for (const kind of ["cached-page", "unknown-path", "unknown-article", "unknown-service", "random-query", "member-screen", "contact-query", "page-data", "unknown-data"]) {
    await wrkWithCpu(server.url, server.pid, { script: SCRIPT, env: { KIND: kind }, connections: 2, duration: 1 });
  }
  // And a member who has read their account once, as on any server in use: the member-read fast path
  // (server/member-read-fast-path.ts) takes a read once it has the chain's first answer to one.
  const registered = await fetch(`${server.url}/api/v1/user/register`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email: `request-cost-${Date.now()}@example.test`, password: "bench-password-123" }),
  }).then((response) => response.json());
  if (!registered.token) throw new Error(`registration failed: ${JSON.stringify(registered)}`);
  const me = await fetch(`${server.url}/api/v1/user/me`, { headers: { Authorization: `Bearer ${registered.token}` } });
  if (me.status !== 200) throw new Error(`/me answered ${me.status}`);
  await untilIdle(server.pid);
  const loadBefore = os.loadavg().map((l) => l.toFixed(2)).join(" ");
  const rows = [];
  for (const [kind, what] of KINDS.filter(([kind]) => !ONLY || kind === "cached-page" || ONLY.includes(kind))) {
    const run = await wrkWithCpu(server.url, server.pid, { script: SCRIPT, env: { KIND: kind }, connections: CONNECTIONS, duration: DURATION });
    rows.push({ kind, what, ...run });
    // Background work a kind leaves (compression) is counted in the next kind's time otherwise.
    await untilIdle(server.pid);
  }
  const baseline = rows[0].cpuUsPerRequest;
  for (const row of rows) {
    emit({ figure: `CPU per request: ${row.kind}`, value: round(row.cpuUsPerRequest, 0), unit: "µs", baseline: "cached page", baselineValue: round(baseline, 0), ratio: round(row.cpuUsPerRequest / baseline, 1) });
  }
  if (!ONLY) writeSection(
    "request-cost",
    `## What a request costs (bench/request-cost.bench.mjs)

\`node bench/request-cost.bench.mjs\`: \`wrk -t1 -c${CONNECTIONS} -d${DURATION}s -s bench/wrk/request-kinds.lua\` per kind of
request, each with fresh random parts on every request, against the production build (PGlite) once the
pages it asks for are rendered and compressed; the server's CPU time (user + system, /proc) per request.
Machine: ${machine()}; load average before the runs ${loadBefore}.

${markdownTable(
  ["kind", "requests", "requests/s", "µs CPU per request", "× a cached page"],
  rows.map((row) => [row.kind, row.what, String(round(row.rps, 0)), String(round(row.cpuUsPerRequest, 0)), String(round(row.cpuUsPerRequest / baseline, 1))]),
)}
`,
  );
} finally {
  await server.stop();
}
