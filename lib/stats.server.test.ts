// The dashboard's statement over the members, as the database plans it.
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { rowsOf, type Db } from "~/db/client.server";
import { getDashboardStats } from "~/lib/stats.server";
import { resetDatabase, testDatabase } from "~/tests/helpers/test-db";

/** The SQL text and parameters of every statement sent through the driver until stop(). */
function captureStatements(db: Db) {
  const client = (db as unknown as { $client: Record<string, unknown> }).$client;
  const own = Object.prototype.hasOwnProperty.call(client, "query");
  const original = client.query as (...args: unknown[]) => unknown;
  const seen: { text: string; values: unknown[] }[] = [];
  client.query = function (this: unknown, ...args: unknown[]) {
    const first = args[0] as string | { text?: string; values?: unknown[] } | undefined;
    if (typeof first === "string") seen.push({ text: first, values: (args[1] as unknown[] | undefined) ?? [] });
    // node-postgres is also called with a config object and the values beside it.
    else if (first?.text) seen.push({ text: first.text, values: first.values ?? (args[1] as unknown[] | undefined) ?? [] });
    return original.apply(this, args);
  };
  return {
    seen,
    stop() {
      if (own) client.query = original;
      else delete client.query;
    },
  };
}

const literal = (value: unknown) => `'${(value instanceof Date ? value.toISOString() : String(value)).replaceAll("'", "''")}'`;

describe("getDashboardStats on the database", () => {
  it("the members' month counts read users_member_created_at_idx in a generic plan too: the role is in the SQL, not a parameter (a review)", async () => {
    // A partial index serves a query only when its predicate (role = 'user') is proven from the
    // query's text. With the role bound as a parameter ($1) a cached generic plan, which PGlite's
    // named statements (db/pglite-query-cache.server.ts) get after five runs, cannot use it.
    const database = await testDatabase();
    await resetDatabase(database);
    const { db } = database;
    // 20,000 sign-ups over two years and a half, one in fifty an administrator.
    await db.execute(sql`
      insert into users (email, name, password_hash, role, created_at)
      select 'm' || i || '@example.com', 'Member ' || i, 'x', case when i % 50 = 0 then 'admin' else 'user' end,
             now() - i * interval '1 hour'
      from generate_series(1, 20000) as i`);
    await db.execute(sql`vacuum analyze users`);

    const capture = captureStatements(db);
    try {
      await getDashboardStats(db);
    } finally {
      capture.stop();
    }
    const statement = capture.seen.find((s) => s.text.includes('(select count(*) from "users"'));
    expect(statement, capture.seen.map((s) => s.text).join("\n")).toBeDefined();

    const name = `dashboard_members_${randomBytes(4).toString("hex")}`;
    const plan = await db.transaction(async (tx) => {
      await tx.execute(sql.raw(`prepare ${name} as ${statement!.text}`));
      await tx.execute(sql.raw("set local plan_cache_mode = force_generic_plan"));
      // A statement without parameters is executed without parentheses (PostgreSQL refuses "()").
      const args = statement!.values.length ? `(${statement!.values.map(literal).join(", ")})` : "";
      const rows = rowsOf<Record<string, string>>(await tx.execute(sql.raw(`explain execute ${name}${args}`)));
      await tx.execute(sql.raw(`deallocate ${name}`));
      return rows.map((row) => Object.values(row)[0]).join("\n");
    });
    // Each of the twelve month counts walks the members' partial index.
    expect(plan.match(/users_member_created_at_idx/g)?.length ?? 0, plan).toBeGreaterThanOrEqual(12);
  });
});
