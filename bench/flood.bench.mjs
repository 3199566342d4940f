// A flood of page-cache misses against the production build (docs/decisions/0006-one-configured-origin.md):
// wrk sends random Host, path and query from 10 connections while a prober asks /healthz ten times a
// second. Reports the probe's p95 under the flood as a ratio to the same probe on an idle server
// (goal <= 2x), the flood's throughput and its 5xx count (must be 0): once on the freshly started
// server, and again once it has rendered and compressed what the first flood asked for.
import { spawn } from "node:child_process";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { DURATION, emit, ensureBuild, machine, markdownTable, projectRoot, round, startServer, writeSection } from "./harness.mjs";
import { ensureDebianPackage } from "./lib/debian-package.mjs";
import { untilIdle } from "./lib/proc-cpu.mjs";

const FLOOD_CONNECTIONS = 10;
const PROBE_INTERVAL_MS = 100;
const RATIO_GOAL = 2;

function probeOnce(agent, url) {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    http
      .get(`${url}/healthz`, { agent }, (res) => {
        res.resume();
        res.on("end", () => resolve({ status: res.statusCode, ms: Number(process.hrtime.bigint() - started) / 1e6 }));
      })
      .on("error", reject);
  });
}

async function probe(url, seconds) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const samples = [];
  const deadline = Date.now() + seconds * 1000;
  while (Date.now() < deadline) {
    samples.push(await probeOnce(agent, url));
    await new Promise((resolve) => setTimeout(resolve, PROBE_INTERVAL_MS));
  }
  agent.destroy();
  const sorted = samples.map((s) => s.ms).sort((a, b) => a - b);
  const at = (p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
  return { count: samples.length, failed: samples.filter((s) => s.status !== 200).length, p50: at(50), p95: at(95), max: sorted.at(-1) };
}

function flood(url, seconds) {
  return new Promise((resolve, reject) => {
    const script = path.join(projectRoot, "bench", "wrk", "page-flood.lua");
    const child = spawn(wrkCommand, ["-t2", `-c${FLOOD_CONNECTIONS}`, `-d${seconds}s`, "-s", script, url], { stdio: ["ignore", "pipe", "inherit"] });
    let out = "";
    child.stdout.on("data", (chunk) => (out += chunk));
    child.on("error", (error) => reject(new Error(`wrk is needed (Debian package wrk): ${error.message}`)));
    child.on("close", () => {
      const match = /FLOOD (\d+) (\d+) ([\d.]+)/.exec(out);
      if (!match) return reject(new Error(`wrk printed no summary:\n${out}`));
      resolve({ requests: Number(match[1]), fivexx: Number(match[2]), rps: Number(match[3]) });
    });
  });
}

ensureBuild();
const wrkCommand = ensureDebianPackage("wrk", ["--version"]);
const server = await startServer();
try {
  await probe(server.url, 2); // warm-up
  const idle = await probe(server.url, DURATION);
  const [flooded, floodResult] = await Promise.all([probe(server.url, DURATION), flood(server.url, DURATION)]);
  const ratio = flooded.p95 / idle.p95;
  // The same flood again once the first one's pages are rendered and compressed: a server that has
  // been up a while, where the first was a fresh start (every page rendered and compressed for the first time).
  await untilIdle(server.pid);
  const warmIdle = await probe(server.url, DURATION);
  const [warmFlooded, warmResult] = await Promise.all([probe(server.url, DURATION), flood(server.url, DURATION)]);
  const warmRatio = warmFlooded.p95 / warmIdle.p95;
  emit({ figure: "/healthz p95 under a cache-miss flood", value: round(flooded.p95), unit: "ms", baseline: "/healthz p95 idle", baselineValue: round(idle.p95), ratio: round(ratio), target: `<= ${RATIO_GOAL}` });
  emit({ figure: "/healthz p95 under the flood, warm server", value: round(warmFlooded.p95), unit: "ms", baseline: "/healthz p95 idle, warm server", baselineValue: round(warmIdle.p95), ratio: round(warmRatio), target: `<= ${RATIO_GOAL}` });
  emit({ figure: "cache-miss flood 5xx answers", value: floodResult.fivexx + warmResult.fivexx, unit: "answers", baseline: null, baselineValue: null, ratio: null, target: "0" });
  const load = os.loadavg().map((l) => l.toFixed(2)).join(" ");
  writeSection(
    "flood",
    `## Cache-miss flood (hardening)

\`npm run bench -- flood\` (bench/flood.bench.mjs): \`wrk -t2 -c${FLOOD_CONNECTIONS} -d${DURATION}s -s bench/wrk/page-flood.lua\` sends every
request with a random \`Host\`, a random public or unknown path in a random language and, for a quarter
of them, a random query, while a prober asks \`/healthz\` every ${PROBE_INTERVAL_MS} ms over one keep-alive connection.
Machine: ${machine()}; load average before the run ${load}.

The flood runs twice: on the freshly started server (every page it asks for is rendered and
compressed for the first time), then, once the server is idle again, on the same server warm.

${[
  ["fresh server", idle, flooded, floodResult],
  ["warm server", warmIdle, warmFlooded, warmResult],
]
  .map(
    ([title, quiet, loaded, result]) => `**${title}**

${markdownTable(
  ["figure", "idle", "under the flood", "ratio", "goal"],
  [
    ["/healthz p50", `${round(quiet.p50)} ms`, `${round(loaded.p50)} ms`, round(loaded.p50 / quiet.p50), ""],
    ["/healthz p95", `${round(quiet.p95)} ms`, `${round(loaded.p95)} ms`, round(loaded.p95 / quiet.p95), `<= ${RATIO_GOAL}`],
    ["/healthz max", `${round(quiet.max)} ms`, `${round(loaded.max)} ms`, "", ""],
    ["/healthz probes not 200", String(quiet.failed), String(loaded.failed), "", "0"],
    ["flood requests/s", "", String(round(result.rps, 0)), "", ""],
    ["flood 5xx answers", "", `${result.fivexx} of ${result.requests}`, "", "0"],
  ],
)}`,
  )
  .join("\n\n")}
`,
  );
} finally {
  await server.stop();
}
