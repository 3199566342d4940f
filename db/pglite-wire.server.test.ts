// exchange() answers as PGlite's execProtocol() does, with node-postgres's parser: the same messages,
// a failed statement thrown with its code, notices passed on, an answer of many chunks kept whole.
import { PGlite } from "@electric-sql/pglite";
import { serialize } from "pg-protocol";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exchange, type BackendMessage } from "./pglite-wire.server";

let pg: PGlite;
beforeAll(async () => {
  pg = await PGlite.create();
  await pg.exec("create table w (id int primary key, name text, at timestamptz default now())");
  await pg.exec("insert into w (id, name) values (1, 'one'), (2, null)");
});
afterAll(() => pg.close());

const statement = (name: string, text: string, values: (string | null)[]) =>
  Buffer.concat([
    serialize.parse({ name, text }),
    serialize.describe({ type: "S", name }),
    serialize.bind({ statement: name, values }),
    serialize.execute({}),
    serialize.sync(),
  ]);
/** What a caller reads of a message, whichever parser made it (a column's format is 0 in one, "text" in the other). */
const essence = (message: BackendMessage) => {
  const { name, fields, dataTypeIDs, text } = message as BackendMessage & { fields?: unknown[]; dataTypeIDs?: number[]; text?: string };
  return {
    name,
    ...(fields ? { fields: fields.map((field) => (field && typeof field === "object" ? { ...field, format: undefined } : field)) } : {}),
    ...(dataTypeIDs ? { dataTypeIDs } : {}),
    ...(text ? { text } : {}),
  };
};

describe("exchange", () => {
  it("answers the messages execProtocol() answers", async () => {
    const text = "select id, name, at is not null as dated from w where id <= $1 order by id";
    const ours = await exchange(pg, statement("wire_a", text, ["2"]));
    const { messages: theirs } = await pg.execProtocol(statement("wire_b", text, ["2"]));
    expect(ours.map(essence)).toEqual(theirs.map(essence));
    expect(ours.filter((message) => message.name === "dataRow").map((row) => (row as unknown as { fields: unknown[] }).fields)).toEqual([
      ["1", "one", "t"],
      ["2", null, "t"],
    ]);
  });

  it("throws a failed statement's error with its code and goes on answering", async () => {
    const insert = statement("wire_dup", "insert into w (id) values ($1)", ["1"]);
    const ours = await exchange(pg, insert).catch((error: unknown) => error);
    const theirs = await pg.execProtocol(statement("wire_dup2", "insert into w (id) values ($1)", ["1"])).catch((error: unknown) => error);
    expect(ours).toMatchObject({ code: "23505", constraint: "w_pkey", message: (theirs as Error).message });
    expect(ours).toBeInstanceOf(Error);
    const again = await exchange(pg, statement("wire_c", "select count(*)::text from w", []));
    expect(again.find((message) => message.name === "dataRow")).toMatchObject({ fields: ["2"] });
  });

  it("passes notices on", async () => {
    const notices: string[] = [];
    await exchange(pg, serialize.query("do $$ begin raise notice 'heads up'; end $$"), (notice) => notices.push(notice.message ?? ""));
    expect(notices).toEqual(["heads up"]);
  });

  it("keeps an answer sent in many chunks whole", async () => {
    // Larger than PGlite's send buffer: it arrives in several writes, each reusing the buffer.
    const messages = await exchange(pg, statement("wire_big", "select string_agg(lpad(i::text, 8, '0'), ',') from generate_series(1, $1::int) i", ["100000"]));
    const [value] = (messages.find((message) => message.name === "dataRow") as unknown as { fields: string[] }).fields;
    expect(value!.length).toBe(100_000 * 9 - 1);
    expect(value!.split(",").every((item, i) => item === String(i + 1).padStart(8, "0"))).toBe(true);
  });
});
