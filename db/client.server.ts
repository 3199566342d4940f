// Opens the database: PostgreSQL when DATABASE_URL is set, otherwise PGlite in DATA_DIR.
import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { installQueryCache } from "./pglite-query-cache.server";
import * as schema from "./schema";

export type Schema = typeof schema;
/** Both drivers' databases share this type, so domain code is written once. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction or the database itself. */
export type DbOrTx = Parameters<Parameters<Db["transaction"]>[0]>[0] | Db;

/** Rows of db.execute(): node-postgres gives `{ rows }`, PGlite through drizzle an array. */
export function rowsOf<T = Record<string, unknown>>(result: unknown): T[] {
  return (result as { rows?: T[] }).rows ?? (result as T[]);
}

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /** Runs `select 1`; rejects when the database is unreachable. */
  ping(): Promise<void>;
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres:// URL; when absent PGlite is used. */
  url?: string;
  /** PGlite data directory; "memory://" for an in-memory database. */
  dataDir?: string;
  poolSize?: number;
}

/** The repository root: the nearest folder above this file (or the bundle) holding package.json. */
export function projectRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (existsSync(path.join(dir, "package.json"))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir) return process.cwd();
    dir = parent;
  }
}

const MIGRATION_LOCK_ID = 7_284_019_331;

export const migrationsFolder = () => path.join(projectRoot(), "db", "migrations");

/** V8's full collection (`gc`), exposed to a new context only and the flag cleared at once; null if refused. */
export function fullCollection(): (() => void) | null {
  try {
    setFlagsFromString("--expose-gc");
    return runInNewContext("gc") as () => void;
  } catch {
    return null;
  } finally {
    setFlagsFromString("--no-expose-gc");
  }
}

/**
 * Creating a PGlite cluster (initdb, in this process) leaves about 430 MB of buffers that nothing
 * references once it returns, but V8 sees too little heap pressure to collect them, so a server
 * started on an empty directory kept them for its whole life (805 MB at its first answer against
 * 373 MB for one started on an existing directory: docs/performance.md, "Start-up and memory").
 * Two full collections, once, after the creation's last callbacks have run (a timer turn) free
 * them. Node offers no other way to ask for one than exposing `gc` to a new context; the flag is
 * cleared again at once, and if this Node refuses it the memory is simply kept.
 */
async function collectCreationGarbage(): Promise<void> {
  const gc = fullCollection();
  if (!gc) return;
  // The first collection frees the buffers; the WebAssembly memory they kept alive goes in the next.
  for (let i = 0; i < 2; i++) {
    await new Promise((resolve) => setTimeout(resolve, 0));
    gc();
  }
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) {
    const { default: pg } = await import("pg");
    const { drizzle } = await import("drizzle-orm/node-postgres");
    const { migrate } = await import("drizzle-orm/node-postgres/migrator");
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: 5_000,
      idleTimeoutMillis: 30_000,
    });
    // An idle client losing its connection (database restart) must not crash the process.
    pool.on("error", () => {});
    // Nor a checked-out one: between two queries of a transaction it reports the loss as an 'error'
    // event (a crash without a listener). The transaction fails with a 503, the pool drops the client.
    pool.on("connect", (client) => client.on("error", () => {}));
    const db = drizzle(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: "postgres",
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      migrate: async () => {
        // Several instances may start at once: an advisory lock lets one migrate while the others wait.
        const client = await pool.connect();
        try {
          await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
          await migrate(drizzle(client, { schema }) as never, { migrationsFolder: migrationsFolder() });
        } finally {
          await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]).catch(() => undefined);
          client.release();
        }
      },
      close: () => pool.end(),
    };
  }

  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  const dataDir = options.dataDir ?? "memory://";
  const inMemory = dataDir.startsWith("memory://");
  const creating = inMemory || !existsSync(path.join(dataDir, "PG_VERSION"));
  if (!inMemory) mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create(inMemory ? undefined : dataDir);
  if (creating) await collectCreationGarbage();
  // Repeated statements are prepared once, not parsed on every call (db/pglite-query-cache.server.ts).
  installQueryCache(client);
  const db = drizzle(client, { schema }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    migrate: async () => {
      await migrate(db as never, { migrationsFolder: migrationsFolder() });
    },
    close: () => client.close(),
  };
}
