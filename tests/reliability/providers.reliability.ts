// The outside services failing, against the production server on PostgreSQL:
//  - the AI provider answering 5xx, 429, 401, hanging before the first byte, stalling mid-stream:
//    a clear, translated error event, no credit spent, the question stored as failed, and the next
//    question answered (and charged) once the provider is back;
//  - Stripe answering 500 to every call: a clear 502 `payment_provider_unavailable`, no grant, and the
//    same checkout retried with its idempotency key once Stripe is back is charged once and granted once.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkInvariants, startCluster, type Cluster } from "~/bench/lib/cluster.mjs";
import { createClient, parseSse, type Client } from "~/bench/lib/load.mjs";
import { randomIp } from "~/bench/lib/scenario.mjs";
import { AI_ERRORS } from "~/lib/ai/errors";
import { startFakeOpenAI, type FakeAiMode, type FakeOpenAI } from "~/tests/fakes/fake-openai";
import { startFakeStripe, type FakeStripe } from "~/tests/fakes/fake-stripe";
import { ensureProductionBuild } from "~/tests/security/production-build";

const AI_TIMEOUT_MS = 2_000;

let ai: FakeOpenAI;
let stripe: FakeStripe;
let cluster: Cluster;
let client: Client;

beforeAll(async () => {
  if (!process.env.BENCH_APP_ROOT) await ensureProductionBuild();
  ai = await startFakeOpenAI();
  stripe = await startFakeStripe();
  cluster = await startCluster({
    name: "fault-providers",
    instances: 1,
    env: {
      AI_API_KEY: "fault-key",
      AI_BASE_URL: ai.baseURL,
      // Short bounds so a hang is detected in seconds; production keeps 60 s and 2 retries.
      AI_TIMEOUT_MS: String(AI_TIMEOUT_MS),
      AI_MAX_RETRIES: "1",
      STRIPE_SECRET_KEY: "sk_test_fault_0123456789",
      STRIPE_PUBLISHABLE_KEY: "pk_test_fault_0123456789",
      STRIPE_WEBHOOK_SECRET: "whsec_fault_0123456789",
      STRIPE_API_BASE: stripe.url,
      STARTING_CREDITS: "3",
      RATE_LIMITS: "false",
      TRUST_PROXY: "2",
    },
  });
  client = createClient(cluster.proxy.url);
}, 600_000);

afterAll(async () => {
  client?.close();
  await cluster?.stop();
  await ai?.close();
  await stripe?.close();
});

async function signUp(): Promise<{ token: string; userId: string }> {
  const res = await client.request("POST", "/api/v1/user/register", {
    headers: { "x-forwarded-for": randomIp() },
    json: { email: `fault-${Date.now()}-${Math.random().toString(36).slice(2)}@example.test`, password: "fault-password-1" },
  });
  expect(res.status).toBe(201);
  return { token: res.json.token, userId: res.json.user.id };
}

async function state(userId: string) {
  const { rows } = await cluster.pool.query(
    `select u.credits::int as credits,
       (select count(*)::int from credit_ledger l where l.user_id = u.id and l.kind = 'ai_spend') as spends,
       (select count(*)::int from credit_ledger l where l.user_id = u.id and l.kind = 'purchase') as purchases,
       (select coalesce(sum(delta), 0)::int from credit_ledger l where l.user_id = u.id) as ledger_sum
     from users u where u.id = $1`,
    [userId],
  );
  return rows[0] as { credits: number; spends: number; purchases: number; ledger_sum: number };
}

async function ask(token: string) {
  const started = Date.now();
  const res = await client.request("POST", "/api/v1/ai/ask", {
    headers: { authorization: `Bearer ${token}`, "x-forwarded-for": randomIp() },
    json: { topic: "tax-consultation", question: "Do I charge VAT to a customer abroad?", lang: "ja" },
  });
  const events = res.status === 200 ? parseSse(res.text) : [];
  return { status: res.status, events, last: events[events.length - 1], ms: Date.now() - started };
}

describe("AI provider failing or hanging", () => {
  const cases: { mode: FakeAiMode; code: keyof typeof AI_ERRORS; maxMs: number }[] = [
    { mode: "server-error", code: "ai_unavailable", maxMs: 10_000 },
    { mode: "rate-limit", code: "ai_busy", maxMs: 10_000 },
    { mode: "unauthorized", code: "ai_misconfigured", maxMs: 5_000 },
    // No answer at all: the SDK's timeout, once per attempt (two attempts).
    { mode: "hang", code: "ai_timeout", maxMs: 4 * AI_TIMEOUT_MS + 5_000 },
    // First chunk, then silence: the stream's idle timeout.
    { mode: "stream-hang", code: "ai_timeout", maxMs: 2 * AI_TIMEOUT_MS + 5_000 },
    { mode: "empty", code: "ai_no_response", maxMs: 5_000 },
  ];

  for (const { mode, code, maxMs } of cases) {
    it(`${mode}: a clear "${code}" error in the member's language, no credit spent, then recovery`, async () => {
      const member = await signUp();
      ai.setMode(mode);
      const failed = await ask(member.token);
      expect(failed.status).toBe(200);
      expect(failed.last).toEqual({ event: "error", data: { code, message: AI_ERRORS[code].ja } });
      expect(failed.events.some((e) => e.event === "done")).toBe(false);
      expect(failed.ms).toBeLessThan(maxMs);
      expect(await state(member.userId)).toMatchObject({ credits: 3, spends: 0, ledger_sum: 3 });
      const { rows } = await cluster.pool.query("select status, error_code, credits_spent from ai_questions where user_id = $1", [member.userId]);
      expect(rows).toEqual([{ status: "failed", error_code: code, credits_spent: 0 }]);

      ai.setMode("ok");
      const answered = await ask(member.token);
      expect(answered.last?.event).toBe("done");
      expect(answered.last?.data.credits).toBe(2);
      expect(await state(member.userId)).toMatchObject({ credits: 2, spends: 1, ledger_sum: 2 });
    }, 60_000);
  }
});

describe("Stripe failing", () => {
  it("answers a clear 502 while Stripe answers 500, grants nothing, and settles once on retry", async () => {
    const member = await signUp();
    const body = { package: "pro", paymentMethodId: "pm_card_visa", country: "JP", idempotencyKey: `fault-stripe-${Date.now()}` };
    const pay = () =>
      client.request("POST", "/api/v1/payment/create", { headers: { authorization: `Bearer ${member.token}`, "x-forwarded-for": randomIp() }, json: body });

    const createdBefore = stripe.created();
    stripe.failNext(1_000);
    const failed = await pay();
    expect(failed.status).toBe(502);
    expect(failed.json.error.code).toBe("payment_provider_unavailable");
    expect(failed.json.error.message).toMatch(/not responding.*not be charged twice/);
    expect(await state(member.userId)).toMatchObject({ credits: 3, purchases: 0, ledger_sum: 3 });
    const { rows: pending } = await cluster.pool.query("select status, granted_at from payments where user_id = $1", [member.userId]);
    expect(pending).toEqual([{ status: "pending", granted_at: null }]);

    // Stripe is back; the page retries the same attempt.
    stripe.failNext(0);
    const settled = await pay();
    expect(settled.status).toBe(200);
    expect(settled.json).toMatchObject({ success: true, status: "succeeded", creditsAdded: 100, credits: 103 });
    const again = await pay();
    expect(again.json).toMatchObject({ success: true, status: "succeeded", transactionId: settled.json.transactionId, credits: 103 });

    expect(stripe.created() - createdBefore).toBe(1);
    expect(await state(member.userId)).toMatchObject({ credits: 103, purchases: 1, ledger_sum: 103 });
  }, 120_000);

  it("leaves every balance equal to its ledger", async () => {
    const invariants = await checkInvariants(cluster.pool);
    expect(invariants.ok, JSON.stringify(invariants)).toBe(true);
    expect(invariants.pendingPayments).toBe(0);
  });
});
