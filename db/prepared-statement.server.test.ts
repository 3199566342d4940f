// A prepared hot statement answers the same rows on the database itself and inside a transaction,
// on PGlite and on PostgreSQL; on PGlite its writes count for the member-data version.
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { insertUser } from "~/tests/helpers/admin-data";
import { resetDatabase, testDatabase } from "~/tests/helpers/test-db";
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
