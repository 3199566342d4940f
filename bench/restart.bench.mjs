// Restarts (docs/performance.md, "Restarts"): how long `npm start` takes to serve again when nothing
// changed, the case of a deploy that only restarts, a crash, or an operator's restart. Goal (issue
// "Serve at the speed of the platform"): a second `npm start` with unchanged sources serves within 3 s.
//
// Method: `npm start` (scripts/start.mjs reuses the existing build) on a data directory of its own.
// The first start creates the database; each later one is timed from the command to the first
// 200 of `/healthz` (polled every 10 ms) and to the first page (`/`, rendered: the page cache lives
// in memory), then stopped with SIGTERM, as an operator or a process manager would, and waited for.
// Baseline, measured in the same run: a bare node:http server started with `node` (Node's own floor).
// The server's "started" log line gives the phases (code loaded, services, migrations, listening).
//   node bench/restart.bench.mjs        Settings (environment): BENCH_RESTARTS (5), BENCH_APP_ROOT.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { emit, ensureBuild, machine, markdownTable, median, round, writeSection } from "./harness.mjs";
import { freePort } from "./lib/free-port.mjs";
import { appRoot, waitForAnswer } from "./lib/server-process.mjs";

const RESTARTS = Number(process.env.BENCH_RESTARTS ?? 5);
const GOAL_MS = 3000;
const POLL_MS = 10;
const START_TIMEOUT_MS = 120_000;

/**
 * Runs `command args` in its own process group, times its first answers, then stops the group with
 * SIGTERM and waits for it to exit. Returns the times and what the process printed.
 */
async function timedStart(command, args, env, paths) {
  const port = await freePort();
  const startedAt = performance.now();
  const child = spawn(command, args, {
    cwd: appRoot,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, HOST: "127.0.0.1", PORT: String(port), ...env },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  const exited = { done: false };
  const exit = new Promise((resolve) => child.once("exit", () => resolve((exited.done = true))));
  try {
    const times = {};
    for (const [name, urlPath] of Object.entries(paths)) {
      await waitForAnswer(`http://127.0.0.1:${port}${urlPath}`, () => exited.done, { timeoutMs: START_TIMEOUT_MS, pollMs: POLL_MS });
      times[name] = performance.now() - startedAt;
    }
    return { times, output };
  } finally {
    if (!exited.done) process.kill(-child.pid, "SIGTERM");
    await exit;
  }
}

/** The phases of the server's "started" line (server/main.ts). */
function phasesOf(output) {
  for (const line of output.split("\n")) {
    if (!line.includes('"msg":"started"')) continue;
    try {
      const { loadedMs, servicesMs, migrateMs, listenMs, totalMs } = JSON.parse(line);
      return { loadedMs, servicesMs, migrateMs, listenMs, totalMs };
    } catch {
      // not JSON
    }
  }
  return null;
}

const NODE_FLOOR = "require('node:http').createServer((q, s) => s.end('ok')).listen(Number(process.env.PORT), process.env.HOST)";

async function main() {
  ensureBuild();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "taxatlas-restart-"));
  const load = () => os.loadavg().map((x) => x.toFixed(2)).join(" / ");
  const loadBefore = load();
  try {
    const env = { DATA_DIR: dataDir };
    const first = await timedStart("npm", ["start"], env, { health: "/healthz" });
    if (!/build is up to date/.test(first.output)) {
      throw new Error(`npm start rebuilt or did not say it reused the build:\n${first.output.slice(0, 2000)}`);
    }
    const restarts = [];
    const floors = [];
    for (let i = 0; i < RESTARTS; i++) {
      const floor = await timedStart(process.execPath, ["-e", NODE_FLOOR], {}, { health: "/" });
      floors.push(floor.times.health);
      const run = await timedStart("npm", ["start"], env, { health: "/healthz", page: "/" });
      restarts.push({ ...run.times, phases: phasesOf(run.output) });
      console.log(
        `restart ${i + 1}: /healthz ${Math.round(run.times.health)} ms, / ${Math.round(run.times.page)} ms, node floor ${Math.round(floor.times.health)} ms`,
      );
    }
    const health = median(restarts.map((r) => r.health));
    const page = median(restarts.map((r) => r.page));
    const floor = median(floors);
    const phase = (name) => median(restarts.map((r) => r.phases?.[name] ?? Number.NaN));
    const loadAfter = load();

    emit({ figure: "second npm start to the first /healthz answer, median", value: round(health, 0), unit: "ms", baseline: "bare node:http server started with node", baselineValue: round(floor, 0), ratio: round(health / floor, 1), target: `<= ${GOAL_MS} ms`, pass: health <= GOAL_MS });
    emit({ figure: "second npm start to the first page (/), median", value: round(page, 0), unit: "ms", baseline: "bare node:http server started with node", baselineValue: round(floor, 0), ratio: round(page / floor, 1), target: `<= ${GOAL_MS} ms`, pass: page <= GOAL_MS });
    emit({ figure: "first npm start on an empty data directory to the first /healthz answer", value: round(first.times.health, 0), unit: "ms", baseline: null, baselineValue: null, ratio: null });

    const fmt = (ms) => (Number.isFinite(ms) ? String(Math.round(ms)) : "n/a");
    writeSection(
      "restart",
      `## Restarts (bench/restart.bench.mjs)

\`node bench/restart.bench.mjs\` (${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC, ${machine()}; load average (1/5/15 min)
${loadBefore} before, ${loadAfter} after). \`npm start\` on a data directory of its own: the first start creates
the database, then ${RESTARTS} restarts with unchanged sources, each timed from the command to the first 200 of
\`/healthz\` and to the first page (\`/\`, rendered on its first request), stopped with SIGTERM before the
next. Baseline in the same run: a bare \`node:http\` server started with \`node\` (Node's own floor, no npm).
Phases from the server's \`started\` line (server/main.ts), medians: code loaded ${fmt(phase("loadedMs"))} ms after
the process began (scripts/start.mjs's build check included), services (the database, and the SDKs the
configuration uses) ${fmt(phase("servicesMs"))} ms, migrations ${fmt(phase("migrateMs"))} ms, listening ${fmt(phase("listenMs"))} ms; npm itself adds the rest.

${markdownTable(
  ["start", "to /healthz (ms)", "to the first page (ms)", "node floor (ms)"],
  [
    ["first, empty data directory", fmt(first.times.health), "", ""],
    ...restarts.map((r, i) => [`restart ${i + 1}`, fmt(r.health), fmt(r.page), fmt(floors[i])]),
    ["**median of the restarts**", `**${fmt(health)}**`, `**${fmt(page)}**`, fmt(floor)],
  ],
)}

Goal: a second \`npm start\` serves within ${GOAL_MS} ms: ${health <= GOAL_MS && page <= GOAL_MS ? "met" : "not met"} (median ${fmt(health)} ms to \`/healthz\`, ${fmt(page)} ms to the first page).`,
    );
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
