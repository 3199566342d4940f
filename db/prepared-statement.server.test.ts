// A prepared hot statement answers the same rows on the database itself and inside a transaction,
// on PGlite and on PostgreSQL; on PGlite the statements of one turn of the event loop share one hold.
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { insertUser } from "~/tests/helpers/admin-data";
import { countHolds } from "~/tests/helpers/count-holds";
import { resetDatabase, testDatabase, usingPostgres } from "~/tests/helpers/test-db";
import { PGLITE_BATCH_MAX } from "./pglite-turn-batch.server";
import { preparedStatement } from "./prepared-statement.server";

const RENAME = preparedStatement(["id", "name"], (v) => sql`
  UPDATE users SET name = ${v.name}::text WHERE id = ${v.id}::uuid RETURNING name, credits, null::text AS nothing`);
const READ = preparedStatement(["id"], (v) => sql`SELECT name, credits FROM users WHERE id = ${v.id}::uuid`);

beforeAll(async () => resetDatabase(await testDatabase()));

describe("preparedStatement", () => {
  it("returns rows as text fields, again and again, and inside a transaction", async () => {
    const { db } = await testDatabase();
    const user = await insertUser(db, { credits: 7 });
    for (const name of ["A", "B'quote", "C"]) {
      expect(await RENAME.run(db, { id: user.id, name })).toEqual([[name, "7", null]]);
    }
    expect(await READ.run(db, { id: user.id })).toEqual([["C", "7"]]);
    await db.transaction(async (tx) => {
      expect(await RENAME.run(tx, { id: user.id, name: "in tx" })).toEqual([["in tx", "7", null]]);
    });
    expect(await READ.run(db, { id: user.id })).toEqual([["in tx", "7"]]);
    expect(await READ.run(db, { id: "00000000-0000-0000-0000-000000000000" })).toEqual([]);
    await expect(READ.run(db, { id: "not a uuid" })).rejects.toMatchObject({ code: "22P02" });
    expect(await READ.run(db, { id: user.id })).toEqual([["in tx", "7"]]);
  });
});

describe("preparedStatement on PGlite", () => {
  it.skipIf(usingPostgres())("runs the statements asked for in one turn of the event loop in one hold of the database, each with its own outcome", async () => {
    const database = await testDatabase();
    const { db } = database;
    const user = await insertUser(db, { credits: 3 });
    const holds = countHolds((db as unknown as { $client: unknown }).$client);
    try {
      const order: string[] = [];
      const outcomes = await Promise.allSettled([
        RENAME.run(db, { id: user.id, name: "first" }).then((rows) => (order.push("first"), rows)),
        READ.run(db, { id: "not a uuid" }),
        RENAME.run(db, { id: user.id, name: "second" }).then((rows) => (order.push("second"), rows)),
        READ.run(db, { id: user.id }),
      ]);
      expect(holds.count()).toBe(1);
      expect(outcomes.map((outcome) => outcome.status)).toEqual(["fulfilled", "rejected", "fulfilled", "fulfilled"]);
      expect(outcomes[1]).toMatchObject({ reason: { code: "22P02" } });
      // In the order asked: the read sees both renames.
      expect(outcomes[3]).toMatchObject({ value: [["second", "3"]] });
      expect(order).toEqual(["first", "second"]);
      // A later turn holds the database again.
      expect(await READ.run(db, { id: user.id })).toEqual([["second", "3"]]);
      expect(holds.count()).toBe(2);
      // A full hold starts at once; the turn's other statements make the next one.
      const names = Array.from({ length: PGLITE_BATCH_MAX + 2 }, (_, i) => `name ${i}`);
      const renamed = await Promise.all(names.map((name) => RENAME.run(db, { id: user.id, name })));
      expect(renamed).toEqual(names.map((name) => [[name, "3", null]]));
      expect(holds.count()).toBe(4);
    } finally {
      holds.stop();
    }
  });
});
