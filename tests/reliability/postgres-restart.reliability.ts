// PostgreSQL restarted (crash-like, `pg_ctl stop -m immediate` then start) in the middle of a mixed
// load on two instances behind the proxy: requests caught by the outage fail with a clear 503
// {error:{code:'unavailable'}} and Retry-After (a stream that had begun ends with an error event),
// never a 500; /readyz answers 503 during the outage and 200 again afterwards without any restart of
// the instances; checkouts the clients saw fail are retried with their idempotency key and end
// settled; and no payment or AI spend is half-written: every balance equals its ledger, no payment
// is granted twice, no credit spent on an unanswered question.
import { performance } from "node:perf_hooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkInvariants, startCluster, type Cluster } from "~/bench/lib/cluster.mjs";
import { createClient, runLoad, type Client, type LoadResult } from "~/bench/lib/load.mjs";
import { makeVus, mixedActions, randomIp, registerAccounts, type Tally } from "~/bench/lib/scenario.mjs";
import { startFakeOpenAI, type FakeOpenAI } from "~/tests/fakes/fake-openai";
import { ensureProductionBuild } from "~/tests/security/production-build";
import { retryUnsettledCheckouts, watchReadiness, type ReadinessLog } from "./fault-helpers";

const CONNECTIONS = 24;
const LOAD_MS = 30_000;
const RESTART_AT_MS = 10_000;
// PostgreSQL stays down this long (plus its own stop and start) before it accepts connections again.
const OUTAGE_MS = 3_000;

let fake: FakeOpenAI;
let cluster: Cluster;
let client: Client;
let load: LoadResult;
let tally: Tally;
let readiness: ReadinessLog[];
let restartTook = 0;
let restartAt = 0;
const readinessSummary: string[] = [];
let retrySummary = "no checkout retried";

beforeAll(async () => {
  if (!process.env.BENCH_APP_ROOT) await ensureProductionBuild();
  fake = await startFakeOpenAI();
  cluster = await startCluster({
    name: "fault-pg-restart",
    instances: 2,
    env: { AI_API_KEY: "fault-key", AI_BASE_URL: fake.baseURL, AI_MAX_RETRIES: "0", STARTING_CREDITS: "50", TRUST_PROXY: "2" },
  });
  client = createClient(cluster.proxy.url, { maxSockets: CONNECTIONS });
  const accounts = await registerAccounts(client, CONNECTIONS * 2, { prefix: "pgfault" });
  const vus = makeVus(accounts, CONNECTIONS, 2);
  tally = {} as Tally;
  const actions = mixedActions(client, { tally, allowUnavailable: true });

  const watcher = watchReadiness(cluster.servers.map((s) => s.url));
  const restart = (async () => {
    await new Promise((resolve) => setTimeout(resolve, RESTART_AT_MS));
    const started = performance.now();
    restartAt = Date.now();
    // Asynchronously: the load and the readiness watcher keep running through the outage.
    await cluster.postgres.restartAsync("immediate", OUTAGE_MS);
    restartTook = performance.now() - started;
  })();
  load = await runLoad({ connections: CONNECTIONS, durationMs: LOAD_MS, actions, vus });
  await restart;
  readiness = await watcher.stop();
}, 900_000);

afterAll(async () => {
  client?.close();
  await cluster?.stop();
  await fake?.close();
});

describe("PostgreSQL restarted mid-load", () => {
  it("answers requests caught by the outage with a clear 503, never a 500 or a dropped connection", () => {
    const errors = Object.entries(load.perAction).flatMap(([name, a]) => a.examples.map((e) => `${name}: ${e}`));
    expect(errors, JSON.stringify(load.perAction, null, 1)).toEqual([]);
    expect(load.error).toBe(0);
    // The outage really hit requests (otherwise the test proves nothing).
    expect(tally.unavailable + tally.streamErrors).toBeGreaterThan(0);
    const statuses = Object.values(load.perAction).flatMap((a) => Object.keys(a.statuses).map(Number));
    expect(statuses.filter((s) => s >= 500 && s !== 503)).toEqual([]);
    expect(load.ok).toBeGreaterThan(load.designed);
  });

  it("reports not-ready during the outage and ready again afterwards, by itself", () => {
    for (const [index] of cluster.servers.entries()) {
      const log = readiness.filter((r) => r.instance === index);
      const down = log.filter((r) => r.status === 503);
      const summary = log.map((r) => `${r.at - restartAt}:${r.status}`).filter((_, i, all) => i === 0 || all[i - 1]!.split(":")[1] !== _.split(":")[1]);
      expect(down.length, `instance ${index + 1} never reported 503 (ms after restart:status changes ${summary.join(" ")})`).toBeGreaterThan(0);
      const lastDown = down[down.length - 1]!;
      const recovered = log.find((r) => r.at > lastDown.at && r.status === 200);
      expect(recovered, `instance ${index + 1} did not report ready again`).toBeTruthy();
      readinessSummary.push(
        `instance ${index + 1}: 503 from +${down[0]!.at - restartAt} ms to +${lastDown.at - restartAt} ms, ready again at +${recovered!.at - restartAt} ms (PostgreSQL accepted connections at +${Math.round(restartTook)} ms)`,
      );
    }
    // Processes were not restarted: the same instances answered before and after.
    for (const server of cluster.servers) expect(server.child.exitCode).toBeNull();
  });

  it("serves normally after the restart", async () => {
    for (let i = 0; i < 20; i++) {
      const page = await client.request("GET", "/pricing", { headers: { "x-forwarded-for": randomIp() } });
      expect(page.status).toBe(200);
      const reg = await client.request("POST", "/api/v1/user/register", {
        headers: { "x-forwarded-for": randomIp() },
        json: { email: `after-restart-${i}-${Date.now()}@example.test`, password: "after-restart-1" },
      });
      expect(reg.status).toBe(201);
    }
  });

  it("settles every checkout the clients saw fail, when retried with the same idempotency key", async () => {
    const outcomes = await retryUnsettledCheckouts(client, tally.unsettled);
    expect(outcomes.filter((o) => o !== "succeeded" && o !== "declined" && !o.startsWith("refused: "))).toEqual([]);
    // A retry refused by the hourly attempt limit left nothing behind for its key.
    const refusedKeys = outcomes.filter((o) => o.startsWith("refused: ")).map((o) => o.slice("refused: ".length));
    if (refusedKeys.length > 0) {
      const { rows } = await cluster.pool.query<{ n: number }>("select count(*)::int as n from payments where idempotency_key = any($1)", [
        refusedKeys,
      ]);
      expect(rows[0]!.n).toBe(0);
    }
    retrySummary = `${outcomes.length} retried: ${outcomes.filter((o) => o === "succeeded").length} succeeded, ${outcomes.filter((o) => o === "declined").length} declined, ${refusedKeys.length} refused by the attempt limit`;
    const invariants = await checkInvariants(cluster.pool);
    expect(invariants.pendingPayments).toBe(0);
  }, 300_000);

  it("leaves no half-written payment or spend: balances equal ledgers, no double grant", async () => {
    const invariants = await checkInvariants(cluster.pool);
    expect(invariants).toMatchObject({
      balanceMismatches: 0,
      negativeBalances: 0,
      paymentsGrantedTwice: 0,
      succeededNotGranted: 0,
      grantedNotSucceeded: 0,
      purchaseAmountMismatches: 0,
      answeredWithoutSpend: 0,
      unansweredWithSpend: 0,
      ok: true,
    });
    // Everything a client was told succeeded is in the database, granted.
    const { rows } = await cluster.pool.query<{ id: string }>(
      "select id from payments where status = 'succeeded' and granted_at is not null and id = any($1::uuid[])",
      [[...tally.checkoutsSucceeded]],
    );
    expect(rows.length).toBe(tally.checkoutsSucceeded.size);
    console.log(
      `[fault] postgres restart: ${load.count} requests, ${tally.unavailable} answered 503 unavailable, ${tally.streamErrors} streams ended with an error event, ` +
        `${retrySummary}; outage (stop, ${OUTAGE_MS} ms down, start) took ${Math.round(restartTook)} ms; invariants ${JSON.stringify(invariants)}; ${readinessSummary.join("; ")}`,
    );
  });
});
