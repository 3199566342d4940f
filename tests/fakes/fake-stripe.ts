// A fake Stripe API on loopback (node:http) answering the PaymentIntent calls the stripe SDK makes:
// create (+confirm), retrieve and confirm, with Stripe's idempotency keys, card declines,
// 3-D Secure (requires_action), a 500 on demand, and signed webhook events. Point the app at it with
// STRIPE_API_BASE=fake.url. PaymentMethod ids follow Stripe's documented test ids (pm_card_visa, ...).
import { randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";

export interface FakeIntent {
  id: string;
  object: "payment_intent";
  amount: number;
  amount_received: number;
  currency: string;
  status: "requires_payment_method" | "requires_confirmation" | "requires_action" | "processing" | "succeeded" | "canceled";
  client_secret: string;
  confirmation_method: string;
  payment_method: string | null;
  description: string | null;
  metadata: Record<string, string>;
  last_payment_error: { type: string; code: string; decline_code?: string; message: string } | null;
  next_action: { type: string; use_stripe_sdk?: Record<string, unknown> } | null;
  created: number;
  livemode: false;
  /** Always expanded here (the app asks for `expand: ["latest_charge"]`). */
  latest_charge: { id: string; object: "charge"; payment_method_details: { card: { last4: string } } } | null;
}

export interface FakeRefund {
  id: string;
  object: "refund";
  amount: number;
  currency: string;
  payment_intent: string;
  status: "succeeded" | "pending" | "failed";
  failure_reason?: string;
  metadata: Record<string, string>;
}

export interface FakeRequest {
  method: string;
  path: string;
  idempotencyKey: string | null;
  params: Record<string, string>;
  status: number;
}

type Behaviour =
  | { kind: "succeed" }
  | { kind: "3ds" }
  | { kind: "processing" }
  | { kind: "decline"; code: string; decline_code?: string; message: string };

const DECLINED = "Your card was declined.";

/** The last four digits of Stripe's documented test cards. */
const LAST4: Record<string, string> = {
  pm_card_visa: "4242",
  pm_card_visa_debit: "5556",
  pm_card_mastercard: "4444",
  pm_card_amex: "0005",
  pm_card_threeDSecure2Required: "3155",
  pm_card_authenticationRequired: "3184",
};

/** What a charge with each test PaymentMethod does. */
export const FAKE_PAYMENT_METHODS: Record<string, Behaviour> = {
  pm_card_visa: { kind: "succeed" },
  pm_card_visa_debit: { kind: "succeed" },
  pm_card_mastercard: { kind: "succeed" },
  pm_card_amex: { kind: "succeed" },
  pm_card_threeDSecure2Required: { kind: "3ds" },
  pm_card_authenticationRequired: { kind: "3ds" },
  pm_card_processing: { kind: "processing" },
  pm_card_visa_chargeDeclined: { kind: "decline", code: "card_declined", decline_code: "generic_decline", message: DECLINED },
  pm_card_visa_chargeDeclinedInsufficientFunds: {
    kind: "decline",
    code: "card_declined",
    decline_code: "insufficient_funds",
    message: "Your card has insufficient funds.",
  },
  pm_card_chargeDeclinedExpiredCard: { kind: "decline", code: "expired_card", message: "Your card has expired." },
  pm_card_chargeDeclinedIncorrectCvc: { kind: "decline", code: "incorrect_cvc", message: "Your card's security code is incorrect." },
};

export const AUTHENTICATION_FAILED_MESSAGE =
  "We are unable to authenticate your payment method. Please choose a different payment method and try again.";

export interface FakeStripe {
  /** e.g. http://127.0.0.1:40123 (for STRIPE_API_BASE) */
  url: string;
  intents: Map<string, FakeIntent>;
  refunds: Map<string, FakeRefund>;
  requests: FakeRequest[];
  /** The next refunds come back with this status ("succeeded" by default). */
  setRefundStatus(status: FakeRefund["status"]): void;
  /** PaymentIntents created (idempotent replays not counted): the number of charges attempted. */
  created(): number;
  /** The next `count` API calls answer 500 (before doing anything, like an outage in front of the API). */
  failNext(count: number): void;
  /** Every API call waits this long before doing anything. */
  setDelay(ms: number): void;
  /** Every API call does its work at once but answers only after this long (a slow network back). */
  setResponseDelay(ms: number): void;
  /** The customer finished (or failed) 3-D Secure on the page: requires_action → requires_confirmation. */
  completeAction(intentId: string, succeed?: boolean): void;
  /** The bank finished a charge that was `processing`: it succeeds (its webhook is the caller's to send). */
  finishProcessing(intentId: string): void;
  /** A signed webhook delivery for the intent's current state. */
  webhook(type: string, intentId: string, secret: string, eventId?: string): { payload: string; signature: string; eventId: string };
  /**
   * A refund made in Stripe's dashboard, not through our API (the whole charge unless `amountCents`
   * says less), and its signed `charge.refunded` delivery: the charge with its amount refunded so far.
   */
  dashboardRefund(intentId: string, secret: string, amountCents?: number): { payload: string; signature: string; eventId: string; refundId: string };
  /** The signed `charge.refunded` delivery for the refunds the intent's charge has now (ours or the dashboard's). */
  refundedWebhook(intentId: string, secret: string): { payload: string; signature: string; eventId: string };
  /**
   * The card's bank returned a refund that had succeeded (a closed card, say): the refund becomes
   * `failed` with `reason`, and its signed delivery of `type` (`refund.failed`, or the older
   * `charge.refund.updated`) carries the refund.
   */
  failRefund(refundId: string, secret: string, options?: { type?: string; reason?: string }): { payload: string; signature: string; eventId: string };
  /** A valid signature for any payload: what only a holder of the webhook secret could send. */
  sign(payload: string, secret: string): string;
  close(): Promise<void>;
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`;

function stripeError(status: number, error: Record<string, unknown>) {
  return { status, body: { error } };
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const intents = new Map<string, FakeIntent>();
  const refunds = new Map<string, FakeRefund>();
  let refundStatus: FakeRefund["status"] = "succeeded";
  const requests: FakeRequest[] = [];
  const idempotent = new Map<string, { params: string; status: number; body: unknown }>();
  let createdCount = 0;
  let failures = 0;
  let delayMs = 0;
  let responseDelayMs = 0;
  const signer = new Stripe("sk_test_fake_signer");

  function succeed(intent: FakeIntent) {
    intent.status = "succeeded";
    intent.amount_received = intent.amount;
    intent.latest_charge = {
      id: id("ch"),
      object: "charge",
      payment_method_details: { card: { last4: LAST4[intent.payment_method ?? ""] ?? "4242" } },
    };
  }

  function charge(intent: FakeIntent): { status: number; body: unknown } {
    const behaviour = FAKE_PAYMENT_METHODS[intent.payment_method ?? ""];
    if (!behaviour) {
      return stripeError(400, {
        type: "invalid_request_error",
        code: "resource_missing",
        param: "payment_method",
        message: `No such PaymentMethod: '${intent.payment_method}'`,
      });
    }
    switch (behaviour.kind) {
      case "succeed":
        succeed(intent);
        intent.next_action = null;
        intent.last_payment_error = null;
        return { status: 200, body: intent };
      case "3ds":
        intent.status = "requires_action";
        intent.next_action = { type: "use_stripe_sdk", use_stripe_sdk: { type: "three_d_secure_redirect" } };
        return { status: 200, body: intent };
      case "processing":
        intent.status = "processing";
        return { status: 200, body: intent };
      case "decline": {
        const error = { type: "card_error", code: behaviour.code, decline_code: behaviour.decline_code, message: behaviour.message };
        intent.status = "requires_payment_method";
        intent.last_payment_error = error;
        return stripeError(402, { ...error, payment_intent: intent });
      }
    }
  }

  function route(method: string, path: string, params: Record<string, string>): { status: number; body: unknown } {
    if (method === "POST" && path === "/v1/payment_intents") {
      const amount = Number(params.amount);
      if (!Number.isInteger(amount) || amount < 50) {
        return stripeError(400, { type: "invalid_request_error", param: "amount", message: "Invalid amount" });
      }
      const metadata: Record<string, string> = {};
      for (const [key, value] of Object.entries(params)) {
        const match = /^metadata\[(.+)\]$/.exec(key);
        if (match) metadata[match[1]!] = value;
      }
      const intentId = id("pi");
      const intent: FakeIntent = {
        id: intentId,
        object: "payment_intent",
        amount,
        amount_received: 0,
        currency: params.currency ?? "usd",
        status: "requires_payment_method",
        client_secret: `${intentId}_secret_${randomBytes(8).toString("hex")}`,
        confirmation_method: params.confirmation_method ?? "automatic",
        payment_method: params.payment_method ?? null,
        description: params.description ?? null,
        metadata,
        last_payment_error: null,
        next_action: null,
        created: Math.floor(Date.now() / 1000),
        livemode: false,
        latest_charge: null,
      };
      intents.set(intentId, intent);
      createdCount++;
      if (params.confirm !== "true") return { status: 200, body: intent };
      return charge(intent);
    }
    const retrieve = /^\/v1\/payment_intents\/([^/]+)$/.exec(path);
    if (method === "GET" && retrieve) {
      const intent = intents.get(retrieve[1]!);
      if (!intent) return stripeError(404, { type: "invalid_request_error", code: "resource_missing", message: "No such payment_intent" });
      return { status: 200, body: intent };
    }
    const confirm = /^\/v1\/payment_intents\/([^/]+)\/confirm$/.exec(path);
    if (method === "POST" && confirm) {
      const intent = intents.get(confirm[1]!);
      if (!intent) return stripeError(404, { type: "invalid_request_error", code: "resource_missing", message: "No such payment_intent" });
      if (intent.status === "requires_confirmation") {
        succeed(intent);
        intent.next_action = null;
        return { status: 200, body: intent };
      }
      if (intent.status === "requires_action") return { status: 200, body: intent };
      return stripeError(400, {
        type: "invalid_request_error",
        code: "payment_intent_unexpected_state",
        message: `This PaymentIntent's status is ${intent.status}, so it cannot be confirmed.`,
        payment_intent: intent,
      });
    }
    if (method === "GET" && path === "/v1/refunds") {
      // Newest first, as Stripe lists.
      const data = [...refunds.values()].filter((r) => !params.payment_intent || r.payment_intent === params.payment_intent).reverse();
      return { status: 200, body: { object: "list", data, has_more: false, url: "/v1/refunds" } };
    }
    if (method === "POST" && path === "/v1/refunds") {
      const intent = intents.get(params.payment_intent ?? "");
      if (!intent) return stripeError(400, { type: "invalid_request_error", code: "resource_missing", param: "payment_intent", message: "No such payment_intent" });
      if (intent.status !== "succeeded") {
        return stripeError(400, { type: "invalid_request_error", code: "charge_not_refundable", message: "This charge cannot be refunded." });
      }
      // As Stripe: a charge refunded in part (in the dashboard, say) has its rest refunded; only a whole one is refused.
      const refundedSoFar = standingRefunds(intent.id).reduce((sum, r) => sum + r.amount, 0);
      if (refundedSoFar >= intent.amount_received) {
        return stripeError(400, { type: "invalid_request_error", code: "charge_already_refunded", message: "Charge has already been refunded." });
      }
      const metadata: Record<string, string> = {};
      for (const [key, value] of Object.entries(params)) {
        const match = /^metadata\[(.+)\]$/.exec(key);
        if (match) metadata[match[1]!] = value;
      }
      const refund: FakeRefund = {
        id: id("re"),
        object: "refund",
        amount: params.amount ? Number(params.amount) : intent.amount_received - refundedSoFar,
        currency: intent.currency,
        payment_intent: intent.id,
        status: refundStatus,
        ...(refundStatus === "failed" ? { failure_reason: "expired_or_canceled_card" } : {}),
        metadata,
      };
      refunds.set(refund.id, refund);
      return { status: 200, body: refund };
    }
    return stripeError(404, { type: "invalid_request_error", message: `Unrecognized request URL (${method}: ${path})` });
  }

  /** An intent's refunds that stand (not returned by the bank), oldest first. */
  function standingRefunds(intentId: string) {
    return [...refunds.values()].filter((r) => r.payment_intent === intentId && r.status !== "failed");
  }

  function refundedWebhook(intentId: string, secret: string) {
    const intent = intents.get(intentId);
    if (!intent?.latest_charge) throw new Error(`${intentId} has no charge`);
    const ofCharge = standingRefunds(intent.id);
    const refunded = ofCharge.reduce((sum, r) => sum + r.amount, 0);
    const eventId = id("evt");
    const payload = JSON.stringify({
      id: eventId,
      object: "event",
      api_version: Stripe.API_VERSION,
      created: Math.floor(Date.now() / 1000),
      data: {
        object: {
          id: intent.latest_charge.id,
          object: "charge",
          amount: intent.amount,
          amount_captured: intent.amount_received,
          amount_refunded: refunded,
          refunded: refunded >= intent.amount_received,
          currency: intent.currency,
          payment_intent: intent.id,
          status: "succeeded",
          metadata: {},
          // The newest first, as Stripe lists them.
          refunds: { object: "list", data: ofCharge.reverse(), has_more: false },
        },
      },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type: "charge.refunded",
    });
    return { payload, signature: signer.webhooks.generateTestHeaderString({ payload, secret }), eventId };
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", async () => {
      const raw = Buffer.concat(chunks).toString("utf8");
      const url = new URL(req.url ?? "/", "http://fake");
      const params: Record<string, string> = {};
      for (const [key, value] of new URLSearchParams(req.method === "GET" ? url.search : raw)) params[key] = value;
      const key = (req.headers["idempotency-key"] as string | undefined) ?? null;
      const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
        requests.push({ method: req.method ?? "", path: url.pathname, idempotencyKey: key, params, status });
        const text = JSON.stringify(body);
        setTimeout(() => {
          res.writeHead(status, { "Content-Type": "application/json", "Request-Id": id("req"), ...headers });
          res.end(text);
        }, responseDelayMs);
      };
      if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
      if (!/^Bearer sk_(test|live)_/.test(req.headers.authorization ?? "")) {
        return send(401, { error: { type: "invalid_request_error", message: "Invalid API Key provided" } });
      }
      if (failures > 0) {
        failures--;
        return send(500, { error: { type: "api_error", message: "An unknown error occurred" } }, { "Stripe-Should-Retry": "false" });
      }
      if (req.method === "POST" && key) {
        const scope = `${url.pathname} ${key}`;
        const seen = idempotent.get(scope);
        if (seen) {
          if (seen.params !== raw) {
            return send(400, {
              error: {
                type: "idempotency_error",
                message: "Keys for idempotent requests can only be used with the same parameters they were first used with.",
              },
            });
          }
          return send(seen.status, seen.body, { "Idempotent-Replayed": "true" });
        }
        const result = route(req.method, url.pathname, params);
        // Like Stripe, the first result for a key is replayed, with the intent as it was then.
        idempotent.set(scope, { params: raw, status: result.status, body: JSON.parse(JSON.stringify(result.body)) });
        return send(result.status, result.body);
      }
      const result = route(req.method ?? "GET", url.pathname, params);
      return send(result.status, result.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    intents,
    refunds,
    requests,
    setRefundStatus(status) {
      refundStatus = status;
    },
    created: () => createdCount,
    failNext(count) {
      failures = count;
    },
    setDelay(ms) {
      delayMs = ms;
    },
    setResponseDelay(ms) {
      responseDelayMs = ms;
    },
    completeAction(intentId, succeed = true) {
      const intent = intents.get(intentId);
      if (!intent || intent.status !== "requires_action") throw new Error(`${intentId} does not require action`);
      intent.next_action = null;
      if (succeed) {
        intent.status = "requires_confirmation";
      } else {
        intent.status = "requires_payment_method";
        intent.last_payment_error = {
          type: "card_error",
          code: "payment_intent_authentication_failure",
          message: AUTHENTICATION_FAILED_MESSAGE,
        };
      }
    },
    webhook(type, intentId, secret, eventId = id("evt")) {
      const intent = intents.get(intentId);
      if (!intent) throw new Error(`unknown intent ${intentId}`);
      const payload = JSON.stringify({
        id: eventId,
        object: "event",
        api_version: Stripe.API_VERSION,
        created: Math.floor(Date.now() / 1000),
        data: { object: intent },
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
      });
      const signature = signer.webhooks.generateTestHeaderString({ payload, secret });
      return { payload, signature, eventId };
    },
    dashboardRefund(intentId, secret, amountCents) {
      const intent = intents.get(intentId);
      if (!intent || intent.status !== "succeeded") throw new Error(`${intentId} has no charge to refund`);
      const refund: FakeRefund = {
        id: id("re"),
        object: "refund",
        amount: amountCents ?? intent.amount_received,
        currency: intent.currency,
        payment_intent: intent.id,
        status: "succeeded",
        metadata: {},
      };
      refunds.set(refund.id, refund);
      return { ...refundedWebhook(intentId, secret), refundId: refund.id };
    },
    refundedWebhook,
    failRefund(refundId, secret, { type = "refund.failed", reason = "expired_or_canceled_card" } = {}) {
      const refund = refunds.get(refundId);
      if (!refund) throw new Error(`no refund ${refundId}`);
      refund.status = "failed";
      refund.failure_reason = reason;
      const eventId = id("evt");
      const intent = intents.get(refund.payment_intent);
      const payload = JSON.stringify({
        id: eventId,
        object: "event",
        api_version: Stripe.API_VERSION,
        created: Math.floor(Date.now() / 1000),
        data: { object: { ...refund, charge: intent?.latest_charge?.id ?? null } },
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
      });
      return { payload, signature: signer.webhooks.generateTestHeaderString({ payload, secret }), eventId };
    },
    finishProcessing(intentId) {
      const intent = intents.get(intentId);
      if (!intent || intent.status !== "processing") throw new Error(`${intentId} is not processing`);
      succeed(intent);
    },
    sign: (payload, secret) => signer.webhooks.generateTestHeaderString({ payload, secret }),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
