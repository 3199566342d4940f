// N instances of the production server on one private PostgreSQL, behind the round-robin proxy:
// the setup shared by the cluster benchmark (bench/cluster.bench.mjs) and the fault tests
// (tests/reliability/*.reliability.ts). Also the SQL checks that nothing was lost or doubled.
import { mkdirSync } from "node:fs";
import path from "node:path";
import pg from "pg";
import { startPostgres } from "./postgres.mjs";
import { startNginxProxy } from "./nginx-proxy.mjs";
import { startProxy } from "./proxy.mjs";
import { projectRoot, startServerProcess } from "./server-process.mjs";

export const logDir = path.join(projectRoot, "bench", "results", "logs");

/**
 * @typedef {import("./server-process.mjs").ServerProcess} ServerProcess
 * @typedef {object} Cluster
 * @property {import("./postgres.mjs").PostgresCluster} postgres
 * @property {string} databaseUrl
 * @property {ServerProcess[]} servers
 * @property {Awaited<ReturnType<typeof startProxy>>} proxy
 * @property {pg.Pool} pool           for the checks (a few connections of its own)
 * @property {Record<string, string>} env
 * @property {(index: number) => Promise<ServerProcess>} restartServer  starts instance `index` again (after it stopped or was killed)
 * @property {() => Promise<void>} stop
 */

/**
 * proxy: "node" (bench/lib/proxy.mjs, the default; the fault scripts change its upstreams) or
 * "nginx" (deploy/nginx.conf run locally, with its page cache). nodeArgs: flags for the instances'
 * node (e.g. --cpu-prof).
 * @param {{ name: string, instances?: number, env?: Record<string, string>, postgres?: import("./postgres.mjs").PostgresCluster, database?: string, log?: (line: string) => void, proxy?: "node" | "nginx", nodeArgs?: string[] }} options
 * @returns {Promise<Cluster>}
 */
export async function startCluster(options) {
  const log = options.log ?? (() => {});
  const ownPostgres = !options.postgres;
  const postgres = options.postgres ?? (await startPostgres());
  const database = options.database ?? `taxatlas_${options.name.replace(/[^a-z0-9_]/gi, "_").toLowerCase()}`;
  const databaseUrl = postgres.urlFor(database);

  const env = {
    DATABASE_URL: databaseUrl,
    DATABASE_POOL_SIZE: "20",
    RATE_LIMITS: "true",
    SITE_URL: "http://127.0.0.1",
    LOG_LEVEL: "warn",
    SHUTDOWN_TIMEOUT_MS: "10000",
    ...options.env,
  };
  mkdirSync(logDir, { recursive: true });
  const instances = options.instances ?? 2;
  const start = (index) =>
    startServerProcess(`${options.name}-${index + 1}`, env, { logFile: path.join(logDir, `${options.name}-${index + 1}.log`), nodeArgs: options.nodeArgs });

  /** @type {ServerProcess[]} */
  const servers = [];
  let proxy;
  // Whatever fails on the way (the database, an instance, the proxy) stops what had started.
  try {
    const admin = new pg.Client({ connectionString: postgres.url });
    try {
      await admin.connect();
      await admin.query(`drop database if exists ${database} with (force)`);
      await admin.query(`create database ${database}`);
    } finally {
      await admin.end().catch(() => {});
    }
    // The first instance applies the migrations; the others start once it is ready, so two never
    // migrate the same fresh database at the same moment (see docs/deployment.md).
    servers.push(await start(0));
    log(`instance 1 ready at ${servers[0].url}`);
    // Settled one by one, so the instances that did start are stopped when another one fails.
    const settled = await Promise.allSettled(Array.from({ length: instances - 1 }, (_, i) => start(i + 1)));
    const rest = settled.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
    servers.push(...rest);
    const failed = settled.find((result) => result.status === "rejected");
    if (failed) throw failed.reason;
    if (rest.length) log(`instances 2-${instances} ready at ${rest.map((s) => s.url).join(", ")}`);
    const upstreams = servers.map((s) => s.url);
    proxy = options.proxy === "nginx" ? await startNginxProxy({ upstreams }) : await startProxy({ upstreams });
  } catch (error) {
    for (const server of servers) await server.stop(5_000);
    if (ownPostgres) postgres.destroy();
    throw error;
  }
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
  pool.on("error", () => {});

  return {
    postgres,
    databaseUrl,
    servers,
    proxy,
    pool,
    env,
    async restartServer(index) {
      const old = servers[index];
      if (old) await old.stop(5_000);
      // Same port, so the proxy's list stays valid.
      const fresh = await startServerProcess(`${options.name}-${index + 1}`, env, {
        logFile: path.join(logDir, `${options.name}-${index + 1}.log`),
        port: old?.port,
        nodeArgs: options.nodeArgs,
      });
      servers[index] = fresh;
      return fresh;
    },
    async stop() {
      await proxy.close();
      await Promise.all(servers.map((s) => s.stop(15_000)));
      await pool.end();
      if (ownPostgres) postgres.destroy();
    },
  };
}

/**
 * The invariants that must hold after any load or fault, checked with SQL:
 *  - every user's balance equals the sum of their ledger rows (grants minus spends);
 *  - no payment has more than one purchase row; every granted payment succeeded and has exactly one;
 *  - every purchase row has the payment's credits; every answered AI question has exactly one spend
 *    row, and no failed or aborted one has any.
 * @param {pg.Pool} pool
 */
export async function checkInvariants(pool) {
  const one = async (text) => (await pool.query(text)).rows[0];
  const result = {
    users: Number((await one("select count(*) as n from users")).n),
    balanceMismatches: Number(
      (
        await one(`select count(*) as n from users u
          where u.credits <> coalesce((select sum(l.delta) from credit_ledger l where l.user_id = u.id), 0)`)
      ).n,
    ),
    negativeBalances: Number((await one("select count(*) as n from users where credits < 0")).n),
    paymentsGrantedTwice: Number(
      (
        await one(`select count(*) as n from (select payment_id from credit_ledger where kind = 'purchase'
          group by payment_id having count(*) > 1) t`)
      ).n,
    ),
    succeededPayments: Number((await one("select count(*) as n from payments where status = 'succeeded'")).n),
    purchaseRows: Number((await one("select count(*) as n from credit_ledger where kind = 'purchase'")).n),
    succeededNotGranted: Number(
      (
        await one(`select count(*) as n from payments p where p.status = 'succeeded'
          and (p.granted_at is null or not exists (select 1 from credit_ledger l where l.payment_id = p.id and l.kind = 'purchase'))`)
      ).n,
    ),
    grantedNotSucceeded: Number(
      (
        await one(`select count(*) as n from payments p where p.status <> 'succeeded'
          and (p.granted_at is not null or exists (select 1 from credit_ledger l where l.payment_id = p.id and l.kind = 'purchase'))`)
      ).n,
    ),
    purchaseAmountMismatches: Number(
      (
        await one(`select count(*) as n from credit_ledger l join payments p on p.id = l.payment_id
          where l.kind = 'purchase' and l.delta <> p.credits`)
      ).n,
    ),
    pendingPayments: Number((await one("select count(*) as n from payments where status in ('pending', 'requires_action')")).n),
    answeredQuestions: Number((await one("select count(*) as n from ai_questions where status = 'answered' and source = 'model'")).n),
    aiSpendRows: Number((await one("select count(*) as n from credit_ledger where kind = 'ai_spend'")).n),
    answeredWithoutSpend: Number(
      (
        await one(`select count(*) as n from ai_questions q where q.status = 'answered' and q.credits_spent > 0
          and not exists (select 1 from credit_ledger l where l.ai_question_id = q.id and l.kind = 'ai_spend')`)
      ).n,
    ),
    unansweredWithSpend: Number(
      (
        await one(`select count(*) as n from ai_questions q where q.status <> 'answered'
          and (q.credits_spent <> 0 or exists (select 1 from credit_ledger l where l.ai_question_id = q.id))`)
      ).n,
    ),
    pendingQuestions: Number((await one("select count(*) as n from ai_questions where status = 'pending'")).n),
  };
  result.ok =
    result.balanceMismatches === 0 &&
    result.negativeBalances === 0 &&
    result.paymentsGrantedTwice === 0 &&
    result.succeededNotGranted === 0 &&
    result.grantedNotSucceeded === 0 &&
    result.purchaseAmountMismatches === 0 &&
    result.succeededPayments === result.purchaseRows &&
    result.answeredWithoutSpend === 0 &&
    result.unansweredWithSpend === 0;
  return result;
}
