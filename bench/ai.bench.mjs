// AI assistant benchmark: how much the server adds on top of the model.
//
//   npm run bench -- ai            or   node bench/ai.bench.mjs   (builds first if needed)
//
// Starts the fake OpenAI-compatible server (tests/fakes/fake-openai.ts) in this process and the
// production server (build/server.js, PGlite in a temporary directory, or DATABASE_URL when set)
// pointed at it. The fake and the client (standing in for the browser) run in this process, so
// their timestamps share one clock.
//   1. first token → first byte: answers asked one after another; the time from the moment the
//      fake provider writes its first content chunk to the moment the client receives the first
//      `delta` event of POST /api/v1/ai/ask. Baseline: a GET /healthz round trip on the same server.
//   2. server overhead per answer at 20 concurrent streams: the client's time for the whole answer
//      minus the provider's own time for it (request received → [DONE] written). Baseline: the same
//      overhead for answers asked one at a time. Also the server's CPU time per answer (Linux /proc).
// Prints a table and one `BENCH {json}` line per figure ({figure, value, unit, baseline,
// baselineValue, ratio, target?, pass?}) and rewrites its section of docs/performance.md.
// Settings (environment): AI_BENCH_SEQUENTIAL (default 50), AI_BENCH_CONCURRENCY (20), AI_BENCH_ROUNDS (5).
import { readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { tsImport } from "tsx/esm/api";
import { emit, ensureBuild, machine, markdownTable, projectRoot, startServer, writeSection } from "./harness.mjs";

const SEQUENTIAL = Number(process.env.AI_BENCH_SEQUENTIAL ?? 50);
const CONCURRENCY = Number(process.env.AI_BENCH_CONCURRENCY ?? 20);
const ROUNDS = Number(process.env.AI_BENCH_ROUNDS ?? 5);
/** Relaying a token should cost well under one frame of a 60 Hz screen. */
const TARGET_FIRST_BYTE_P50_MS = 16;

const load = (file) => tsImport(pathToFileURL(path.join(projectRoot, file)).href, import.meta.url);
const { startFakeOpenAI, now, FAKE_ANSWER_CHUNKS } = await load("tests/fakes/fake-openai.ts");
const { SseParser, toAiEvent } = await load("lib/ai/sse.ts");

function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}
const mean = (values) => values.reduce((sum, v) => sum + v, 0) / values.length;
const round = (value, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;
const ratio = (value, base) => (base ? round(value / base) : null);

/** utime + stime of a process in milliseconds (Linux, 100 clock ticks a second), or null. */
function cpuMs(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

async function register(url, index) {
  const response = await fetch(`${url}/api/v1/user/register`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email: `ai-bench-${index}-${Date.now()}@example.test`, password: "bench-password-123" }),
  });
  const body = await response.json();
  if (!body.token) throw new Error(`registration failed: ${response.status} ${JSON.stringify(body)}`);
  return body.token;
}

/** Asks one question and times it on the client. */
async function ask(url, token, question) {
  const sentAt = now();
  const response = await fetch(`${url}/api/v1/ai/ask`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "text/event-stream", Authorization: `Bearer ${token}` },
    body: JSON.stringify({ topic: "tax-consultation", question, lang: "en" }),
  });
  if (!response.ok) throw new Error(`ask failed: ${response.status} ${await response.text()}`);
  const parser = new SseParser();
  const reader = response.body.getReader();
  let firstDeltaAt = null;
  let doneAt = null;
  for (;;) {
    const { value, done } = await reader.read();
    const at = now();
    for (const message of done ? parser.end() : parser.push(value)) {
      const event = toAiEvent(message);
      if (event?.event === "delta") firstDeltaAt ??= at;
      if (event?.event === "done") doneAt = at;
      if (event?.event === "error") throw new Error(`answer failed: ${event.data.message}`);
    }
    if (done) break;
  }
  if (firstDeltaAt === null || doneAt === null) throw new Error("incomplete answer");
  return { question, sentAt, firstDeltaAt, doneAt };
}

ensureBuild();
// Other work on the machine slows every figure here; the section records how busy it was.
const loadAtStart = os.loadavg()[0];
const fake = await startFakeOpenAI({ mode: "ok" });
const server = await startServer({
  AI_API_KEY: "bench-key",
  AI_BASE_URL: fake.baseURL,
  AI_MAX_RETRIES: "0",
  STARTING_CREDITS: "100000",
  // The benchmark measures the answer path, not the limits that protect it.
  RATE_LIMITS: "false",
  ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
});
const database = process.env.DATABASE_URL ? "PostgreSQL" : "PGlite";
const providerRecord = (question) => fake.requests.find((r) => r.body?.messages?.[1]?.content === question);
/** Client time for the whole answer minus the provider's own time for it. */
const overheadOf = (result) => {
  const provider = providerRecord(result.question);
  return result.doneAt - result.sentAt - (provider.finishedAt - provider.receivedAt);
};

try {
  const tokens = await Promise.all(Array.from({ length: CONCURRENCY }, (_, i) => register(server.url, i)));

  // Warm-up: JIT, database pages, keep-alive connections.
  for (let i = 0; i < 5; i++) await ask(server.url, tokens[0], `warm-up ${i}`);

  // Baseline of 1: a trivial round trip to the same server.
  const health = [];
  for (let i = 0; i < SEQUENTIAL; i++) {
    const t0 = now();
    await (await fetch(`${server.url}/healthz`)).text();
    health.push(now() - t0);
  }

  // 1. First token → first byte, and the overhead of answers asked one at a time.
  const firstByte = [];
  const sequentialOverhead = [];
  for (let i = 0; i < SEQUENTIAL; i++) {
    const result = await ask(server.url, tokens[i % tokens.length], `sequential question ${i}`);
    firstByte.push(result.firstDeltaAt - providerRecord(result.question).firstTokenAt);
    sequentialOverhead.push(overheadOf(result));
  }

  // 2. The overhead with CONCURRENCY answers streaming at once.
  const overhead = [];
  const cpuBefore = cpuMs(server.pid);
  const started = now();
  for (let r = 0; r < ROUNDS; r++) {
    const results = await Promise.all(tokens.map((token, i) => ask(server.url, token, `concurrent question ${r}-${i}`)));
    for (const result of results) overhead.push(overheadOf(result));
  }
  const elapsedMs = now() - started;
  const cpuAfter = cpuMs(server.pid);
  const answers = overhead.length;
  const cpuPerAnswer = cpuBefore !== null && cpuAfter !== null ? (cpuAfter - cpuBefore) / answers : null;

  const healthP50 = round(percentile(health, 50));
  const firstByteP50 = round(percentile(firstByte, 50));
  const figures = [
    {
      figure: "first token → first byte p50",
      value: firstByteP50,
      unit: "ms",
      baseline: "GET /healthz round trip p50",
      baselineValue: healthP50,
      ratio: ratio(firstByteP50, healthP50),
      target: `< ${TARGET_FIRST_BYTE_P50_MS}`,
      pass: firstByteP50 < TARGET_FIRST_BYTE_P50_MS,
    },
    {
      figure: "first token → first byte p95",
      value: round(percentile(firstByte, 95)),
      unit: "ms",
      baseline: "GET /healthz round trip p95",
      baselineValue: round(percentile(health, 95)),
      ratio: ratio(percentile(firstByte, 95), percentile(health, 95)),
    },
    ...[50, 95].map((p) => ({
      figure: `server overhead per answer, ${CONCURRENCY} concurrent streams, p${p}`,
      value: round(percentile(overhead, p)),
      unit: "ms",
      baseline: `same, one answer at a time, p${p}`,
      baselineValue: round(percentile(sequentialOverhead, p)),
      ratio: ratio(percentile(overhead, p), percentile(sequentialOverhead, p)),
    })),
    {
      figure: `server overhead per answer, ${CONCURRENCY} concurrent streams, mean`,
      value: round(mean(overhead)),
      unit: "ms",
      baseline: "same, one answer at a time, mean",
      baselineValue: round(mean(sequentialOverhead)),
      ratio: ratio(mean(overhead), mean(sequentialOverhead)),
    },
    {
      figure: `answers per second, ${CONCURRENCY} concurrent streams`,
      value: round(answers / (elapsedMs / 1000), 1),
      unit: "1/s",
      baseline: null,
      baselineValue: null,
      ratio: null,
    },
  ];
  if (cpuPerAnswer !== null) {
    figures.push({
      figure: `server CPU time per answer, ${CONCURRENCY} concurrent streams`,
      value: round(cpuPerAnswer, 1),
      unit: "ms",
      baseline: null,
      baselineValue: null,
      ratio: null,
    });
  }

  console.log(`\nAI assistant on ${database}: ${SEQUENTIAL} answers one at a time, ${answers} in rounds of ${CONCURRENCY}\n`);
  for (const f of figures) console.log(`${f.figure.padEnd(66)} ${String(f.value).padStart(9)} ${f.unit}`);
  for (const f of figures) emit({ bench: "ai", database, ...f });

  const cell = (value, unit) => (value === null || value === undefined ? "" : `${value} ${unit}`);
  writeSection(
    database === "PGlite" ? "ai" : "ai-postgresql",
    `## AI assistant: streaming overhead (${database})

\`node bench/ai.bench.mjs\` (${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC, ${machine()}, ${database},
load average ${loadAtStart.toFixed(1)} at the start).
The fake OpenAI-compatible provider (tests/fakes/fake-openai.ts) streams each answer in
${FAKE_ANSWER_CHUNKS.length} chunks 20 ms apart; the production server relays it as server-sent events, stores it and
charges the credit. The client and the fake share one clock.

- **First token → first byte**: from the provider writing its first chunk to the client receiving the
  first \`delta\` event (${SEQUENTIAL} answers one at a time), next to a plain \`GET /healthz\` round trip.
- **Server overhead per answer**: the client's time for the whole answer minus the provider's own
  time for it, so everything the server adds (sign-in check, credit slot, model request, relaying,
  storing the answer and the ledger row), with ${CONCURRENCY} answers streaming at once (${answers} answers),
  next to the same figure one answer at a time.

${markdownTable(
  ["figure", "value", "baseline", "baseline value", "ratio"],
  figures.map((f) => [f.figure, cell(f.value, f.unit), f.baseline ?? "", cell(f.baselineValue, f.unit), f.ratio ?? ""]),
)}

With ${CONCURRENCY} streams at once the overhead is mostly queueing: the server's own work per answer
(the CPU time above: the session lookup, two short transactions for the credit slot and the charge,
the model request and about ${FAKE_ANSWER_CHUNKS.length + 2} event writes) runs on one thread, one answer after
another${database === "PGlite" ? ", and PGlite executes the queries in that same thread" : ""}. Relaying a token as it
arrives (first token → first byte) stays close to a plain round trip.`,
  );
} finally {
  await server.stop();
  await fake.close();
}
