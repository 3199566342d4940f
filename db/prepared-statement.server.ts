// Named prepared statements for hot paths (an AI answer: docs/performance.md, "AI assistant"), on
// both databases. A statement is written once as a Drizzle `sql` template whose request values are
// placeholders (`sql.placeholder("name")`), compiled to SQL text once, and then:
// - on PGlite, parsed once per database and run as one bind + execute + sync. PGlite's query()
//   parses and describes the SQL on every call and enters the database six times (parse, describe,
//   bind, describe, execute, sync), which cost more CPU than executing the statement itself;
// - on PostgreSQL, run by node-postgres as a named statement, parsed and planned once per connection.
// Values travel as text, so the SQL casts every value (`${v.id}::uuid`), and rows come back as
// arrays of text fields (or null), in the order of the statement's columns. Inside a transaction
// the statement is built with the values and runs through Drizzle, as any other.
import type { PGlite } from "@electric-sql/pglite";
import { fillPlaceholders, sql, type SQL } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { DbOrTx } from "./client.server";
import { serialize } from "pg-protocol";
import { runInTurnBatch, type PGliteHolder } from "./pglite-turn-batch.server";
import { exchange } from "./pglite-wire.server";

type Row = (string | null)[];
type Value = string | number | null | undefined;

interface PgPool {
  query(config: { name: string; text: string; values: unknown[]; rowMode: "array"; types: unknown }): Promise<{ rows: Row[] }>;
}

const dialect = new PgDialect();
/** node-postgres: every column as the text the server sent. */
const TEXT_TYPES = { getTypeParser: () => (value: string) => value };
/** Which statements each PGlite instance has parsed already. */
const parsedBy = new WeakMap<PGlite, Set<string>>();
let statementCount = 0;

export interface PreparedStatement<K extends string> {
  /** Runs the statement with `values`; its rows as text fields. */
  run(db: DbOrTx, values: Record<K, Value>): Promise<Row[]>;
}

/**
 * Built once, at module level: `build` must use each value only as a parameter (never to choose
 * the SQL), since it is called once with placeholders to get the statement's text.
 */
export function preparedStatement<K extends string>(keys: readonly K[], build: (values: Record<K, unknown>) => SQL): PreparedStatement<K> {
  const name = `hot_stmt_${++statementCount}`;
  const { sql: text, params } = dialect.sqlToQuery(build(Object.fromEntries(keys.map((key) => [key, sql.placeholder(key)])) as Record<K, unknown>));
  const textValues = (values: Record<K, Value>) =>
    fillPlaceholders(params, values).map((value) => (value === null || value === undefined ? null : String(value)));

  return {
    async run(db, values) {
      const client = (db as unknown as { $client?: unknown }).$client;
      if (client && typeof (client as PGlite).execProtocol === "function") {
        return runOnPglite(client as PGliteHolder, name, text, textValues(values));
      }
      if (client && typeof (client as PgPool).query === "function" && typeof (client as { connect?: unknown }).connect === "function") {
        const result = await (client as PgPool).query({ name, text, values: textValues(values), rowMode: "array", types: TEXT_TYPES });
        return result.rows;
      }
      // A transaction: through Drizzle, the same statement with the same values.
      const result = await db.execute(build(values));
      return (result as unknown as { rows: Record<string, unknown>[] }).rows.map((row) =>
        Object.values(row).map((value) => (value === null || value === undefined ? null : typeof value === "string" ? value : String(value))),
      );
    },
  };
}

/**
 * On PGlite a statement runs with the others asked for in the same turn of the event loop, in one
 * hold of the database (db/pglite-turn-batch.server.ts): 20 questions asked at once each take a slot
 * in the same turn. Each keeps its own outcome and implicit transaction (its own sync).
 */
function runOnPglite(pg: PGliteHolder, name: string, text: string, values: (string | null)[]): Promise<Row[]> {
  return runInTurnBatch(pg, () => execute(pg, name, text, values));
}

/** One statement, parsed on its first use on this database: bind + execute + sync. */
async function execute(pg: PGliteHolder, name: string, text: string, values: (string | null)[]): Promise<Row[]> {
  let parsed = parsedBy.get(pg);
  if (!parsed) parsedBy.set(pg, (parsed = new Set()));
  if (!parsed.has(name)) {
    await exchange(pg, Buffer.concat([serialize.parse({ name, text }), serialize.sync()]));
    parsed.add(name);
  }
  const messages = await exchange(pg, Buffer.concat([serialize.bind({ statement: name, values }), serialize.execute({}), serialize.sync()]));
  const rows: Row[] = [];
  for (const message of messages) {
    if (message.name === "dataRow") rows.push((message as unknown as { fields: Row }).fields);
  }
  return rows;
}
