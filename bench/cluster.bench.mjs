// Several instances on one PostgreSQL: two production servers (build/server.js) on two ports, one
// private PostgreSQL, the round-robin proxy of bench/lib/proxy.mjs in front, the fake OpenAI server
// and test-mode payments. A mixed load (public pages, member API reads, log-ins, AI asks, test-mode
// checkouts, contact messages) from 200 concurrent connections for 60 s, first against ONE instance
// directly (the baseline, same run, own database), then against the two behind the proxy. Afterwards
// SQL checks that every balance equals its ledger and that no payment was granted twice.
//
//   npm run build && node bench/cluster.bench.mjs
//   CLUSTER_BENCH_SECONDS=60 CLUSTER_BENCH_CONNECTIONS=200 CLUSTER_BENCH_BASELINE=1 (0 skips the baseline)
//
// Prints a table (figure, baseline, ratio) and one `BENCH {json}` line per figure; exits 1 when a
// request failed other than a designed 429, or an invariant does not hold. Server logs go to
// bench/results/logs/. Results are recorded in docs/reliability.md.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { tsImport } from "tsx/esm/api";
import { checkInvariants, startCluster } from "./lib/cluster.mjs";
import { createClient, runLoad } from "./lib/load.mjs";
import { startPostgres } from "./lib/postgres.mjs";
import { makeVus, mixedActions, registerAccounts } from "./lib/scenario.mjs";
import { appRoot, projectRoot } from "./lib/server-process.mjs";
import { ensureBuild, machine, markdownTable, writeSection } from "./harness.mjs";

const SECONDS = Number(process.env.CLUSTER_BENCH_SECONDS ?? 60);
const CONNECTIONS = Number(process.env.CLUSTER_BENCH_CONNECTIONS ?? 200);
const BASELINE = process.env.CLUSTER_BENCH_BASELINE !== "0";
const ACCOUNTS_PER_VU = 2;

const log = (line) => console.log(`[cluster] ${line}`);
const round = (value, digits = 1) => (Number.isFinite(value) ? Math.round(value * 10 ** digits) / 10 ** digits : null);

if (appRoot === projectRoot) ensureBuild();
const { startFakeOpenAI } = await tsImport(pathToFileURL(path.join(projectRoot, "tests/fakes/fake-openai.ts")).href, import.meta.url);

async function phase(name, { postgres, instances, viaProxy, fake }) {
  log(`${name}: starting ${instances} instance(s) on PostgreSQL ${postgres.url.replace(/\/[^/]*$/, "")}`);
  const cluster = await startCluster({
    name,
    instances,
    postgres,
    log: (line) => log(`${name}: ${line}`),
    env: {
      AI_API_KEY: "bench-key",
      AI_BASE_URL: fake.baseURL,
      AI_MODEL: "fake-model",
      // Test-mode payments: no Stripe keys.
      STARTING_CREDITS: "50",
      // The load generator sends X-Forwarded-For per simulated client; the proxy appends its peer.
      TRUST_PROXY: "2",
    },
  });
  const target = viaProxy ? cluster.proxy.url : cluster.servers[0].url;
  const client = createClient(target, { maxSockets: CONNECTIONS });
  try {
    log(`${name}: registering ${CONNECTIONS * ACCOUNTS_PER_VU} accounts through ${target}`);
    const accounts = await registerAccounts(client, CONNECTIONS * ACCOUNTS_PER_VU, { prefix: name });
    const vus = makeVus(accounts, CONNECTIONS, ACCOUNTS_PER_VU);
    const tally = {};
    const actions = mixedActions(client, { tally });
    // A short warm-up fills the page caches and the connection pools; it is not measured.
    await runLoad({ connections: Math.min(CONNECTIONS, 20), durationMs: 3_000, actions: actions.filter((a) => a.name === "page"), vus });
    log(`${name}: ${CONNECTIONS} connections for ${SECONDS} s ...`);
    const result = await runLoad({
      connections: CONNECTIONS,
      durationMs: SECONDS * 1000,
      actions,
      vus,
      onTick: (ms) => log(`${name}: ${Math.round(ms / 1000)} s`),
    });
    // Let in-flight work settle, then check the database.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const invariants = await checkInvariants(cluster.pool);
    const dbSucceeded = Number((await cluster.pool.query("select count(*) as n from payments where status = 'succeeded'")).rows[0].n);
    const dbAnswered = Number((await cluster.pool.query("select count(*) as n from ai_questions where status = 'answered'")).rows[0].n);
    return {
      name,
      result,
      invariants,
      tally: { checkoutsSucceeded: tally.checkoutsSucceeded.size, declined: tally.declined, answers: tally.answers, logins: tally.logins },
      dbSucceeded,
      dbAnswered,
      proxy: viaProxy ? { ...cluster.proxy.stats } : null,
    };
  } finally {
    client.close();
    await cluster.stop();
  }
}

const loadBefore = os.loadavg()[0];
const postgres = await startPostgres();
const fake = await startFakeOpenAI();
let baseline = null;
let cluster;
try {
  if (BASELINE) baseline = await phase("baseline", { postgres, instances: 1, viaProxy: false, fake });
  cluster = await phase("cluster", { postgres, instances: 2, viaProxy: true, fake });
} finally {
  await fake.close();
  postgres.destroy();
}

// ---- report -------------------------------------------------------------------------------------
const figures = [];
const figure = (metric, unit, pick, better = "higher") => {
  const value = pick(cluster);
  const base = baseline ? pick(baseline) : null;
  figures.push({
    figure: metric,
    unit,
    value: round(value, 2),
    baseline: baseline ? "1 instance, direct (same run)" : null,
    baselineValue: base === null ? null : round(base, 2),
    ratio: base ? round(value / base, 2) : null,
    better,
  });
};
figure("cluster.requests_per_second", "1/s", (p) => p.result.rps);
figure("cluster.latency.p50", "ms", (p) => p.result.p50, "lower");
figure("cluster.latency.p95", "ms", (p) => p.result.p95, "lower");
figure("cluster.latency.p99", "ms", (p) => p.result.p99, "lower");
for (const action of Object.keys(cluster.result.perAction)) {
  figure(`cluster.${action}.per_second`, "1/s", (p) => p.result.perAction[action]?.rps ?? NaN);
  figure(`cluster.${action}.p95`, "ms", (p) => p.result.perAction[action]?.p95 ?? NaN, "lower");
}
figure("cluster.requests", "count", (p) => p.result.count);
figure("cluster.errors", "count", (p) => p.result.error, "zero");
figure("cluster.designed_429", "count", (p) => p.result.designed, "info");
figure("cluster.checkouts_succeeded", "count", (p) => p.tally.checkoutsSucceeded);
figure("cluster.ai_answers", "count", (p) => p.tally.answers);
figure("cluster.balance_mismatches", "count", (p) => p.invariants.balanceMismatches, "zero");
figure("cluster.payments_granted_twice", "count", (p) => p.invariants.paymentsGrantedTwice, "zero");

const pad = (s, n) => String(s ?? "-").padStart(n);
console.log(`\nCluster: 2 instances + proxy + PostgreSQL vs baseline: 1 instance direct (same run, ${CONNECTIONS} connections, ${SECONDS} s each)\n`);
console.log("figure".padEnd(38) + pad("cluster", 12) + pad("baseline", 12) + pad("ratio", 8) + "  unit");
for (const f of figures) console.log(f.figure.padEnd(38) + pad(f.value, 12) + pad(f.baselineValue, 12) + pad(f.ratio, 8) + `  ${f.unit}`);

for (const p of [baseline, cluster].filter(Boolean)) {
  console.log(`\n${p.name}: per action (count ok/429/error, p50/p95/p99 ms)`);
  for (const [name, a] of Object.entries(p.result.perAction)) {
    console.log(
      `  ${name.padEnd(10)} ${String(a.count).padStart(7)}  ${a.ok}/${a.designed}/${a.error}  ${round(a.p50)}/${round(a.p95)}/${round(a.p99)}  statuses ${JSON.stringify(a.statuses)}`,
    );
    for (const example of a.examples) console.log(`      error: ${example}`);
  }
  console.log(`  invariants: ${JSON.stringify(p.invariants)}`);
  console.log(`  clients told: ${JSON.stringify(p.tally)}; database: ${p.dbSucceeded} succeeded payments, ${p.dbAnswered} answered questions`);
  if (p.proxy) console.log(`  proxy: ${JSON.stringify(p.proxy)}`);
}
console.log("");
for (const f of figures) {
  const target = f.better === "zero" ? "0" : undefined;
  console.log(`BENCH ${JSON.stringify({ ...f, target, pass: target ? f.value === 0 : undefined, connections: CONNECTIONS, seconds: SECONDS })}`);
}

const failures = [];
for (const p of [baseline, cluster].filter(Boolean)) {
  if (p.result.error > 0) failures.push(`${p.name}: ${p.result.error} requests failed (other than designed 429s)`);
  if (!p.invariants.ok) failures.push(`${p.name}: invariants do not hold: ${JSON.stringify(p.invariants)}`);
  if (p.dbSucceeded !== p.tally.checkoutsSucceeded) failures.push(`${p.name}: ${p.dbSucceeded} payments succeeded in the database, clients were told ${p.tally.checkoutsSucceeded}`);
  if (p.invariants.pendingPayments > 0) failures.push(`${p.name}: ${p.invariants.pendingPayments} payments left pending`);
}
// ---- documents --------------------------------------------------------------------------------
const when = new Date().toISOString().slice(0, 16).replace("T", " ");
const table = markdownTable(
  ["figure", "2 instances + proxy", "1 instance direct", "ratio", "unit"],
  figures.map((f) => [f.figure, f.value ?? "", f.baselineValue ?? "", f.ratio ?? "", f.unit]),
);
const actionRows = (p) =>
  markdownTable(
    ["action", "requests", "ok", "429", "errors", "p50 ms", "p95 ms", "p99 ms"],
    Object.entries(p.result.perAction).map(([name, a]) => [name, a.count, a.ok, a.designed, a.error, round(a.p50), round(a.p95), round(a.p99)]),
  );
const section = [
  `## Two instances on one PostgreSQL (bench/cluster.bench.mjs)`,
  ``,
  `Measured ${when} UTC on ${machine()}; load average ${round(loadBefore, 2)} when the run began (other work was running on the machine).`,
  `Mixed load from ${CONNECTIONS} concurrent connections for ${SECONDS} s: public pages 50 %, member API reads 13 %, log-ins 8 %,`,
  `AI asks 12 % (fake provider, 6 chunks 20 ms apart), test-mode checkouts 12 % (5 % of them declined cards), contact messages 3 %.`,
  `The load generator, the fake provider, the proxy, PostgreSQL and the instances share the same ${os.cpus().length} cores.`,
  ``,
  table,
  ``,
  `Cluster, per action:`,
  ``,
  actionRows(cluster),
  ``,
  `Checks after the run (SQL): ${cluster.invariants.balanceMismatches} balances differ from their ledger, ${cluster.invariants.paymentsGrantedTwice} payments granted twice, ` +
    `${cluster.invariants.succeededPayments} succeeded payments = ${cluster.invariants.purchaseRows} purchase ledger rows, ` +
    `${cluster.invariants.answeredQuestions} answered questions = ${cluster.invariants.aiSpendRows} spend rows; clients were told of ${cluster.tally.checkoutsSucceeded} successful checkouts, the database holds ${cluster.dbSucceeded}.`,
  ``,
  `Command: \`npm run build && node bench/cluster.bench.mjs\` (or \`npm run bench -- cluster\`).`,
].join("\n");
// Only a full run (the 200 connections for 60 s, with its baseline) replaces the documented figures.
const fullRun = SECONDS >= 60 && CONNECTIONS >= 200 && BASELINE;
if (fullRun) writeSection("cluster", section);
const reliabilityDoc = path.join(projectRoot, "docs", "reliability.md");
if (fullRun && existsSync(reliabilityDoc)) {
  const doc = readFileSync(reliabilityDoc, "utf8");
  const start = "<!-- bench:cluster -->";
  const end = "<!-- /bench:cluster -->";
  const from = doc.indexOf(start);
  const to = doc.indexOf(end);
  if (from !== -1 && to > from) writeFileSync(reliabilityDoc, `${doc.slice(0, from)}${start}\n${section.replace(/^## .*\n/, "")}\n${end}${doc.slice(to + end.length)}`);
}

mkdirSync(path.join(projectRoot, "bench", "results"), { recursive: true });
writeFileSync(
  path.join(projectRoot, "bench", "results", "cluster.json"),
  JSON.stringify({ at: new Date().toISOString(), connections: CONNECTIONS, seconds: SECONDS, figures, baseline, cluster, failures }, null, 2),
);
if (failures.length) {
  console.log(`FAILED:\n  ${failures.join("\n  ")}`);
  process.exit(1);
}
console.log("OK: 0 errors other than designed 429s; every balance equals its ledger; no payment granted twice.");
