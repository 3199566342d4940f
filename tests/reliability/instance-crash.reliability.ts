// One instance killed with SIGKILL in the middle of a Stripe checkout, with two instances behind the
// proxy on one PostgreSQL: Stripe has charged the card but the instance dies before it hears back,
// so nothing is granted yet. Stripe's webhook, delivered to the surviving instance (several times,
// concurrently, and again to the restarted one), completes the grant exactly once; the page's retry
// with the same idempotency key answers the same successful payment without charging again.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkInvariants, startCluster, type Cluster } from "~/bench/lib/cluster.mjs";
import { createClient, type Client } from "~/bench/lib/load.mjs";
import { randomIp } from "~/bench/lib/scenario.mjs";
import { startFakeStripe, type FakeIntent, type FakeStripe } from "~/tests/fakes/fake-stripe";
import { ensureProductionBuild } from "~/tests/security/production-build";

const WEBHOOK_SECRET = "whsec_crash_0123456789";

let stripe: FakeStripe;
let cluster: Cluster;
let proxy: Client;

beforeAll(async () => {
  if (!process.env.BENCH_APP_ROOT) await ensureProductionBuild();
  stripe = await startFakeStripe();
  cluster = await startCluster({
    name: "fault-instance-crash",
    instances: 2,
    env: {
      STRIPE_SECRET_KEY: "sk_test_crash_0123456789",
      STRIPE_PUBLISHABLE_KEY: "pk_test_crash_0123456789",
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_BASE: stripe.url,
      STARTING_CREDITS: "3",
      TRUST_PROXY: "2",
    },
  });
  proxy = createClient(cluster.proxy.url);
}, 600_000);

afterAll(async () => {
  proxy?.close();
  await cluster?.stop();
  await stripe?.close();
});

async function deliver(url: string, payload: string, signature: string) {
  const response = await fetch(`${url}/api/v1/payment/webhook`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "Stripe-Signature": signature },
    body: payload,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function userState(userId: string) {
  const { rows } = await cluster.pool.query(
    `select u.credits::int as credits, u.package, u.payment_done,
       (select count(*)::int from credit_ledger l where l.user_id = u.id and l.kind = 'purchase') as purchases,
       (select coalesce(sum(delta), 0)::int from credit_ledger l where l.user_id = u.id) as ledger_sum
     from users u where u.id = $1`,
    [userId],
  );
  return rows[0] as { credits: number; package: string; payment_done: boolean; purchases: number; ledger_sum: number };
}

describe("an instance killed with SIGKILL mid-checkout", () => {
  it("is completed exactly once by the webhook, and the retry is answered without a second charge", async () => {
    const reg = await proxy.request("POST", "/api/v1/user/register", {
      headers: { "x-forwarded-for": randomIp() },
      json: { email: `crash-${Date.now()}@example.test`, password: "crash-password-1" },
    });
    expect(reg.status).toBe(201);
    const member = { token: reg.json.token as string, userId: reg.json.user.id as string };
    const body = { package: "pro", paymentMethodId: "pm_card_visa", country: "JP", idempotencyKey: `crash-${Date.now()}` };
    const createdBefore = stripe.created();

    // Stripe charges at once but answers only after 3 s: the instance dies in between.
    stripe.setResponseDelay(3_000);
    const victim = cluster.servers[0]!;
    const direct = createClient(victim.url);
    const checkout = direct.request("POST", "/api/v1/payment/create", {
      headers: { authorization: `Bearer ${member.token}`, "x-forwarded-for": randomIp() },
      json: body,
    });
    let intent: FakeIntent | undefined;
    for (let i = 0; i < 200 && !intent; i++) {
      intent = [...stripe.intents.values()].find((pi) => pi.metadata.userId === member.userId);
      if (!intent) await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(intent?.status).toBe("succeeded");
    victim.kill("SIGKILL");
    const lost = await checkout;
    direct.close();
    expect(lost.status).toBe(0);
    expect(lost.error).toBeTruthy();
    expect((await victim.exited).signal).toBe("SIGKILL");
    stripe.setResponseDelay(0);

    // The card is charged, nothing is granted yet, and the payment is recorded as pending.
    expect(await userState(member.userId)).toMatchObject({ credits: 3, purchases: 0, ledger_sum: 3, payment_done: false });
    const { rows: before } = await cluster.pool.query("select id, status, granted_at from payments where user_id = $1", [member.userId]);
    expect(before).toMatchObject([{ status: "pending", granted_at: null }]);
    const paymentId = before[0]!.id as string;

    // Stripe delivers payment_intent.succeeded (and retries it): to the proxy, whose first pick may
    // be the dead instance, and to the survivor directly, five times at once.
    const event = stripe.webhook("payment_intent.succeeded", intent!.id, WEBHOOK_SECRET);
    const deliveries = await Promise.all([
      ...Array.from({ length: 3 }, () => deliver(cluster.proxy.url, event.payload, event.signature)),
      ...Array.from({ length: 2 }, () => deliver(cluster.servers[1]!.url, event.payload, event.signature)),
    ]);
    for (const delivery of deliveries) expect(delivery.status).toBe(200);
    expect(await userState(member.userId)).toMatchObject({ credits: 103, purchases: 1, ledger_sum: 103, package: "pro", payment_done: true });

    // The page retries the same attempt (same idempotency key): the same payment, already granted.
    const retried = await proxy.request("POST", "/api/v1/payment/create", {
      headers: { authorization: `Bearer ${member.token}`, "x-forwarded-for": randomIp() },
      json: body,
    });
    expect(retried.status).toBe(200);
    expect(retried.json).toMatchObject({ success: true, status: "succeeded", transactionId: paymentId, credits: 103 });

    // The killed instance comes back and receives a late duplicate delivery: still one grant.
    const restarted = await cluster.restartServer(0);
    const late = await deliver(restarted.url, event.payload, event.signature);
    expect(late.status).toBe(200);
    expect(await userState(member.userId)).toMatchObject({ credits: 103, purchases: 1, ledger_sum: 103 });
    expect(stripe.created() - createdBefore).toBe(1);

    const invariants = await checkInvariants(cluster.pool);
    expect(invariants.ok, JSON.stringify(invariants)).toBe(true);
    expect(invariants.pendingPayments).toBe(0);
  }, 180_000);
});
