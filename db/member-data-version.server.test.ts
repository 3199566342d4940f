// The embedded database's member read cache (docs/decisions/0017-embedded-member-read-cache.md): a
// repeated read costs no statement, and anything that may change what it shows (a revocation, a
// credit change, an expiry) is seen by the very next read.
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { mayWriteMemberData } from "~/db/member-data-version.server";
import { createTestApp, request, type TestApp } from "~/tests/helpers/test-app";
import { usingPostgres } from "~/tests/helpers/test-db";

describe("mayWriteMemberData", () => {
  it("lets plain reads and writes to unshown tables through, and counts everything else", () => {
    const reads = [
      `select "users"."id", (select coalesce(json_agg(x), '[]') from (select * from "ai_questions" where "user_id" = "users"."id" order by "created_at" desc limit $1) x) from "sessions" inner join "users" on "users"."id" = "sessions"."user_id" where ("sessions"."token_hash" = $2 and "sessions"."revoked_at" is null and "sessions"."expires_at" > now()) limit 1`,
      "select 1",
      `with recent as (select * from "payments" where "updated_at" > now()) select count(*) from recent`,
      `insert into "rate_limits" (key, points, reset_at) values ($1, 1, $2) on conflict (key) do update set points = "rate_limits"."points" + 1 returning points`,
      `insert into "contact_messages" ("name") values ($1)`,
    ];
    for (const text of reads) expect(mayWriteMemberData(text), text).toBe(false);
    const writes = [
      `update "sessions" set "revoked_at" = now() where "sessions"."id" = $1`,
      `UPDATE users SET credits = credits + 1`,
      `delete from "users" where "id" = $1`,
      `insert into "ai_questions" ("user_id") values ($1)`,
      `with spent as (update "users" set "credits" = "credits" - 1 returning "id") insert into "credit_ledger" ("user_id") select "id" from spent`,
      `select * from "users" where "id" = $1 for update`,
      `select * from "users" where "id" = $1 for update skip locked`,
      "do $$ begin perform 1; end $$",
      "set statement_timeout = 0",
      "truncate table sessions, users cascade",
      "begin",
      "alter sequence receipt_number_seq restart with 1",
      `insert into "public"."payments" ("id") values ($1)`,
    ];
    for (const text of writes) expect(mayWriteMemberData(text), text).toBe(true);
  });
});

let app: TestApp;
afterEach(async () => {
  await app?.close();
});

/** Statements the app sends to the embedded client while `run` runs. */
async function statementsDuring(testApp: TestApp, run: () => Promise<void>): Promise<number> {
  const client = (
    testApp.appContext.database.db as unknown as {
      $client: { query: (...a: unknown[]) => unknown };
    }
  ).$client;
  const query = client.query;
  let count = 0;
  client.query = (...args: unknown[]) => {
    count++;
    return query.apply(client, args);
  };
  try {
    await run();
  } finally {
    client.query = query;
  }
  return count;
}

async function member(testApp: TestApp) {
  const res = await request(testApp, "POST", "/api/v1/user/register", {
    body: {
      email: `kept-${Date.now()}-${Math.random().toString(36).slice(2)}@example.test`,
      password: "correct horse battery",
    },
    headers: { "Accept-Language": "en" },
  });
  expect(res.status).toBe(201);
  return { token: res.body.token as string, id: res.body.user.id as string };
}

describe.skipIf(usingPostgres())("member reads on the embedded database", { timeout: 60_000 }, () => {
  it("answers a repeated read from memory and sees every change at once", async () => {
    app = await createTestApp({ RATE_LIMITS: "false" });
    const { token, id } = await member(app);
    const { db } = app.appContext;
    const me = async () => request(app, "GET", "/api/v1/user/me", { token });

    expect((await me()).status).toBe(200);
    expect(await statementsDuring(app, async () => void expect((await me()).status).toBe(200))).toBe(0);

    // A write to a table no read shows keeps the answer; a credit change does not.
    await db.execute(sql`insert into rate_limits (key, points, reset_at) values ('x', 1, now())`);
    expect(await statementsDuring(app, async () => void (await me()))).toBe(0);
    await db.execute(sql`update users set credits = credits + 40 where id = ${id}`);
    expect((await me()).body.user.credits).toBeGreaterThanOrEqual(40);

    // Revoked: refused by the next read.
    expect((await request(app, "POST", "/api/v1/user/logout", { token })).status).toBe(200);
    expect((await me()).status).toBe(401);
  });

  it("refuses a kept session once its expiry passes", async () => {
    app = await createTestApp({ RATE_LIMITS: "false" });
    const { token } = await member(app);
    await app.appContext.db.execute(sql`update sessions set expires_at = now() + interval '1 second'`);
    expect((await request(app, "GET", "/api/v1/user/me", { token })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect((await request(app, "GET", "/api/v1/user/me", { token })).status).toBe(401);
  });

  it("keeps nothing read while a write runs", async () => {
    app = await createTestApp({ RATE_LIMITS: "false" });
    const { token, id } = await member(app);
    const { db } = app.appContext;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    // A transaction that changes the credits and waits: the read queued behind it must not be kept
    // with the version it started under.
    const writing = db.transaction(async (tx) => {
      await tx.execute(sql`update users set credits = 3 where id = ${id}`);
      await held;
    });
    const reading = request(app, "GET", "/api/v1/user/me", { token });
    setTimeout(release, 50);
    await writing;
    expect((await reading).body.user.credits).toBe(3);
    expect((await request(app, "GET", "/api/v1/user/me", { token })).body.user.credits).toBe(3);
  });
});
