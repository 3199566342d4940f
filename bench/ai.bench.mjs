// AI assistant benchmark: how much the server adds on top of the model.
//
//   node bench/ai.bench.mjs            (needs the production build: npm run build)
//
// Starts the fake OpenAI-compatible server (tests/fakes/fake-openai.ts) in this process and the
// production server (build/server.js) as a child process on a temporary PGlite, pointed at the fake.
// Both the fake and the client run here, so their timestamps share one clock.
//   1. first token → first byte: for answers asked one after another, the time from the moment the
//      fake provider writes its first content chunk to the moment the client (standing in for the
//      browser) receives the first `delta` event of /api/v1/ai/ask.
//   2. server overhead per answer at 20 concurrent streams: the client's time for the whole answer
//      minus the provider's time for it (request received → [DONE] written), and the server's CPU
//      time per answer (from /proc, Linux only).
// Results are printed as a table and as one `BENCH {json}` line per metric.
// Settings (environment): AI_BENCH_SEQUENTIAL (default 50), AI_BENCH_CONCURRENCY (20), AI_BENCH_ROUNDS (5),
// AI_BENCH_DATABASE_URL (a throw-away PostgreSQL database; default: PGlite in a temporary directory).
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { tsImport } from "tsx/esm/api";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const SEQUENTIAL = Number(process.env.AI_BENCH_SEQUENTIAL ?? 50);
const CONCURRENCY = Number(process.env.AI_BENCH_CONCURRENCY ?? 20);
const ROUNDS = Number(process.env.AI_BENCH_ROUNDS ?? 5);

const load = (file) => tsImport(pathToFileURL(path.join(root, file)).href, import.meta.url);
const { startFakeOpenAI, now } = await load("tests/fakes/fake-openai.ts");
const { SseParser, toAiEvent } = await load("lib/ai/sse.ts");

const entry = path.join(root, "build", "server.js");
if (!existsSync(entry)) {
  console.error(`${entry} is missing: run \`npm run build\` first.`);
  process.exit(1);
}

function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index];
}
const mean = (values) => values.reduce((sum, v) => sum + v, 0) / values.length;
const round = (value, digits = 2) => Math.round(value * 10 ** digits) / 10 ** digits;

/** utime + stime of a process in milliseconds (Linux), or null. */
function cpuMs(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // Fields 14 and 15 of stat (utime, stime) are at 11 and 12 after the command name; clock ticks of 10 ms.
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

async function startServer(aiBaseURL) {
  const dataDir = mkdtempSync(path.join(tmpdir(), "taxatlas-ai-bench-"));
  const child = spawn(process.execPath, [entry], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: "0",
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      AI_API_KEY: "bench-key",
      AI_BASE_URL: aiBaseURL,
      AI_MAX_RETRIES: "0",
      STARTING_CREDITS: "100000",
      // The benchmark measures the answer path, not the limits that protect it.
      RATE_LIMITS: "false",
      // Unset: PGlite in a temporary directory (the embedded default).
      ...(process.env.AI_BENCH_DATABASE_URL ? { DATABASE_URL: process.env.AI_BENCH_DATABASE_URL } : {}),
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const port = await new Promise((resolve, reject) => {
    let buffered = "";
    const timer = setTimeout(() => reject(new Error("server did not start within 60 s")), 60_000);
    child.stdout.on("data", (chunk) => {
      buffered += chunk.toString("utf8");
      const match = /is running at http:\/\/[^:\s]+:(\d+)/.exec(buffered);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited during start-up (code ${code})`));
    });
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    const ok = await fetch(`${url}/readyz`).then((r) => r.ok, () => false);
    if (ok) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    pid: child.pid,
    async stop() {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function register(url, index) {
  const response = await fetch(`${url}/api/v1/user/register`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email: `bench-${index}-${Date.now()}@example.test`, password: "bench-password-123" }),
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

const fake = await startFakeOpenAI({ mode: "ok" });
const server = await startServer(fake.baseURL);
const byQuestion = (question) =>
  fake.requests.find((r) => r.body?.messages?.[1]?.content === question);

try {
  const tokens = await Promise.all(Array.from({ length: CONCURRENCY }, (_, i) => register(server.url, i)));

  // Warm-up: JIT, database pages, connection reuse.
  for (let i = 0; i < 5; i++) await ask(server.url, tokens[0], `warm-up ${i}`);

  // 1. First token → first byte, one answer at a time.
  const firstByte = [];
  for (let i = 0; i < SEQUENTIAL; i++) {
    const result = await ask(server.url, tokens[i % tokens.length], `sequential question ${i}`);
    const provider = byQuestion(result.question);
    firstByte.push(result.firstDeltaAt - provider.firstTokenAt);
  }

  // 2. Overhead per answer with CONCURRENCY streams at once.
  const overhead = [];
  const total = [];
  const cpuBefore = cpuMs(server.pid);
  const started = now();
  for (let r = 0; r < ROUNDS; r++) {
    const results = await Promise.all(
      tokens.map((token, i) => ask(server.url, token, `concurrent question ${r}-${i}`)),
    );
    for (const result of results) {
      const provider = byQuestion(result.question);
      total.push(result.doneAt - result.sentAt);
      overhead.push(result.doneAt - result.sentAt - (provider.finishedAt - provider.receivedAt));
    }
  }
  const elapsed = now() - started;
  const cpuAfter = cpuMs(server.pid);
  const answers = overhead.length;
  const cpuPerAnswer = cpuBefore !== null && cpuAfter !== null ? (cpuAfter - cpuBefore) / answers : null;

  const metrics = [
    { metric: "ai.first_token_to_first_byte.p50", value: round(percentile(firstByte, 50)), unit: "ms", n: firstByte.length },
    { metric: "ai.first_token_to_first_byte.p95", value: round(percentile(firstByte, 95)), unit: "ms", n: firstByte.length },
    { metric: "ai.overhead_per_answer.c20.mean", value: round(mean(overhead)), unit: "ms", n: answers, concurrency: CONCURRENCY },
    { metric: "ai.overhead_per_answer.c20.p50", value: round(percentile(overhead, 50)), unit: "ms", n: answers, concurrency: CONCURRENCY },
    { metric: "ai.overhead_per_answer.c20.p95", value: round(percentile(overhead, 95)), unit: "ms", n: answers, concurrency: CONCURRENCY },
    { metric: "ai.answer_time.c20.p50", value: round(percentile(total, 50)), unit: "ms", n: answers, concurrency: CONCURRENCY },
    { metric: "ai.answers_per_second.c20", value: round(answers / (elapsed / 1000)), unit: "1/s", n: answers, concurrency: CONCURRENCY },
  ];
  if (cpuPerAnswer !== null) {
    metrics.push({ metric: "ai.server_cpu_per_answer.c20", value: round(cpuPerAnswer), unit: "ms", n: answers, concurrency: CONCURRENCY });
  }

  const database = process.env.AI_BENCH_DATABASE_URL ? "postgresql" : "pglite";
  console.log(`\nAI assistant on ${database} (fake provider streaming ${fake.requests.length} answers, 6 chunks 20 ms apart)\n`);
  console.log("metric".padEnd(40) + "value".padStart(12) + "  unit");
  for (const m of metrics) console.log(m.metric.padEnd(40) + String(m.value).padStart(12) + `  ${m.unit}`);
  console.log("");
  for (const m of metrics) console.log(`BENCH ${JSON.stringify({ bench: "ai", database, ...m })}`);
} finally {
  await server.stop();
  await fake.close();
}
