// Shared helpers for bench/*.bench.mjs scripts (this file is not a benchmark itself).
// Contract with scripts/bench.mjs (the runner, `npm run bench`):
//   - each bench prints its figures as stdout lines "BENCH {json}" (use `emit`), with
//     {figure, value, unit, baseline, baselineValue, ratio} (and optionally `target`, e.g. ">= 0.5");
//   - each bench writes its own section of docs/performance.md (use `writeSection`), replaced on rerun.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { startServerProcess } from "./lib/server-process.mjs";

export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const performanceDoc = path.join(projectRoot, "docs", "performance.md");

/** Seconds per measurement (BENCH_DURATION overrides, e.g. for a quick smoke run). */
export const DURATION = Number(process.env.BENCH_DURATION || 10);
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 50);

/** Builds the production bundle unless it exists (the runner builds once and sets BENCH_BUILT=1). */
export function ensureBuild() {
  const built = existsSync(path.join(projectRoot, "build", "server.js")) && existsSync(path.join(projectRoot, "build", "client", "assets"));
  if (built && (process.env.BENCH_BUILT === "1" || process.env.SKIP_BUILD === "1")) return;
  if (built && process.env.BENCH_REBUILD !== "1") return;
  process.stderr.write("building the production bundle ...\n");
  execFileSync("npm", ["run", "--silent", "build"], { cwd: projectRoot, stdio: ["ignore", "ignore", "inherit"] });
}

/**
 * Starts `node build/server.js` on a free loopback port with a temporary DATA_DIR (PGlite).
 * `env` adds to or overrides the defaults; only PATH and HOME are inherited from this process.
 */
export async function startServer(env = {}, { nodeArgs = [], startTimeoutMs = 60_000 } = {}) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "taxatlas-bench-"));
  let server;
  try {
    server = await startServerProcess("bench", { DATA_DIR: dataDir, ...env }, { startTimeoutMs, nodeArgs });
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  const stop = async () => {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  return { url: server.url, pid: server.child.pid, output: server.output, stop };
}

/** Waits until a server started above has written `text` (it logs at LOG_LEVEL info or lower). */
export async function waitForLog(server, text, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (!server.output().includes(text)) {
    if (Date.now() > deadline) throw new Error(`the server did not log "${text}" within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** One autocannon measurement: requests/s (mean), latency p99 (ms), and how many answers were not 2xx. */
export async function measure({ url, headers = {}, method = "GET", body, duration = DURATION, connections = CONNECTIONS }) {
  const result = await autocannon({ url, headers, method, body, duration, connections, pipelining: 1 });
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    p50: result.latency.p50,
    total: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    bytesPerRequest: result.requests.total ? result.throughput.total / result.requests.total : 0,
  };
}

/** Prints one figure for the runner's table. */
export function emit(row) {
  process.stdout.write(`BENCH ${JSON.stringify(row)}\n`);
}

export const round = (value, digits = 2) => (Number.isFinite(value) ? Number(value.toFixed(digits)) : value);

/** The middle value (the upper one of an even count). */
export const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** The load average over 1, 5 and 15 minutes, "0.64, 0.98, 1.20": how busy the shared machine was. */
export const loadAverage = () => os.loadavg().map((l) => l.toFixed(2)).join(", ");

/** "Intel Xeon ... × 2, Node v20.x, linux" */
export function machine() {
  const cpus = os.cpus();
  return `${cpus[0]?.model?.trim() ?? "unknown CPU"} × ${cpus.length}, ${Math.round(os.totalmem() / 2 ** 30)} GB RAM, Node ${process.version}, ${os.platform()}`;
}

/**
 * Replaces the section `id` of docs/performance.md, or adds it (at the end, or before the other
 * sections with `first`). `markdown` starts with its own "## " heading.
 */
export function writeSection(id, markdown, { first = false } = {}) {
  const start = `<!-- bench:${id} -->`;
  const end = `<!-- /bench:${id} -->`;
  mkdirSync(path.dirname(performanceDoc), { recursive: true });
  let doc = existsSync(performanceDoc)
    ? readFileSync(performanceDoc, "utf8")
    : "# Performance\n\nFigures measured by `npm run bench` (scripts/bench.mjs runs every bench/*.bench.mjs in sequence).\nEach section below is rewritten by its bench script on every run.\n";
  const block = `${start}\n${markdown.trim()}\n${end}`;
  const from = doc.indexOf(start);
  const to = doc.indexOf(end);
  if (from !== -1 && to > from) doc = doc.slice(0, from) + block + doc.slice(to + end.length);
  else if (first && doc.includes("<!-- bench:")) {
    const at = doc.indexOf("<!-- bench:");
    doc = `${doc.slice(0, at)}${block}\n\n${doc.slice(at)}`;
  } else doc = `${doc.trimEnd()}\n\n${block}\n`;
  writeFileSync(performanceDoc, doc.endsWith("\n") ? doc : `${doc}\n`);
}

/** A markdown table from a header row and rows of cells. */
export function markdownTable(header, rows) {
  const line = (cells) => `| ${cells.join(" | ")} |`;
  return [line(header), line(header.map(() => "---")), ...rows.map(line)].join("\n");
}
