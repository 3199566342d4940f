// The test database: one per test worker, migrated once, emptied before each test.
// TEST_DATABASE_URL (set by scripts/with-postgres.mjs) selects a real PostgreSQL server; each worker
// then gets a database of its own. Otherwise PGlite in memory.
import { sql } from "drizzle-orm";
import pg from "pg";
import { openDatabase, type Database } from "~/db/client.server";

let shared: Promise<Database> | undefined;
let workerUrl: string | undefined;

async function createWorkerDatabase(): Promise<Database> {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) {
    const database = await openDatabase({ dataDir: "memory://" });
    await database.migrate();
    return database;
  }
  const worker = process.env.VITEST_POOL_ID ?? process.env.VITEST_WORKER_ID ?? "0";
  const name = `taxatlas_test_${worker}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  workerUrl = url.toString();
  const database = await openDatabase({ url: workerUrl, poolSize: 20 });
  await database.migrate();
  return database;
}

/** The worker's migrated database (created on first use, kept for the worker's lifetime). */
export function testDatabase(): Promise<Database> {
  shared ??= createWorkerDatabase();
  return shared;
}

/**
 * Another connection to the worker's database, as a second instance of the app would hold: on
 * PostgreSQL a pool of its own; PGlite lives in this process, so it is the same database.
 */
export async function secondConnection(): Promise<Database> {
  const database = await testDatabase();
  if (!workerUrl) return { ...database, close: async () => {} };
  return openDatabase({ url: workerUrl, poolSize: 4 });
}

export const usingPostgres = () => Boolean(process.env.TEST_DATABASE_URL);

/** Empties every table (schema and migrations stay). */
export async function resetDatabase(database: Database): Promise<void> {
  await database.db.execute(sql`
    truncate table credit_ledger, ai_questions, payments, processed_events, password_resets, sessions,
      contact_messages, rate_limits, users restart identity cascade`);
  await database.db.execute(sql`alter sequence receipt_number_seq restart with 1`);
}
