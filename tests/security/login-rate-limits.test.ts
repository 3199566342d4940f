// Log-in rate limits against real attacks, through HTTP (docs/reliability.md, "Rate limits"): successes
// never spend an address's budget, failures count per address and per (account, address), and guessing
// one account from many addresses is slowed by a growing delay instead of locking the owner out.
// The budgets are spelled out here on purpose: they are the published ones.
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { sessions } from "~/db/schema";
import { createTestApp, request, type TestApp } from "~/tests/helpers/test-app";

const PER_ADDRESS = 20; // failed log-ins from one address per 15 minutes
const PER_ACCOUNT_ADDRESS = 10; // failed log-ins on one account from one address per 15 minutes
const SLOW_AFTER = 10; // failed log-ins on one account from all addresses before the delay starts
const DELAYS = [5, 10, 20, 40, 60, 60]; // seconds, doubling, capped at a minute

const PASSWORD = "correct horse battery";

let app: TestApp;
afterEach(async () => {
  await app?.close();
});

function login(email: string, password: string, ip: string, lang = "en") {
  return request(app, "POST", "/api/v1/user/login", {
    body: { email, password },
    headers: { "X-Forwarded-For": ip, "Accept-Language": lang },
  });
}

async function signUp(email: string, ip = "198.51.100.250") {
  const res = await request(app, "POST", "/api/v1/user/register", {
    body: { email, password: PASSWORD },
    headers: { "X-Forwarded-For": ip },
  });
  expect(res.status).toBe(201);
  return email;
}

/** A fresh address for every attempt of a many-address attacker. */
let nextAddress = 0;
const freshAddress = () => `10.${Math.floor(++nextAddress / 250) % 250}.${nextAddress % 250}.7`;

/** The running slow-down hold ends, as it would once its Retry-After has passed. */
async function letDelayPass() {
  await app.appContext.db.execute(sql`update rate_limits set reset_at = now() where key like 'login-account-turn:%'`);
}

/** Failed attempts from many addresses until the account's slow-down starts (the last one is let through). */
async function guessFromManyAddresses(email: string, count: number) {
  for (let i = 0; i < count; i++) expect((await login(email, "wrong password", freshAddress())).status).toBe(401);
}

function expectTooMany(res: { status: number; body: any; headers: Headers }) {
  expect(res.status).toBe(429);
  expect(res.body).toMatchObject({ success: false, error: { code: "rate_limited" } });
  expect(typeof res.body.message).toBe("string");
  expect(res.body.error.message).toBe(res.body.message);
  const retryAfter = Number(res.headers.get("retry-after"));
  expect(retryAfter).toBeGreaterThan(0);
  expect(res.body.error.retryAfter).toBe(retryAfter);
  return retryAfter;
}

const sessionCount = async () => (await app.appContext.db.select().from(sessions)).length;

describe("log-in rate limits", () => {
  it("successful log-ins never spend an address's budget: a whole office logs in from one address", async () => {
    app = await createTestApp({ TRUST_PROXY: "true" });
    const colleagues = [];
    for (let i = 0; i < 3; i++) colleagues.push(await signUp(`colleague${i}@example.com`));
    const office = "203.0.113.10";
    for (let round = 0; round < 7; round++) {
      for (const email of colleagues) expect((await login(email, PASSWORD, office)).status).toBe(200);
    }
    // 21 successes later the address still has its whole failure budget.
    for (let i = 0; i < PER_ADDRESS; i++) {
      expect((await login(`nobody${i}@example.com`, "wrong password", office)).status).toBe(401);
    }
    expectTooMany(await login("nobody@example.com", "wrong password", office));
  }, 120_000); // some 45 password hashes

  it("an attacker's failures from one address never lock the owner out of their own network", async () => {
    app = await createTestApp({ TRUST_PROXY: "true" });
    const email = await signUp("owner@example.com");
    const attacker = "192.0.2.66";
    for (let i = 0; i < PER_ACCOUNT_ADDRESS; i++) expect((await login(email, "wrong password", attacker)).status).toBe(401);
    for (let i = 0; i < 5; i++) expectTooMany(await login(email, "wrong password", attacker));
    // The owner, from home (no failures of its own), logs in at once.
    expect((await login(email, PASSWORD, "198.51.100.20")).status).toBe(200);
  });

  it("limits failures per (account, address), refusing even the right password there without checking it", async () => {
    app = await createTestApp({ TRUST_PROXY: "true" });
    const email = await signUp("owner@example.com");
    await signUp("other@example.com");
    const attacker = "192.0.2.66";
    for (let i = 0; i < PER_ACCOUNT_ADDRESS; i++) expect((await login(email, "wrong password", attacker)).status).toBe(401);
    const wrong = await login(email, "wrong password", attacker);
    const sessionsBefore = await sessionCount();
    const right = await login(email, PASSWORD, attacker);
    const retryAfter = expectTooMany(right);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(right.body.message).toMatch(/^Too many login attempts\. Please try again in \d+ minutes?\.$/);
    // The same answer whether or not the password was right: no oracle, and no session made.
    expect(right.body.error.code).toBe(wrong.body.error.code);
    expect(right.body.message.replace(/\d+/g, "N")).toBe(wrong.body.message.replace(/\d+/g, "N"));
    expect(await sessionCount()).toBe(sessionsBefore);
    // Translated.
    const ja = await login(email, PASSWORD, attacker, "ja");
    expectTooMany(ja);
    expect(ja.body.message).toMatch(/ログインの試行回数が多すぎます/);
    // Other accounts from that address are not affected by this account's failures.
    expect((await login("other@example.com", PASSWORD, attacker)).status).toBe(200);
  });

  it("limits failures per address over many accounts, and only that address", async () => {
    app = await createTestApp({ TRUST_PROXY: "true" });
    const email = await signUp("owner@example.com");
    const sprayer = "192.0.2.77";
    for (let i = 0; i < PER_ADDRESS; i++) {
      expect((await login(`victim${i}@example.com`, "wrong password", sprayer)).status).toBe(401);
    }
    const zh = await login("victim-late@example.com", "wrong password", sprayer, "zh");
    expect(expectTooMany(zh)).toBeLessThanOrEqual(15 * 60);
    expect(zh.body.message).toMatch(/登录尝试次数过多/);
    expect((await login("victim-late@example.com", "wrong password", "192.0.2.78")).status).toBe(401);
    expect((await login(email, PASSWORD, "192.0.2.78")).status).toBe(200);
  });

  it("a spray from a shared address does not lock out people who logged in from it before", async () => {
    app = await createTestApp({ TRUST_PROXY: "true" });
    const office = "203.0.113.40";
    const colleague = await signUp("colleague@example.com");
    expect((await login(colleague, PASSWORD, office)).status).toBe(200);
    const newcomer = await signUp("newcomer@example.com");
    for (let i = 0; i < PER_ADDRESS; i++) {
      expect((await login(`sprayed${i}@example.com`, "wrong password", office)).status).toBe(401);
    }
    // The address's budget is spent: a first log-in from it waits, a known colleague does not.
    expectTooMany(await login(newcomer, PASSWORD, office));
    expect((await login(colleague, PASSWORD, office)).status).toBe(200);
    // Still bound by the per-(account, address) budget.
    for (let i = 0; i < PER_ACCOUNT_ADDRESS; i++) expect((await login(colleague, "wrong password", office)).status).toBe(401);
    expectTooMany(await login(colleague, PASSWORD, office));
  }, 120_000);

  it("slows guessing one account from many addresses with a growing delay, never a 15-minute lock", async () => {
    app = await createTestApp({ TRUST_PROXY: "true" });
    const email = await signUp("owner@example.com");
    await guessFromManyAddresses(email, SLOW_AFTER);
    const seen: number[] = [];
    for (const delay of DELAYS) {
      // One attempt is let through (and checked) ...
      expect((await login(email, "wrong password", freshAddress())).status).toBe(401);
      // ... then the account is held for the delay, whatever the address.
      const held = await login(email, "wrong password", freshAddress());
      const retryAfter = expectTooMany(held);
      expect(retryAfter).toBeLessThanOrEqual(delay);
      expect(retryAfter).toBeGreaterThan(delay / 2);
      expect(held.body.message).toMatch(/^Too many failed log-ins on this account\. Please wait \d+ seconds and try again\.$/);
      seen.push(retryAfter);
      await letDelayPass();
    }
    expect(seen[1]!).toBeGreaterThan(seen[0]!);
    expect(seen[3]!).toBeGreaterThan(seen[2]!);
    // Translated like the other answers.
    expect((await login(email, "wrong password", freshAddress())).status).toBe(401);
    const ja = await login(email, "wrong password", freshAddress(), "ja");
    expectTooMany(ja);
    expect(ja.body.message).toMatch(/秒/);
    const zh = await login(email, "wrong password", freshAddress(), "zh");
    expectTooMany(zh);
    expect(zh.body.message).toMatch(/秒/);
  });

  it("refuses a correct password during the delay with the same 429, without checking it", async () => {
    app = await createTestApp({ TRUST_PROXY: "true" });
    const email = await signUp("owner@example.com");
    await guessFromManyAddresses(email, SLOW_AFTER + 1);
    const sessionsBefore = await sessionCount();
    const right = await login(email, PASSWORD, freshAddress());
    const wrong = await login(email, "wrong password", freshAddress());
    expectTooMany(right);
    expectTooMany(wrong);
    expect(Object.keys(right.body).sort()).toEqual(Object.keys(wrong.body).sort());
    expect(right.body.error.code).toBe(wrong.body.error.code);
    expect(right.body.message.replace(/\d+/g, "N")).toBe(wrong.body.message.replace(/\d+/g, "N"));
    expect(await sessionCount()).toBe(sessionsBefore);
    // Once the delay has passed the owner gets in: a delay, not a lock.
    await letDelayPass();
    expect((await login(email, PASSWORD, freshAddress())).status).toBe(200);
  });

  it("lets the owner in at once from an address they recently logged in from, while the account is slowed", async () => {
    app = await createTestApp({ TRUST_PROXY: "true" });
    const email = await signUp("owner@example.com");
    const home = "198.51.100.20";
    expect((await login(email, PASSWORD, home)).status).toBe(200);
    await guessFromManyAddresses(email, SLOW_AFTER + 1);
    expectTooMany(await login(email, PASSWORD, freshAddress()));
    expect((await login(email, PASSWORD, home)).status).toBe(200);
    // That address is still bound by its own per-account budget.
    for (let i = 0; i < PER_ACCOUNT_ADDRESS; i++) expect((await login(email, "wrong password", home)).status).toBe(401);
    expectTooMany(await login(email, PASSWORD, home));
  });

  it("a burst of parallel guesses cannot overrun a budget, from one address or from many", async () => {
    app = await createTestApp({ TRUST_PROXY: "true" });
    const email = await signUp("owner@example.com");
    const statuses = (results: { status: number }[]) => results.map((r) => r.status);
    const fromOne = await Promise.all(Array.from({ length: 25 }, () => login(email, "wrong password", "192.0.2.90")));
    expect(statuses(fromOne).filter((s) => s === 401)).toHaveLength(PER_ACCOUNT_ADDRESS);
    expect(statuses(fromOne).filter((s) => s !== 401).every((s) => s === 429)).toBe(true);

    const victim = await signUp("victim@example.com");
    const fromMany = await Promise.all(Array.from({ length: 25 }, () => login(victim, "wrong password", freshAddress())));
    // The free failures, then exactly one attempt let through; the rest wait for the hold.
    expect(statuses(fromMany).filter((s) => s === 401)).toHaveLength(SLOW_AFTER + 1);
    expect(statuses(fromMany).filter((s) => s !== 401).every((s) => s === 429)).toBe(true);
  });

  it("the delay counts failures on one account, not on others", async () => {
    app = await createTestApp({ TRUST_PROXY: "true" });
    const email = await signUp("owner@example.com");
    await signUp("neighbour@example.com");
    await guessFromManyAddresses(email, SLOW_AFTER + 1);
    expectTooMany(await login(email, "wrong password", freshAddress()));
    expect((await login("neighbour@example.com", PASSWORD, freshAddress())).status).toBe(200);
    // Another spelling of the same address (case) is the same account.
    expectTooMany(await login("OWNER@example.com", "wrong password", freshAddress()));
  });
});
