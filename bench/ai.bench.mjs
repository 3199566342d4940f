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
//      Measured twice: in rounds whose 20 questions are sent at one instant, and with 20 streams held
//      open (each member asks again as soon as an answer is done).
// Prints a table and one `BENCH {json}` line per figure ({figure, value, unit, baseline,
// baselineValue, ratio, target?, pass?}) and rewrites its section of docs/performance.md.
// Settings (environment): AI_BENCH_SEQUENTIAL (default 50), AI_BENCH_CONCURRENCY (20), AI_BENCH_ROUNDS (5),
// AI_BENCH_HELD_ANSWERS (15).
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { tsImport } from "tsx/esm/api";
import { emit, ensureBuild, machine, markdownTable, projectRoot, startServer, writeSection } from "./harness.mjs";
import { summarizeProfile, summarizeProfileWindows } from "./lib/cpu-profile.mjs";
import { childrenOf, threadCpuMs } from "./lib/proc-cpu.mjs";

const SEQUENTIAL = Number(process.env.AI_BENCH_SEQUENTIAL ?? 50);
const CONCURRENCY = Number(process.env.AI_BENCH_CONCURRENCY ?? 20);
const ROUNDS = Number(process.env.AI_BENCH_ROUNDS ?? 5);
/**
 * Measured answers per member with the streams held open: 300 in all, three times the rounds' sample,
 * for a few seconds more (docs/performance.md, "2026-11-30, 11:20-12:40 UTC").
 */
const HELD_ANSWERS = Number(process.env.AI_BENCH_HELD_ANSWERS ?? 15);
/**
 * Answers before anything is measured, in rounds of CONCURRENCY: a server answers for weeks, and
 * its first answers run slower while V8 compiles (on its worker threads) the code of the server
 * and PGlite's WebAssembly, so the figures are the steady state: about 3,000 answers with the
 * questions in three languages (docs/performance.md, "2026-11-28, 13:45-14:45 UTC", the figures by
 * warm-up). AI_BENCH_WARMUP_ROUNDS=0 measures a freshly started server.
 */
const WARMUP_ROUNDS = Number(process.env.AI_BENCH_WARMUP_ROUNDS ?? 160);
/** Relaying a token should cost well under one frame of a 60 Hz screen. */
const TARGET_FIRST_BYTE_P50_MS = 16;
/** The goals of docs/performance.md's AI section: server CPU per answer, and what 20 streams at once cost. */
const TARGET_CPU_MS = 5;
const TARGET_CONCURRENT_RATIO = 3;
/** AI_BENCH_PROFILE=0 skips the profiled run; AI_BENCH_PROFILE_COPY=file keeps a copy of the profile. */
const PROFILE = process.env.AI_BENCH_PROFILE !== "0";
const PROFILE_INTERVAL_US = 250;
const fmt = (value, digits = 1) => (Number.isFinite(value) ? value.toFixed(digits) : "n/a");

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

/**
 * The processes of the PostgreSQL the bench runs against (none on PGlite): the postmaster started
 * with DATABASE_URL's port (scripts/with-postgres.mjs passes `-c port=N`) and its children, whose
 * backends do the queries. Another cluster on the machine is not counted.
 */
function databasePids() {
  if (!process.env.DATABASE_URL) return [];
  const port = `port=${new URL(process.env.DATABASE_URL).port || "5432"}`;
  const postmaster = readdirSync("/proc").find((pid) => {
    try {
      return /^\d+$/.test(pid) && readFileSync(`/proc/${pid}/comm`, "utf8").trim() === "postgres" && readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").includes(port);
    } catch {
      return false; // gone meanwhile
    }
  });
  return postmaster ? [postmaster, ...childrenOf(postmaster).map(String)] : [];
}

/**
 * Every CPU clock a round's start runs on, read at one instant: the server's main thread (the one
 * that serves requests), its other threads (V8's garbage collector and compiler, libuv), the
 * database's processes, and this process (the client and the fake provider).
 */
function cpuClocks(serverPid, dbPids) {
  const main = threadCpuMs(serverPid) ?? 0;
  let all = 0;
  try {
    for (const tid of readdirSync(`/proc/${serverPid}/task`)) all += threadCpuMs(serverPid, tid) ?? 0;
  } catch {
    all = main;
  }
  const database = new Map(dbPids.map((pid) => [pid, threadCpuMs(pid)]));
  const own = process.cpuUsage();
  return { main, others: all - main, database, bench: (own.user + own.system) / 1000 };
}

/** CPU per question (ms) between two readings of cpuClocks, a database process counting only if read both times. */
function cpuBetween(before, after, questions) {
  let database = 0;
  for (const [pid, ms] of after.database) {
    const was = before.database.get(pid);
    if (ms !== null && was !== null && was !== undefined) database += ms - was;
  }
  return {
    main: (after.main - before.main) / questions,
    others: (after.others - before.others) / questions,
    database: database / questions,
    bench: (after.bench - before.bench) / questions,
  };
}

/**
 * Stages of an answer, by the app's own functions on a sample's stack (the innermost wins). Work
 * that runs detached from its caller (a query executing after an await, the SDK parsing the
 * model's stream, the socket writes) is named by the package or Node module it runs in.
 */
const STAGES = [
  [/^(requireUser|getUser|getSessionUser|bearerToken|sessionUser\w*)$/, "session lookup"],
  [/^(enforce|takeTurn)$/, "rate limit"],
  [/^(parseBody)$/, "request validation (zod)"],
  [/^(retrieve|ranked|search|buildMessages|followedThread)$/, "knowledge retrieval + prompt"],
  [/^(reserveQuestion|takeSlot|takeSessionSlot|lookIntoRefusal)$/, "session + rate limit + credit slot (one statement)"],
  [/^(completeQuestion|changeCredits)$/, "store answer + charge (ledger row)"],
  [/^(formatSseEvent|openEventStream|writeEvent\w*)$/, "SSE event writes"],
];
const PACKAGES = [
  [/^@electric-sql\/pglite/, "PGlite executing queries (any stage)"],
  [/^(pg|pg-protocol|pg-pool|postgres)$/, "pg driver (any stage)"],
  [/^drizzle-orm$/, "Drizzle building queries / mapping rows"],
  [/^openai$/, "OpenAI SDK (request, stream parsing)"],
  [/^(express|router|body-parser|helmet|compression|finalhandler|send|serve-static|on-finished|raw-body|type-is|content-type|qs)$/, "Express + middleware"],
  [/^(pino|sonic-boom|thread-stream|pino-std-serializers)$/, "logging"],
  [/^zod$/, "request validation (zod)"],
  [/^eventsource-parser$/, "SSE parsing"],
];
function classifyAnswerSample(frames) {
  for (const frame of frames) {
    for (const [pattern, stage] of STAGES) if (pattern.test(frame.functionName)) return stage;
  }
  for (const frame of frames) {
    const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(frame.url);
    if (pkg) return PACKAGES.find(([pattern]) => pattern.test(pkg[1]))?.[1] ?? `npm: ${pkg[1]}`;
    if (frame.url.includes("internal/deps/undici")) return "Node fetch (undici: the request to the model)";
    if (/^node:(internal\/)?(http|_http|net|stream|streams|dns|tls)/.test(frame.url) || /node:internal\/(http|streams|stream_base)/.test(frame.url)) {
      return "Node HTTP, sockets, streams";
    }
    if (frame.url.includes("/build/server/")) return null;
  }
  return null;
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

async function warmUp(url, tokens) {
  // A serving instance renders pages too: render a few first, so that what rendering leaves behind
  // is counted (it used to leave Node's async hooks on for every promise: server/react-request-storage.ts).
  for (const page of ["/", "/pricing", "/ja/explore"]) {
    const response = await fetch(url + page);
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`warm-up page ${page}: ${response.status}`);
  }
  for (let r = 0; r < WARMUP_ROUNDS; r++) {
    await Promise.all(tokens.map((token) => ask(url, token)));
  }
  // And one at a time, as the sequential figures are taken.
  for (let i = 0; i < 5; i++) await ask(url, tokens[0]);
}

/**
 * The client's connections: node:http with keep-alive, not fetch(). fetch() cost this process about
 * 4 ms of CPU per answer, and with 20 streams at once its own turns of the event loop delayed the
 * timestamps it took, which then counted as server overhead (docs/performance.md, AI section).
 */
const clientAgent = new http.Agent({ keepAlive: true, maxSockets: Infinity });

/** POSTs JSON and resolves with the response (status, headers, body stream). */
function postJson(url, headers, body) {
  return new Promise((resolve, reject) => {
    const payload = Buffer.from(JSON.stringify(body));
    const request = http.request(
      url,
      { method: "POST", agent: clientAgent, headers: { "Content-Type": "application/json", "Content-Length": payload.length, ...headers } },
      resolve,
    );
    request.on("error", reject);
    request.end(payload);
  });
}

/** GETs a URL through the same agent and reads its body. */
function getText(url) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent: clientAgent }, (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk) => (text += chunk));
        response.on("end", () => resolve(text));
        response.on("error", reject);
      })
      .on("error", reject);
  });
}

/**
 * The questions asked: the evaluation set's answerable ones (bench/retrieval-eval.json), written the
 * way clients ask, in English, Japanese and Chinese in turn. A question the site can answer costs
 * what a member's usually does: its passages found and condensed into the prompt. (Until
 * 2026-11-28 the bench asked "concurrent question 3-7", which finds nothing, and so left out about
 * 1-2.5 ms of that work per answer: docs/performance.md, AI section.)
 */
const QUESTIONS = (() => {
  const { answerable } = JSON.parse(readFileSync(path.join(projectRoot, "bench", "retrieval-eval.json"), "utf8"));
  const langs = ["en", "ja", "zh"];
  const longest = Math.max(...langs.map((lang) => answerable[lang].length));
  const out = [];
  for (let i = 0; i < longest; i++) for (const lang of langs) if (answerable[lang][i]) out.push({ lang, text: answerable[lang][i].q });
  return out;
})();
let asked = 0;
/** The next question, made unique (the provider's records are matched to answers by its text). */
function nextQuestion() {
  const { lang, text } = QUESTIONS[asked % QUESTIONS.length];
  return { lang, question: `${text} (#${++asked})` };
}

/** Asks the next question and times it on the client. */
async function ask(url, token) {
  const { question, lang } = nextQuestion();
  const sentAt = now();
  const response = await postJson(
    `${url}/api/v1/ai/ask`,
    { Accept: "text/event-stream", Authorization: `Bearer ${token}` },
    { topic: "tax-consultation", question, lang },
  );
  if (response.statusCode !== 200) {
    let text = "";
    for await (const chunk of response) text += chunk;
    throw new Error(`ask failed: ${response.statusCode} ${text}`);
  }
  const parser = new SseParser();
  let firstDeltaAt = null;
  let doneAt = null;
  const take = (messages, at) => {
    for (const message of messages) {
      const event = toAiEvent(message);
      if (event?.event === "delta") firstDeltaAt ??= at;
      if (event?.event === "done") doneAt = at;
      if (event?.event === "error") throw new Error(`answer failed: ${event.data.message}`);
    }
  };
  for await (const chunk of response) take(parser.push(chunk), now());
  take(parser.end(), now());
  if (firstDeltaAt === null || doneAt === null) throw new Error("incomplete answer");
  return { question, sentAt, firstDeltaAt, doneAt };
}

/**
 * CONCURRENCY members each asking again as soon as an answer is done, their first questions spread
 * over one answer's time: 20 streams always open, as 20 members chatting at once keep them, where a
 * round sends its 20 at the same instant. Each member's first and last answers are not measured (the
 * loop filling and draining); every measured answer records how many were streaming when it was sent.
 */
async function askHeldOpen(url, tokens, sequentialResults) {
  const answerMs = percentile(
    sequentialResults.map((result) => result.doneAt - result.sentAt),
    50,
  );
  const perMember = await Promise.all(
    tokens.map(async (token, i) => {
      await new Promise((resolve) => setTimeout(resolve, (answerMs * i) / tokens.length));
      const results = [];
      for (let n = 0; n < HELD_ANSWERS + 2; n++) results.push(await ask(url, token));
      return results;
    }),
  );
  const all = perMember.flat();
  const measured = perMember.flatMap((results) => results.slice(1, -1));
  const inFlight = measured.map((m) => all.filter((other) => other.sentAt <= m.sentAt && other.doneAt > m.sentAt).length);
  return { measured, inFlight, answers: all.length };
}

ensureBuild();
// Other work on the machine slows every figure here; the section records how busy it was.
const loadAtStart = os.loadavg()[0];
/** Called with each request the provider records (the rounds read the CPU clocks at the last one). */
let onProviderRequest = null;
const fake = await startFakeOpenAI({ mode: "ok", onRequest: () => onProviderRequest?.() });
/**
 * Asks a round of questions (`ask` per token) and calls `started` once the provider has all of them:
 * the end of the round's start.
 */
async function askRound(tokens, ask, started) {
  let received = 0;
  onProviderRequest = () => {
    if (++received === tokens.length) started();
  };
  try {
    return await Promise.all(tokens.map(ask));
  } finally {
    onProviderRequest = null;
  }
}
const serverEnv = {
  AI_API_KEY: "bench-key",
  AI_BASE_URL: fake.baseURL,
  AI_MAX_RETRIES: "0",
  STARTING_CREDITS: "100000",
  // The benchmark measures the answer path, not the limits that protect it.
  RATE_LIMITS: "false",
  ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
};
const server = await startServer(serverEnv);
let serverStopped = false;
const database = process.env.DATABASE_URL ? "PostgreSQL" : "PGlite";
const providerRecord = (question) => fake.requests.find((r) => r.body?.messages?.[1]?.content === question);
/** Client time for the whole answer minus the provider's own time for it. */
const overheadOf = (result) => {
  const provider = providerRecord(result.question);
  return result.doneAt - result.sentAt - (provider.finishedAt - provider.receivedAt);
};
/** The overhead's two parts: until the provider has the request, and from its last chunk to `done`. */
const beforeModelOf = (result) => providerRecord(result.question).receivedAt - result.sentAt;
const afterModelOf = (result) => result.doneAt - providerRecord(result.question).finishedAt;

try {
  const tokens = await Promise.all(Array.from({ length: CONCURRENCY }, (_, i) => register(server.url, i)));

  // Warm-up: JIT, database pages, keep-alive connections.
  await warmUp(server.url, tokens);

  // Baseline of 1: a trivial round trip to the same server.
  const health = [];
  for (let i = 0; i < SEQUENTIAL; i++) {
    const t0 = now();
    await getText(`${server.url}/healthz`);
    health.push(now() - t0);
  }

  // 1. First token → first byte, and the overhead of answers asked one at a time.
  const firstByte = [];
  const sequentialOverhead = [];
  const sequentialResults = [];
  for (let i = 0; i < SEQUENTIAL; i++) {
    const result = await ask(server.url, tokens[i % tokens.length]);
    firstByte.push(result.firstDeltaAt - providerRecord(result.question).firstTokenAt);
    sequentialOverhead.push(overheadOf(result));
    sequentialResults.push(result);
  }

  // 2. The overhead with CONCURRENCY answers streaming at once.
  const overhead = [];
  const concurrentResults = [];
  // Each round's start, from its questions sent to the provider's last request: how long it took and
  // the CPU each clock spent in it (the backends of the pool exist by now, after the warm-up).
  const dbPids = databasePids();
  const roundStarts = [];
  const cpuBefore = cpuMs(server.pid);
  const clientCpuBefore = process.cpuUsage();
  const started = now();
  for (let r = 0; r < ROUNDS; r++) {
    const clocksBefore = cpuClocks(server.pid, dbPids);
    const sentAt = now();
    const results = await askRound(
      tokens,
      (token) => ask(server.url, token),
      () => roundStarts.push({ span: now() - sentAt, ...cpuBetween(clocksBefore, cpuClocks(server.pid, dbPids), CONCURRENCY) }),
    );
    for (const result of results) overhead.push(overheadOf(result));
    concurrentResults.push(...results);
  }
  const elapsedMs = now() - started;
  const cpuAfter = cpuMs(server.pid);
  const clientCpu = process.cpuUsage(clientCpuBefore);
  const answers = overhead.length;
  const cpuPerAnswer = cpuBefore !== null && cpuAfter !== null ? (cpuAfter - cpuBefore) / answers : null;

  // 2b. The same answers with CONCURRENCY streams held open rather than sent at one instant.
  const heldCpuBefore = cpuMs(server.pid);
  const held = await askHeldOpen(server.url, tokens, sequentialResults);
  const heldCpuAfter = cpuMs(server.pid);
  const heldOverhead = held.measured.map(overheadOf);
  const heldCpuPerAnswer = heldCpuBefore !== null && heldCpuAfter !== null ? (heldCpuAfter - heldCpuBefore) / held.answers : null;

  const clientCpuPerAnswer = (clientCpu.user + clientCpu.system) / 1000 / answers;
  await server.stop();
  serverStopped = true;

  // 3. Where the server's CPU goes: a second server under node --cpu-prof answers the same rounds
  // (profiling slows it, so none of the figures above comes from it).
  const profile = PROFILE ? await profileAnswers() : null;

  const healthP50 = round(percentile(health, 50));
  const firstByteP50 = round(percentile(firstByte, 50));
  const overheadP50 = percentile(overhead, 50);
  const sequentialP50 = percentile(sequentialOverhead, 50);
  const beforeModel = concurrentResults.map(beforeModelOf);
  const sequentialBeforeModel = sequentialResults.map(beforeModelOf);
  // Medians over the rounds, each clock on its own.
  const startOf = (key) => percentile(roundStarts.map((start) => start[key]), 50);
  const roundStart = roundStarts.length
    ? { span: startOf("span"), main: startOf("main"), others: startOf("others"), database: startOf("database"), bench: startOf("bench") }
    : null;
  const cores = os.availableParallelism();
  /** CPU per question of a start on every clock: the server's threads, the database's processes, this bench. */
  const startCpu = roundStart ? roundStart.main + roundStart.others + roundStart.database + roundStart.bench : null;
  const coresBusy = roundStart ? (startCpu * CONCURRENCY) / (roundStart.span * cores) : null;
  /** The main thread's CPU per start that the goal leaves room for: the median answer waits for about half the others'. */
  const startBudget = ((TARGET_CONCURRENT_RATIO - 1) * sequentialP50) / (CONCURRENCY / 2);
  /**
   * The lowest ratio this machine allows whichever thread does the work: every clock's CPU per start
   * (server, database, this bench's client and provider) spread over all cores without a gap, the
   * median answer waiting for half the others' starts on top of its own overhead.
   */
  const floorRatio = roundStart
    ? 1 + ((CONCURRENCY / 2) * (startCpu / cores)) / sequentialP50
    : null;
  const afterModel = concurrentResults.map(afterModelOf);
  const sequentialAfterModel = sequentialResults.map(afterModelOf);
  const figures = [
    {
      figure: `server CPU time per answer, ${CONCURRENCY} concurrent streams`,
      value: cpuPerAnswer === null ? null : round(cpuPerAnswer, 1),
      unit: "ms",
      baseline: null,
      baselineValue: null,
      ratio: null,
      target: `<= ${TARGET_CPU_MS}`,
      pass: cpuPerAnswer !== null && cpuPerAnswer <= TARGET_CPU_MS,
    },
    {
      figure: `server overhead per answer, ${CONCURRENCY} concurrent streams, p50`,
      value: round(overheadP50),
      unit: "ms",
      baseline: "same, one answer at a time, p50",
      baselineValue: round(sequentialP50),
      ratio: ratio(overheadP50, sequentialP50),
      target: `ratio <= ${TARGET_CONCURRENT_RATIO}`,
      pass: overheadP50 / sequentialP50 <= TARGET_CONCURRENT_RATIO,
    },
    {
      figure: `server overhead per answer, ${CONCURRENCY} concurrent streams, p95`,
      value: round(percentile(overhead, 95)),
      unit: "ms",
      baseline: "same, one answer at a time, p95",
      baselineValue: round(percentile(sequentialOverhead, 95)),
      ratio: ratio(percentile(overhead, 95), percentile(sequentialOverhead, 95)),
    },
    {
      figure: `server overhead per answer, ${CONCURRENCY} concurrent streams, mean`,
      value: round(mean(overhead)),
      unit: "ms",
      baseline: "same, one answer at a time, mean",
      baselineValue: round(mean(sequentialOverhead)),
      ratio: ratio(mean(overhead), mean(sequentialOverhead)),
    },
    {
      figure: `server CPU time per answer, ${CONCURRENCY} streams held open`,
      value: heldCpuPerAnswer === null ? null : round(heldCpuPerAnswer, 1),
      unit: "ms",
      baseline: null,
      baselineValue: null,
      ratio: null,
    },
    {
      figure: `server overhead per answer, ${CONCURRENCY} streams held open, p50`,
      value: round(percentile(heldOverhead, 50)),
      unit: "ms",
      baseline: "same, one answer at a time, p50",
      baselineValue: round(sequentialP50),
      ratio: ratio(percentile(heldOverhead, 50), sequentialP50),
    },
    {
      figure: `server overhead per answer, ${CONCURRENCY} streams held open, p95`,
      value: round(percentile(heldOverhead, 95)),
      unit: "ms",
      baseline: "same, one answer at a time, p95",
      baselineValue: round(percentile(sequentialOverhead, 95)),
      ratio: ratio(percentile(heldOverhead, 95), percentile(sequentialOverhead, 95)),
    },
    {
      figure: `answers streaming when a held-open question was sent, median (min)`,
      value: `${percentile(held.inFlight, 50)} (${Math.min(...held.inFlight)})`,
      unit: "",
      baseline: null,
      baselineValue: null,
      ratio: null,
    },
    {
      figure: `of which before the model has the request, ${CONCURRENCY} concurrent streams, p50`,
      value: round(percentile(beforeModel, 50)),
      unit: "ms",
      baseline: "same, one answer at a time, p50",
      baselineValue: round(percentile(sequentialBeforeModel, 50)),
      ratio: ratio(percentile(beforeModel, 50), percentile(sequentialBeforeModel, 50)),
    },
    {
      figure: `of which after the model's last chunk, ${CONCURRENCY} concurrent streams, p50`,
      value: round(percentile(afterModel, 50)),
      unit: "ms",
      baseline: "same, one answer at a time, p50",
      baselineValue: round(percentile(sequentialAfterModel, 50)),
      ratio: ratio(percentile(afterModel, 50), percentile(sequentialAfterModel, 50)),
    },
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
    {
      figure: `answers per second, ${CONCURRENCY} concurrent streams`,
      value: round(answers / (elapsedMs / 1000), 1),
      unit: "1/s",
      baseline: null,
      baselineValue: null,
      ratio: null,
    },
    {
      figure: `bench process CPU time per answer (client + fake provider), ${CONCURRENCY} concurrent streams`,
      value: round(clientCpuPerAnswer, 1),
      unit: "ms",
      baseline: "server CPU time per answer",
      baselineValue: cpuPerAnswer === null ? null : round(cpuPerAnswer, 1),
      ratio: cpuPerAnswer ? ratio(clientCpuPerAnswer, cpuPerAnswer) : null,
    },
  ];

  console.log(`\nAI assistant on ${database}: ${SEQUENTIAL} answers one at a time, ${answers} in rounds of ${CONCURRENCY}\n`);
  for (const f of figures) {
    const verdict = f.target ? ` (target ${f.target}: ${f.pass ? "pass" : "FAIL"})` : "";
    console.log(`${f.figure.padEnd(90)} ${String(f.value).padStart(9)} ${f.unit}${f.ratio !== null ? `  ratio ${f.ratio}` : ""}${verdict}`);
  }
  if (roundStart) {
    console.log(
      `\nstart of a round (${CONCURRENCY} questions sent → the provider's last request), median of ${roundStarts.length}: ${fmt(roundStart.span, 1)} ms; ` +
        `CPU per question in it: server main thread ${fmt(roundStart.main, 2)} ms, its other threads ${fmt(roundStart.others, 2)} ms, ` +
        `database ${fmt(roundStart.database, 2)} ms, bench ${fmt(roundStart.bench, 2)} ms; ${cores} cores ${fmt(coresBusy * 100, 0)} % busy`,
    );
    emit({
      bench: "ai",
      database,
      figure: `main thread CPU per start, ${CONCURRENCY} questions sent at once`,
      value: round(roundStart.main),
      unit: "ms",
      baseline: `the room per start the ${TARGET_CONCURRENT_RATIO}x goal leaves`,
      baselineValue: round(startBudget),
      ratio: ratio(roundStart.main, startBudget),
    });
    console.log(`lowest ${CONCURRENCY}-stream ratio these starts allow on ${cores} cores, the work spread over all of them: ${fmt(floorRatio, 2)}`);
    emit({
      bench: "ai",
      database,
      figure: `lowest ${CONCURRENCY}-stream ratio the starts' CPU allows on ${cores} cores`,
      value: round(floorRatio),
      unit: "",
      baseline: null,
      baselineValue: null,
      ratio: null,
    });
  }
  if (profile) {
    console.log(`\nprofile: ${fmt(profile.perAnswerMs, 2)} ms busy CPU per answer (${profile.answers} answers)`);
    for (const [bucket, ms] of profile.buckets.slice(0, 16)) console.log(`  ${bucket.padEnd(60)} ${fmt(ms / profile.answers, 3)} ms`);
    console.log(`of which in the starts of the rounds: ${fmt(profile.perStartMs, 2)} ms busy CPU per question`);
    for (const [bucket, ms] of profile.start.buckets.slice(0, 12)) console.log(`  ${bucket.padEnd(60)} ${fmt(ms / profile.answers, 3)} ms`);
  }
  for (const f of figures) emit({ bench: "ai", database, ...f });

  const cell = (value, unit) => (value === null || value === undefined ? "" : `${value} ${unit}`);
  const cpuFigure = figures[0];
  const ratioFigure = figures[1];
  const heldFigure = figures.find((f) => f.figure.includes("held open, p50"));
  const heldPass = heldFigure.ratio !== null && heldFigure.ratio <= TARGET_CONCURRENT_RATIO;
  const goalTable = markdownTable(
    ["goal", "value", "target", "met"],
    [
      ["server CPU per answer", cell(cpuFigure.value, "ms"), `≤ ${TARGET_CPU_MS} ms`, cpuFigure.pass ? "yes" : "no"],
      [
        `${CONCURRENCY}-stream overhead p50 / one-stream overhead p50, the ${CONCURRENCY} sent at one instant`,
        `${ratioFigure.ratio} (${ratioFigure.value} ms / ${ratioFigure.baselineValue} ms)`,
        `≤ ${TARGET_CONCURRENT_RATIO}`,
        ratioFigure.pass ? "yes" : "no",
      ],
      [
        `${CONCURRENCY}-stream overhead p50 / one-stream overhead p50, ${CONCURRENCY} streams held open`,
        `${heldFigure.ratio} (${heldFigure.value} ms / ${heldFigure.baselineValue} ms)`,
        `≤ ${TARGET_CONCURRENT_RATIO}`,
        heldPass ? "yes" : "no",
      ],
    ],
  );
  const profileText = profile
    ? `Where the server's CPU goes (\`node --cpu-prof\` on a second server answering ${profile.answers} questions in
rounds of ${CONCURRENCY}, from the first question sent to the last answer received; ${fmt(profile.perAnswerMs, 2)} ms of busy CPU per
answer under the profiler). A sample counts for the stage of the app function on its stack (session lookup,
credit slot, store + charge, ...); work that runs detached from its caller (a query PGlite executes after
an await, the SDK parsing the model's stream, socket writes) counts for the package or Node module it runs in.

${markdownTable(
  ["where", "share of busy CPU", "ms per answer"],
  profile.buckets.slice(0, 16).map(([bucket, ms]) => [bucket, `${fmt((ms / profile.busyMs) * 100, 1)} %`, fmt(ms / profile.answers, 3)]),
)}

The same profile in the starts of its rounds alone (each round's ${CONCURRENCY} questions sent → the provider's last
request), where the ${CONCURRENCY}-stream ratio is decided: ${fmt(profile.perStartMs, 2)} ms of busy CPU per question
under the profiler (a sample every ${PROFILE_INTERVAL_US} µs), against the room per start above. Relaying the first
chunks of the answers already asked runs in these windows too.

${markdownTable(
  ["where, in the starts", "share of busy CPU", "ms per question"],
  profile.start.buckets.slice(0, 12).map(([bucket, ms]) => [bucket, `${fmt((ms / profile.start.busyMs) * 100, 1)} %`, fmt(ms / profile.answers, 3)]),
)}`
    : "(no profile taken: AI_BENCH_PROFILE=0)";

  writeSection(
    database === "PGlite" ? "ai" : "ai-postgresql",
    `## AI assistant: streaming overhead (${database})

\`node bench/ai.bench.mjs\` (${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC, ${machine()}, ${database},
load average ${loadAtStart.toFixed(1)} at the start, ${os.loadavg()[0].toFixed(1)} at the end; the coordinator's figures come from a quiet machine).
The fake OpenAI-compatible provider (tests/fakes/fake-openai.ts) streams each answer in
${FAKE_ANSWER_CHUNKS.length} chunks 20 ms apart; the production server relays it as server-sent events, stores it and
charges the credit. The questions are the evaluation set's answerable ones (bench/retrieval-eval.json) in
English, Japanese and Chinese in turn, so each answer's passages are found and condensed into the prompt as
for a member's question. The client and the fake share one clock (and one process, whose CPU is reported too,
so a saturated client would show). Nothing is measured before the server has rendered three pages, as
a serving instance has, and answered ${WARMUP_ROUNDS} rounds of ${CONCURRENCY} questions (AI_BENCH_WARMUP_ROUNDS): its first answers run slower while
V8 compiles the server's code and PGlite's WebAssembly on its worker threads, and a server answers for weeks. With
questions in three languages the compiling lasted about 3,000 answers (CPU per answer on 2026-11-28: 6.4-8.1 ms after
10 rounds, 4.9-6.9 after 20-120, 3.9-4.8 after 160-320). AI_BENCH_WARMUP_ROUNDS=0 measures a freshly started server,
the compiling counted in.

${goalTable}

- **Server CPU per answer**: the server process's user + system time (Linux /proc) over the
  ${answers} answers asked in rounds of ${CONCURRENCY}, divided by the answers.
- **Server overhead per answer**: the client's time for the whole answer minus the provider's own
  time for it, so everything the server adds (sign-in check, credit slot, model request, relaying,
  storing the answer and the ledger row), with ${CONCURRENCY} answers streaming at once, next to the
  same figure one answer at a time (${SEQUENTIAL} answers).
- **Two shapes of ${CONCURRENCY} streams at once.** In rounds, the bench sends ${CONCURRENCY} questions at the same instant
  and waits for all the answers (${answers} answers); held open, ${CONCURRENCY} members each ask again as soon as an answer is
  done, their first questions spread over one answer's time, so ${CONCURRENCY} answers stream at every moment without
  arriving together (${HELD_ANSWERS} measured answers each, their first and last not counted; the row "answers streaming when a
  held-open question was sent" shows how many were). Rounds are the harsher shape: every start queues behind the others.
- **First token → first byte**: from the provider writing its first chunk to the client receiving the
  first \`delta\` event (answers one at a time), next to a plain \`GET /healthz\` round trip.

${markdownTable(
  ["figure", "value", "baseline", "baseline value", "ratio", "target"],
  figures.map((f) => [f.figure, cell(f.value, f.unit), f.baseline ?? "", cell(f.baselineValue, f.unit), f.ratio ?? "", f.target ?? ""]),
)}

With ${CONCURRENCY} streams at once the overhead is mostly queueing: the server's own work per answer runs on
one thread${database === "PGlite" ? ", and PGlite executes the queries in that same thread" : ""}, so the ${CONCURRENCY} answers of a round wait for each
other's share of the CPU time above (${CONCURRENCY} × ${cpuPerAnswer === null ? "n/a" : fmt(cpuPerAnswer, 1)} ms = ${cpuPerAnswer === null ? "n/a" : fmt(CONCURRENCY * cpuPerAnswer, 0)} ms of CPU per round). The two
"of which" rows show where: the bench starts a round's ${CONCURRENCY} questions at the same instant, and
nearly all the wait is before the model has the request (request, session, rate limit and slot, the
model request built and sent), ${fmt(percentile(beforeModel, 50), 1)} ms at p50 against ${fmt(percentile(sequentialBeforeModel, 50), 1)} ms alone; the model's
chunks arrive spread out, so storing and charging at the end hardly queue. Relaying a token as it arrives (first token → first byte) stays close to a plain round trip.

${
  roundStart
    ? `The start of a round, from its ${CONCURRENCY} questions sent to the provider's last request, and the CPU every
clock spent in it, per question (Linux schedstat, read at those two instants; medians of ${roundStarts.length} rounds):

${markdownTable(
  ["start of a round", "server main thread", "server's other threads (GC, compiler, libuv)", "database processes", "bench process (client + provider)", `${cores} cores busy`],
  [[`${fmt(roundStart.span, 1)} ms`, `${fmt(roundStart.main, 2)} ms`, `${fmt(roundStart.others, 2)} ms`, database === "PGlite" ? "(in the main thread)" : `${fmt(roundStart.database, 2)} ms`, `${fmt(roundStart.bench, 2)} ms`, `${fmt(coresBusy * 100, 0)} %`]],
)}

The main thread serves the starts one after another, so the median answer waits for about ${CONCURRENCY / 2} others'.
The ${TARGET_CONCURRENT_RATIO}× goal leaves that wait (${TARGET_CONCURRENT_RATIO} − 1) × ${fmt(sequentialP50, 1)} ms (the one-stream overhead at p50): ${fmt(startBudget, 2)} ms of the
main thread per start, where it spends ${fmt(roundStart.main, 2)} ms. The other cores are not idle meanwhile: V8's
collector and compiler${database === "PGlite" ? "" : ", the database's backends"} and this bench's own client and provider (which stand in for browsers and a
provider on other machines) keep the ${cores} cores ${fmt(coresBusy * 100, 0)} % busy, so the main thread at times waits for a core too.
Moving work to other threads cannot bring the ratio below ${fmt(floorRatio, 2)} on this machine: that is what the
start's CPU on every clock (${fmt(startCpu, 2)} ms per question) allows when spread over the ${cores} cores without a gap,
each answer waiting for half the others' starts on top of its own one-stream overhead.`
    : ""
}

What keeps the CPU per answer down (docs/decisions/0018-prepared-hot-statements.md): PGlite prepares
each distinct statement once (db/pglite-query-cache.server.ts) instead of parsing and describing it on
every call; a first question's session check, rate-limit point and slot are one named prepared
statement on both databases, and storing and charging the answer a second
(db/prepared-statement.server.ts; the slot's row lock and insert run in one database function,
migration 0006, and count the member's pending questions from a partial index, migration 0007); the OpenAI SDK calls the model through node:http with a keep-alive
agent (lib/ai/http-fetch.server.ts) instead of the built-in fetch; events of one event-loop turn leave
in one socket write.

${profileText}`,
  );
} finally {
  if (!serverStopped) await server.stop();
  await fake.close();
}

/** The profiled server's rounds, summarised by stage of an answer. */
async function profileAnswers() {
  const profileDir = mkdtempSync(path.join(os.tmpdir(), "taxatlas-ai-profile-"));
  try {
    // Sampled four times as often as by default: a round's start lasts tens of ms. Nothing else is read of this server.
    const profiled = await startServer(serverEnv, { nodeArgs: ["--cpu-prof", `--cpu-prof-interval=${PROFILE_INTERVAL_US}`, `--cpu-prof-dir=${profileDir}`] });
    let answered = 0;
    let fromUs = -Infinity;
    let toUs;
    /** Each round's start: its questions sent → the provider's last request. */
    const starts = [];
    // V8's profile timestamps use this clock (bench/lib/cpu-profile.mjs).
    const monotonicUs = () => Number(process.hrtime.bigint() / 1000n);
    try {
      const tokens = await Promise.all(Array.from({ length: CONCURRENCY }, (_, i) => register(profiled.url, 1000 + i)));
      await warmUp(profiled.url, tokens);
      fromUs = monotonicUs();
      for (let r = 0; r < ROUNDS + 1; r++) {
        const start = { name: "start", fromUs: monotonicUs(), toUs: Infinity };
        await askRound(tokens, (token) => ask(profiled.url, token), () => (start.toUs = monotonicUs()));
        starts.push(start);
        answered += tokens.length;
      }
      toUs = monotonicUs();
    } finally {
      await profiled.stop();
    }
    const file = readdirSync(profileDir).find((name) => name.endsWith(".cpuprofile"));
    if (!file) return null;
    if (process.env.AI_BENCH_PROFILE_COPY) copyFileSync(path.join(profileDir, file), process.env.AI_BENCH_PROFILE_COPY);
    // The window runs from the rounds' first question sent to their last answer received.
    const summary = summarizeProfile(path.join(profileDir, file), { classify: classifyAnswerSample, fromUs, toUs });
    // The starts alone: what the 20-stream ratio depends on (docs/performance.md, "AI assistant").
    const { start } = summarizeProfileWindows(path.join(profileDir, file), starts, { classify: classifyAnswerSample });
    return { ...summary, answers: answered, perAnswerMs: summary.busyMs / answered, start, perStartMs: start.busyMs / answered };
  } finally {
    rmSync(profileDir, { recursive: true, force: true });
  }
}
