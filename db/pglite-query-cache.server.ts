// PGlite's query() parses and describes its SQL on every call and enters the database six times
// (parse, describe statement, bind, describe portal, execute, sync), then merges the caller's type
// parsers into a fresh object for each result. For the handful of statements an application runs
// over and over, that costs more CPU than executing them (docs/performance.md, "AI assistant").
// installQueryCache() keeps query()'s behaviour and results but prepares each distinct SQL text
// once as a named statement (its parameter and column types described once), so a repeated query
// is one bind + execute + sync, run with the other statements of its turn of the event loop in one
// hold of the database (db/pglite-turn-batch.server.ts). At most MAX_STATEMENTS texts are kept
// (least recently used first out, lib/least-recently-used.ts: a use only notes a count on its
// statement). Transactions (their own query()), blobs and explicit parameter types take PGlite's path.
import type { PGlite, QueryOptions, Results, Transaction } from "@electric-sql/pglite";
import { types } from "@electric-sql/pglite";
import { serialize } from "pg-protocol";
import { leastRecentlyUsed } from "../lib/least-recently-used";
import { runInTurnBatch, type PGliteHolder } from "./pglite-turn-batch.server";
import { exchange } from "./pglite-wire.server";

const MAX_STATEMENTS = 256;
/** Command tags of statements that may change what a kept statement reads or the types it binds. */
const SCHEMA_CHANGE_TAG = /^(CREATE|ALTER|DROP|DO)$/;
/** The same in SQL text given to exec() (a false match only costs the kept statements). */
const SCHEMA_CHANGE_TEXT = /\b(create|alter|drop|do)\b/i;

interface Field {
  name: string;
  dataTypeID: number;
}
interface Statement {
  name: string;
  paramTypes: number[];
  fields: Field[];
  /** The count of statement uses when this one was last used: the lowest goes first. */
  lastUsed: number;
}
type Parsers = Record<number | string, (value: string, typeId?: number) => unknown>;
type Serializers = Record<number | string, (value: unknown) => string>;
type Internals = PGliteHolder & {
  _checkReady(): Promise<void>;
  parsers: Parsers;
  serializers: Serializers;
};
interface Message {
  name: string;
  fields?: unknown[];
  dataTypeIDs?: number[];
  text?: string;
}

/** Replaces `pg.query` (outside transactions) with the cached-statement version described above. */
export function installQueryCache(client: PGlite): void {
  const pg = client as Internals;
  const original = pg.query.bind(pg) as PGlite["query"];
  const statements = new Map<string, Statement>();
  /** The default parsers merged with a caller's (Drizzle passes the same object every time). */
  const mergedParsers = new WeakMap<object, Parsers>();
  let count = 0;
  let uses = 0;

  async function prepare(text: string): Promise<Statement> {
    const name = `pglite_q_${++count}`;
    const messages = await exchange(pg, Buffer.concat([serialize.parse({ name, text }), serialize.describe({ type: "S", name }), serialize.sync()]));
    let paramTypes: number[] = [];
    let fields: Field[] = [];
    for (const message of messages as unknown as Message[]) {
      if (message.name === "parameterDescription") paramTypes = message.dataTypeIDs ?? [];
      if (message.name === "rowDescription") {
        fields = (message.fields as Field[]).map(({ name: field, dataTypeID }) => ({ name: field, dataTypeID }));
      }
    }
    if (statements.size >= MAX_STATEMENTS) {
      const [coldText, cold] = leastRecentlyUsed(statements, (statement) => statement.lastUsed)!;
      statements.delete(coldText);
      await exchange(pg, Buffer.concat([serialize.close({ type: "S", name: cold.name }), serialize.sync()]));
    }
    const statement = { name, paramTypes, fields, lastUsed: ++uses };
    statements.set(text, statement);
    return statement;
  }

  /**
   * Closes every kept statement: after the schema changed, a kept statement would bind its values
   * with the parameter types described before (found by an attack: a column made bigint refused
   * 3000000000 as out of range for integer, for good). Runs inside a hold of the database.
   */
  async function forgetAll(): Promise<void> {
    if (statements.size === 0) return;
    const names = [...statements.values()].map((statement) => statement.name);
    statements.clear();
    await exchange(pg, Buffer.concat([...names.map((name) => serialize.close({ type: "S", name })), serialize.sync()]));
  }

  async function run<T>(text: string, params: unknown[], options: QueryOptions | undefined): Promise<Results<T>> {
    let statement = statements.get(text);
    if (statement) statement.lastUsed = ++uses;
    else statement = await prepare(text);
    const values = params.map((param, i) => {
      if (param === null || param === undefined) return null;
      const oid = statement.paramTypes[i]!;
      const serializer = (options?.serializers as Serializers | undefined)?.[oid] ?? pg.serializers[oid];
      return serializer ? serializer(param) : String(param);
    });
    const messages = await exchange(
      pg,
      Buffer.concat([serialize.bind({ statement: statement.name, values }), serialize.execute({}), serialize.sync()]),
      options?.onNotice as ((notice: unknown) => void) | undefined,
    );
    const results = toResults<T>(messages as unknown as Message[], statement.fields, parsersFor(options), options?.rowMode === "array");
    if (results.command !== undefined && SCHEMA_CHANGE_TAG.test(results.command)) await forgetAll();
    return results;
  }

  function parsersFor(options: QueryOptions | undefined): Parsers {
    const extra = options?.parsers as Parsers | undefined;
    if (!extra) return pg.parsers;
    let merged = mergedParsers.get(extra);
    if (!merged) mergedParsers.set(extra, (merged = { ...pg.parsers, ...extra }));
    return merged;
  }

  // A schema changed by exec() (one or more statements) forgets the kept statements too.
  const exec = pg.exec.bind(pg) as PGlite["exec"];
  pg.exec = (async (text: string, options?: QueryOptions) => {
    try {
      return await exec(text, options);
    } finally {
      if (SCHEMA_CHANGE_TEXT.test(text)) await runInTurnBatch(pg, forgetAll);
    }
  }) as PGlite["exec"];

  // And a schema changed inside a transaction, once it has ended (committed or rolled back), from
  // the command tags of its statements (found by an attack: only query() and exec() were watched).
  const transaction = pg.transaction.bind(pg) as PGlite["transaction"];
  pg.transaction = (async <T>(callback: (tx: Transaction) => Promise<T>): Promise<T> => {
    let changed = false;
    const note = <R>(result: R): R => {
      for (const each of [result].flat() as { command?: string }[]) if (each?.command && SCHEMA_CHANGE_TAG.test(each.command)) changed = true;
      return result;
    };
    try {
      return await transaction((tx) => {
        const { query, sql, exec: execIn } = tx;
        tx.query = (async (...args: Parameters<Transaction["query"]>) => note(await query(...args))) as Transaction["query"];
        tx.sql = (async (...args: Parameters<Transaction["sql"]>) => note(await sql(...args))) as Transaction["sql"];
        tx.exec = async (...args: Parameters<Transaction["exec"]>) => note(await execIn(...args));
        return callback(tx);
      });
    } finally {
      if (changed) await runInTurnBatch(pg, forgetAll);
    }
  }) as PGlite["transaction"];

  pg.query = (async <T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> => {
    if (options?.blob || options?.paramTypes) return original<T>(text, params, options);
    // As query(): a closed database refuses, and the wait keeps the order of concurrent callers.
    await pg._checkReady();
    try {
      // With the turn's other statements, in one hold of the database (db/pglite-turn-batch.server.ts).
      return await runInTurnBatch(pg, () => run<T>(text, params, options));
    } catch (error) {
      // A table changed under a kept statement: forget it and run the text afresh.
      if (error instanceof Error && /cached plan must not change result type/.test(error.message)) {
        const stale = statements.get(text);
        statements.delete(text);
        if (stale) await pg.exec(`DEALLOCATE ${stale.name}`).catch(() => undefined);
        return original<T>(text, params, options);
      }
      // As PGlite's own query() reports a failed statement.
      if (error && typeof error === "object" && "code" in error) Object.assign(error, { query: text, params, queryOptions: options });
      throw error;
    }
  }) as PGlite["query"];
}

/** query()'s result: rows (objects, or arrays for rowMode "array"), fields and affectedRows. */
function toResults<T>(messages: Message[], fields: Field[], parsers: Parsers, asArrays: boolean): Results<T> {
  const rows: unknown[] = [];
  let affectedRows = 0;
  let command: string | undefined;
  let rowCount: number | undefined;
  for (const message of messages) {
    if (message.name === "dataRow") {
      const values = message.fields as (string | null)[];
      if (asArrays) {
        rows.push(values.map((value, i) => types.parseType(value, fields[i]!.dataTypeID, parsers as never)));
      } else {
        const row: Record<string, unknown> = {};
        for (let i = 0; i < values.length; i++) row[fields[i]!.name] = types.parseType(values[i]!, fields[i]!.dataTypeID, parsers as never);
        rows.push(row);
      }
    } else if (message.name === "commandComplete") {
      const parts = (message.text ?? "").split(" ");
      const tagged = parseInt(parts[parts.length - 1]!, 10);
      command = parts[0];
      if (["INSERT", "UPDATE", "DELETE", "COPY", "MERGE"].includes(command!)) affectedRows += tagged;
      if (!Number.isNaN(tagged)) rowCount = tagged;
    }
  }
  return { rows: rows as T[], fields, affectedRows, ...(command ? { command } : {}), ...(rowCount !== undefined ? { rowCount } : {}) } as Results<T>;
}
