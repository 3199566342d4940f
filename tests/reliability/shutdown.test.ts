// Graceful shutdown of the production server (node build/server.js on PGlite, as a child process):
// on SIGTERM it stops accepting connections at once, lets the request in flight (an AI answer that
// the fake provider streams slowly) finish and be charged, and exits 0 without reaching
// SHUTDOWN_TIMEOUT_MS. A stream that outlives the bound is cut, costs nothing, and the process still exits.
// Asserted from what the server did (its log, its exit code), not from how long it took.
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { pino } from "pino";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startServerProcess, type ServerProcess } from "~/bench/lib/server-process.mjs";
import { openDatabase } from "~/db/client.server";
import { aiQuestions, creditLedger, users } from "~/db/schema";
import { createAppContext } from "~/lib/app-context.server";
import { SseParser, toAiEvent } from "~/lib/ai/sse";
import type { AiStreamEvent } from "~/lib/contracts/ai";
import { parseEnv } from "~/lib/env.server";
import { createApp } from "~/server/app";
import { SHUTTING_DOWN } from "~/server/lifecycle";
import { FAKE_ANSWER, startFakeOpenAI, type FakeOpenAI } from "~/tests/fakes/fake-openai";
import { testDatabase, usingPostgres } from "~/tests/helpers/test-db";
import { BUILD_TIMEOUT_MS, ensureProductionBuild } from "~/tests/security/production-build";

// Far beyond a drain's work (about 1.5 s of stream), so only a drain that waits for something it
// should not (an idle keep-alive connection: 65 s) reaches it.
const SHUTDOWN_TIMEOUT_MS = 30_000;
/** What the server logs when SHUTDOWN_TIMEOUT_MS has passed and it cuts the connections left (server/lifecycle.ts). */
const FORCED_CLOSE = /shutdown timeout reached, closing remaining connections/;
// Starting the production server migrates a fresh PGlite: seconds alone, most of a minute on a busy
// 2-core machine.
const START_AND_RUN_MS = 180_000;

let fake: FakeOpenAI;
let server: ServerProcess | undefined;
let dataDir: string | undefined;
/** Resolves once the process has ended and its output has all been read ('exit' can come before its last lines). */
let outputEnded: Promise<void> = Promise.resolve();

beforeAll(async () => {
  await ensureProductionBuild();
  fake = await startFakeOpenAI();
}, BUILD_TIMEOUT_MS);
afterAll(async () => {
  await fake?.close();
});
afterEach(async () => {
  await server?.stop(2_000);
  server = undefined;
  if (dataDir) rmSync(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  dataDir = undefined;
});

async function startServer(env: Record<string, string> = {}): Promise<ServerProcess> {
  dataDir = mkdtempSync(path.join(tmpdir(), "taxatlas-shutdown-"));
  server = await startServerProcess("shutdown", {
    DATA_DIR: dataDir,
    AI_API_KEY: "test-key",
    AI_BASE_URL: fake.baseURL,
    AI_MAX_RETRIES: "0",
    RATE_LIMITS: "false",
    STARTING_CREDITS: "3",
    SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS),
    LOG_LEVEL: "info",
    ...env,
  });
  const child = server.child;
  outputEnded = new Promise((resolve) => child.once("close", () => resolve()));
  return server;
}

/** Everything the process wrote, once it has ended. */
async function finalOutput(proc: ServerProcess): Promise<string> {
  await proc.exited;
  await outputEnded;
  return proc.output();
}

async function signUp(url: string): Promise<{ token: string; userId: string }> {
  const response = await fetch(`${url}/api/v1/user/register`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email: `shutdown-${Date.now()}@example.test`, password: "correct horse battery" }),
  });
  const body = (await response.json()) as { token: string; user: { id: string } };
  expect(response.status).toBe(201);
  return { token: body.token, userId: body.user.id };
}

/** Opens an AI ask on a keep-alive connection (as a proxy would) and reads its events as they come. */
function openAsk(url: string, token: string) {
  const agent = new http.Agent({ keepAlive: true });
  const events: AiStreamEvent[] = [];
  let firstDelta: () => void;
  const started = new Promise<void>((resolve) => (firstDelta = resolve));
  const finished = new Promise<{ status: number; events: AiStreamEvent[]; error?: Error }>((resolve) => {
    const body = JSON.stringify({ topic: "tax-consultation", question: "How is VAT charged on services?", lang: "en" });
    const req = http.request(
      `${url}/api/v1/ai/ask`,
      {
        method: "POST",
        agent,
        headers: { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(body), Authorization: `Bearer ${token}` },
      },
      (res) => {
        const parser = new SseParser();
        const take = (messages: ReturnType<SseParser["push"]>) => {
          for (const message of messages) {
            const event = toAiEvent(message);
            if (!event) continue;
            events.push(event);
            if (event.event === "delta") firstDelta();
          }
        };
        res.on("data", (chunk: Buffer) => take(parser.push(chunk)));
        res.on("end", () => {
          take(parser.end());
          resolve({ status: res.statusCode ?? 0, events });
        });
        res.on("error", (error) => resolve({ status: res.statusCode ?? 0, events, error }));
        // A connection closed before the end of the response (the forced close) ends here.
        res.on("close", () => {
          if (!res.complete) resolve({ status: res.statusCode ?? 0, events, error: new Error("connection closed mid-response") });
        });
      },
    );
    req.on("error", (error) => resolve({ status: 0, events, error }));
    req.end(body);
  });
  return { started, finished, agent };
}

/** Resolves with the error code of a new connection attempt (or "connected"). */
function tryConnect(port: number): Promise<string> {
  return new Promise((resolve) => {
    const req = http.get({ host: "127.0.0.1", port, path: "/healthz", agent: false }, (res) => {
      res.resume();
      resolve("connected");
    });
    req.on("error", (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    req.setTimeout(2_000, () => req.destroy(new Error("timeout")));
  });
}

async function readDatabase(dir: string, userId: string) {
  const database = await openDatabase({ dataDir: dir });
  try {
    const [user] = await database.db.select({ credits: users.credits }).from(users).where(eq(users.id, userId));
    const questions = await database.db.select().from(aiQuestions).where(eq(aiQuestions.userId, userId));
    const ledger = await database.db.select().from(creditLedger).where(eq(creditLedger.userId, userId));
    return { credits: user!.credits, questions, ledger };
  } finally {
    await database.close();
  }
}

// The child servers run on PGlite whatever the pass: checked once, in the PGlite pass of `npm test`.
describe.skipIf(usingPostgres())("graceful shutdown of the production server", () => {
  it("finishes the in-flight streamed answer, refuses new connections and exits 0 promptly", async () => {
    fake.setMode("stream-slow");
    const proc = await startServer();
    const member = await signUp(proc.url);
    const ask = openAsk(proc.url, member.token);
    await ask.started;

    let answered = false;
    void ask.finished.then(() => (answered = true));
    proc.child.kill("SIGTERM");
    // The listening socket closes at once: a new connection is refused while the stream goes on
    // (tried until then, not a fixed number of times that a busy machine could use up).
    let refused = "";
    while (!answered && refused !== "ECONNREFUSED") {
      refused = await tryConnect(proc.port);
      if (refused !== "ECONNREFUSED") await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(refused).toBe("ECONNREFUSED");

    const result = await ask.finished;
    expect(result.error).toBeUndefined();
    expect(result.status).toBe(200);
    const last = result.events.at(-1);
    expect(last?.event).toBe("done");
    expect(last?.event === "done" && last.data.answer).toBe(FAKE_ANSWER);
    expect(last?.event === "done" && last.data.credits).toBe(2);

    const exit = await proc.exited;
    expect(exit.code).toBe(0);
    expect(exit.signal).toBeNull();
    // The drain ended by itself, with the client's keep-alive connection still open: the process did
    // not wait for it to time out (65 s), which would have run into the shutdown bound.
    const output = await finalOutput(proc);
    expect(output).toMatch(/shutting down/);
    expect(output).not.toMatch(FORCED_CLOSE);
    expect(output).toMatch(/"msg":"stopped"/);
    ask.agent.destroy();

    const stored = await readDatabase(dataDir!, member.userId);
    expect(stored.credits).toBe(2);
    expect(stored.questions).toMatchObject([{ status: "answered", creditsSpent: 1, answer: FAKE_ANSWER }]);
    expect(stored.ledger.map((row) => row.kind).sort()).toEqual(["ai_spend", "signup_grant"]);
    expect(stored.ledger.reduce((sum, row) => sum + row.delta, 0)).toBe(stored.credits);
  }, START_AND_RUN_MS);

  it("cuts a stream that outlives SHUTDOWN_TIMEOUT_MS, charges nothing, and still exits", async () => {
    fake.setMode("stream-hang");
    const bound = 1_500;
    const proc = await startServer({ SHUTDOWN_TIMEOUT_MS: String(bound) });
    const member = await signUp(proc.url);
    const ask = openAsk(proc.url, member.token);
    await ask.started;

    const signalled = Date.now();
    proc.child.kill("SIGTERM");
    const result = await ask.finished;
    expect(result.events.some((e) => e.event === "done")).toBe(false);
    const exit = await proc.exited;
    // Cut at the bound, not before (a busy machine only ever adds to this), and then the database
    // closed: exit 0, not the 1 of a close that did not finish (server/lifecycle.ts, CLOSE_GRACE_MS).
    expect(exit.at - signalled).toBeGreaterThanOrEqual(bound - 100);
    expect(exit.code).toBe(0);
    const output = await finalOutput(proc);
    expect(output).toMatch(FORCED_CLOSE);
    expect(output).toMatch(/"msg":"stopped"/);
    ask.agent.destroy();

    const stored = await readDatabase(dataDir!, member.userId);
    expect(stored.credits).toBe(3);
    expect(stored.ledger.map((row) => row.kind)).toEqual(["signup_grant"]);
    expect(stored.questions).toHaveLength(1);
    expect(stored.questions[0]!.creditsSpent).toBe(0);
    expect(["stopped", "failed"]).toContain(stored.questions[0]!.status);
  }, START_AND_RUN_MS);

  it("exits at once when nothing is in flight, even with idle keep-alive connections open", async () => {
    const proc = await startServer();
    const agent = new http.Agent({ keepAlive: true });
    await new Promise<void>((resolve, reject) => {
      http.get(`${proc.url}/healthz`, { agent }, (res) => {
        res.resume();
        res.on("end", resolve);
      }).on("error", reject);
    });
    proc.child.kill("SIGTERM");
    const exit = await proc.exited;
    expect(exit.code).toBe(0);
    // Nothing held the drain: the idle connection was closed at once rather than waited for until
    // the shutdown bound.
    expect(await finalOutput(proc)).not.toMatch(FORCED_CLOSE);
    agent.destroy();
  }, START_AND_RUN_MS);
});

describe("readiness while draining", () => {
  it("answers /readyz with 503 once shutdown has begun, while /healthz stays 200", { timeout: START_AND_RUN_MS }, async () => {
    const database = await testDatabase();
    const appContext = await createAppContext(parseEnv({ NODE_ENV: "test", LOG_LEVEL: "silent" }), {
      database: { ...database, close: async () => {} },
      logger: pino({ level: "silent" }),
    });
    const { app } = createApp({ appContext });
    const listener = http.createServer(app);
    await new Promise<void>((resolve) => listener.listen(0, "127.0.0.1", resolve));
    const base = `http://127.0.0.1:${(listener.address() as { port: number }).port}`;
    try {
      expect((await fetch(`${base}/readyz`)).status).toBe(200);
      app.locals[SHUTTING_DOWN] = true;
      const draining = await fetch(`${base}/readyz`);
      expect(draining.status).toBe(503);
      expect(await draining.json()).toMatchObject({ status: "shutting_down" });
      expect((await fetch(`${base}/healthz`)).status).toBe(200);
    } finally {
      await new Promise<void>((resolve) => listener.close(() => resolve()));
    }
  });
});
