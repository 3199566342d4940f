// The cached-statement query() answers exactly as PGlite's own: rows, fields, affectedRows, row
// modes, parsers, errors, and a statement dropped when its table changes shape.
import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { countHolds } from "~/tests/helpers/count-holds";
import { installQueryCache } from "./pglite-query-cache.server";

let plain: PGlite;
let cached: PGlite;
beforeAll(async () => {
  plain = await PGlite.create();
  cached = await PGlite.create();
  installQueryCache(cached);
  for (const pg of [plain, cached]) {
    await pg.exec("create table t (id serial primary key, name text not null, at timestamptz default now(), big bigint, doc jsonb)");
  }
});
afterAll(async () => {
  await plain.close();
  await cached.close();
});

const strip = (result: Record<string, unknown>) => ({ ...result, rows: (result.rows as Record<string, unknown>[]).map((row) => ({ ...row, at: undefined })) });

describe("installQueryCache", () => {
  it("answers as query() does, the first time and when the statement is reused", async () => {
    for (let round = 0; round < 3; round++) {
      const insert = "insert into t (name, big, doc) values ($1, $2, $3) returning id, name, big, doc";
      const params = [`n${round}`, 2n ** 40n, { a: [round] }];
      expect(await cached.query(insert, params)).toEqual(await plain.query(insert, params));
      const select = "select * from t where name like $1 order by id";
      expect(strip(await cached.query(select, ["n%"]))).toEqual(strip(await plain.query(select, ["n%"])));
      const update = "update t set name = name || $1 where id > $2";
      expect(await cached.query(update, ["!", 0])).toEqual(await plain.query(update, ["!", 0]));
    }
    const options = { rowMode: "array" as const, parsers: { 20: (value: string) => `big:${value}` } };
    const select = "select id, big from t order by id";
    expect(await cached.query(select, [], options)).toEqual(await plain.query(select, [], options));
    expect(await cached.query("select $1::int + 1 as n, null::text as nothing", [41])).toEqual(
      await plain.query("select $1::int + 1 as n, null::text as nothing", [41]),
    );
  });

  it("reports a failed statement as query() does and keeps working", async () => {
    const failure = (pg: PGlite) => pg.query("insert into t (name) values ($1)", [null]).catch((error: unknown) => error);
    const [ours, theirs] = [(await failure(cached)) as Record<string, unknown>, (await failure(plain)) as Record<string, unknown>];
    expect(ours.code).toBe("23502");
    expect(ours.code).toBe(theirs.code);
    expect(ours.query).toBe(theirs.query);
    await expect(cached.query("select nonsense from")).rejects.toMatchObject({ code: "42601" });
    expect((await cached.query("select 1 as one")).rows).toEqual([{ one: 1 }]);
  });

  it("reuses a statement without writing to its cache, and drops the one used least recently when full", async () => {
    // Moving a statement to the end of the map on every use kept V8's old generation growing, as the
    // page cache's did (docs/performance.md, "2026-11-24, 02:00-03:00 UTC").
    const isStatementCache = (map: unknown) =>
      map instanceof Map && [...map.values()].some((value) => typeof value === "object" && value !== null && "paramTypes" in value);
    const set = vi.spyOn(Map.prototype, "set");
    const remove = vi.spyOn(Map.prototype, "delete");
    const writes = () => [...set.mock.contexts, ...remove.mock.contexts].filter(isStatementCache).length;
    const prepared = () => set.mock.calls.filter((_, i) => isStatementCache(set.mock.contexts[i])).map(([text]) => text);
    try {
      const kept = "select $1::int as kept";
      await cached.query(kept, [1]);
      set.mockClear();
      remove.mockClear();
      for (let i = 0; i < 5; i++) expect((await cached.query(kept, [i])).rows).toEqual([{ kept: i }]);
      expect(writes()).toBe(0);
      // More distinct texts than the cache holds (256); the kept one is used again half way.
      for (let i = 0; i < 300; i++) {
        await cached.query(`select ${i} as n`);
        if (i === 150) await cached.query(kept, [2]);
      }
      set.mockClear();
      await cached.query(kept, [3]);
      expect(prepared()).toEqual([]);
      await cached.query("select 0 as n");
      expect(prepared()).toEqual(["select 0 as n"]);
    } finally {
      set.mockRestore();
      remove.mockRestore();
    }
  });

  it("runs a statement again after its table changed shape", async () => {
    await cached.exec("create table shape (a int)");
    await cached.query("insert into shape values (1)");
    expect((await cached.query("select * from shape")).rows).toEqual([{ a: 1 }]);
    await cached.exec("alter table shape add column b int default 2");
    expect((await cached.query("select * from shape")).rows).toEqual([{ a: 1, b: 2 }]);
  });

  // Found by an attack: a statement kept from before a column changed type (or a table was made
  // again with other types) bound its values with the old parameter types, failing for good.
  it("prepares its statements afresh after the schema changes, by query() or exec()", async () => {
    const count = "select count(*)::int as n from w where a = $1";
    await cached.query("create table w (a int)");
    expect((await cached.query(count, [1])).rows).toEqual([{ n: 0 }]);
    await cached.query("alter table w alter column a type bigint");
    await cached.query("insert into w values (3000000000)");
    expect((await cached.query(count, [3000000000])).rows).toEqual([{ n: 1 }]);
    await cached.exec("drop table w; create table w (a text)");
    await cached.query("insert into w values ('x')");
    expect((await cached.query(count, ["x"])).rows).toEqual([{ n: 1 }]);
  });

  it("prepares its statements afresh after a transaction changed the schema, by its query() or exec()", async () => {
    const count = "select count(*)::int as n from v where a = $1";
    await cached.query("create table v (a int)");
    expect((await cached.query(count, [1])).rows).toEqual([{ n: 0 }]);
    await cached.transaction(async (tx) => {
      await tx.query("alter table v alter column a type bigint");
      await tx.query("insert into v values (3000000000)");
    });
    expect((await cached.query(count, [3000000000])).rows).toEqual([{ n: 1 }]);
    await cached.transaction(async (tx) => {
      await tx.exec("drop table v; create table v (a text)");
    });
    await cached.query("insert into v values ('x')");
    expect((await cached.query(count, ["x"])).rows).toEqual([{ n: 1 }]);
    // A transaction rolled back leaves the schema as it was; the statements are prepared afresh all the same.
    await expect(
      cached.transaction(async (tx) => {
        await tx.query("alter table v alter column a type int using 0");
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    expect((await cached.query(count, ["x"])).rows).toEqual([{ n: 1 }]);
  });

  it.each([
    ["cached", () => cached],
    ["plain", () => plain],
  ])("waits for a running transaction, as query() does (%s)", async (_, db) => {
    const order: string[] = [];
    const pg = db();
    const tx = pg.transaction(async (t) => {
      await t.query("insert into t (name) values ('in tx')");
      await new Promise((resolve) => setTimeout(resolve, 30));
      order.push("tx");
    });
    const read = pg.query<{ n: number }>("select count(*)::int as n from t where name = 'in tx'").then((result) => {
      order.push("read");
      return result.rows[0]!.n;
    });
    await tx;
    expect(await read).toBe(1);
    expect(order).toEqual(["tx", "read"]);
  });

  it("runs the queries asked for in one turn of the event loop in one hold of the database, in order, each with its own outcome", async () => {
    const holds = countHolds(cached);
    const sync = vi.spyOn(cached, "syncToFs");
    try {
      const outcomes = await Promise.allSettled([
        cached.query("insert into t (name) values ($1)", ["one turn"]),
        cached.query("insert into t (name) values ($1)", [null]),
        cached.query<{ n: number }>("select count(*)::int as n from t where name = $1", ["one turn"]),
      ]);
      expect(holds.count()).toBe(1);
      // The data directory is synced once for the hold, before any caller goes on.
      expect(sync).toHaveBeenCalledTimes(1);
      expect(outcomes.map((outcome) => outcome.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
      expect(outcomes[1]).toMatchObject({ reason: { code: "23502" } });
      // The read ran after the insert asked before it.
      expect(outcomes[2]).toMatchObject({ value: { rows: [{ n: 1 }] } });
      expect((await cached.query("select 1 as one")).rows).toEqual([{ one: 1 }]);
      expect(holds.count()).toBe(2);
    } finally {
      holds.stop();
      sync.mockRestore();
    }
  });
});
