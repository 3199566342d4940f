// Stripe: PaymentIntents created and confirmed on the server with the card's PaymentMethod (manual
// confirmation), 3-D Secure finished on the page with the client secret, webhooks verified on the
// raw body. STRIPE_API_BASE points the SDK at another host (the fake Stripe server in tests).
import Stripe from "stripe";
import { z } from "zod";
import { isStorableText } from "~/lib/contracts/storable-text";
import type { ChargeInput, ChargeOutcome, PaymentEvent, PaymentProvider, RefundOutcome } from "./provider";
import { ProviderRequestError, ProviderUnavailableError, WebhookPayloadError, WebhookSignatureError } from "./provider";

// What every event has (the id is stored in processed_events to grant once). What is stored or
// looked up (the event's id and type, the charge's id, the card's message) must be storable:
// PostgreSQL refuses a NUL, which would make the delivery a 500 Stripe retries for days.
const StoredText = z.string().min(1).max(255).refine(isStorableText);
const WebhookEventSchema = z.looseObject({ id: StoredText, type: StoredText });
/** Amounts in whole cents, as Stripe sends them. */
const Cents = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);

type StripeConfig = NonNullable<ConstructorParameters<typeof Stripe>[1]>;

export interface StripeProviderOptions {
  secretKey: string;
  webhookSecret?: string;
  /** e.g. http://127.0.0.1:12111 */
  apiBase?: string;
  timeoutMs?: number;
  maxNetworkRetries?: number;
}

/** What a refunded charge must carry, in Stripe's types: the PaymentIntent's id (or the expanded object), whole cents. */
const RefundedChargeSchema = z.looseObject({
  object: z.literal("charge"),
  payment_intent: z.union([StoredText, z.looseObject({ id: StoredText })]),
  amount: Cents,
  amount_captured: Cents.optional(),
  amount_refunded: Cents,
  currency: z.string().max(16).optional(),
  refunds: z.looseObject({ data: z.array(z.looseObject({ id: StoredText })) }).nullish(),
});

/** What a PaymentIntent event must carry, in Stripe's types (what is stored or compared must be). */
const PaymentIntentEventSchema = z.looseObject({
  object: z.literal("payment_intent"),
  id: StoredText,
  amount: Cents.optional(),
  amount_received: Cents.optional(),
  currency: z.string().max(16).optional(),
  metadata: z.record(z.string(), z.string().max(500)).nullish(),
  last_payment_error: z
    .looseObject({
      code: z.string().max(255).nullish(),
      decline_code: z.string().max(255).nullish(),
      message: z.string().max(5000).refine(isStorableText).nullish(),
    })
    .nullish(),
});

/**
 * The event's object when it is a `kind` (null for another object), in the shape `schema` reads; a
 * signed object of that kind Stripe would never send is refused (WebhookPayloadError), not stored.
 */
function eventObject<T extends z.ZodType>(event: Stripe.Event, kind: string, schema: T): z.infer<T> | null {
  const object = event.data?.object as { object?: unknown } | undefined;
  if (object?.object !== kind) return null;
  const parsed = schema.safeParse(object);
  if (!parsed.success) throw new WebhookPayloadError();
  return parsed.data;
}

/** A PaymentIntent named by its id or expanded: our providerRef. */
const intentIdOf = (intent: string | { id: string }) => (typeof intent === "string" ? intent : intent.id);

/**
 * A charge refunded in part or in full, by our refund or in Stripe's dashboard. The charge names its
 * PaymentIntent (our providerRef); its refunds come newest first when the event carries them.
 */
function chargeRefunded(event: Stripe.Event): PaymentEvent {
  const charge = eventObject(event, "charge", RefundedChargeSchema);
  if (!charge) return { id: event.id, type: event.type, payment: null };
  return {
    id: event.id,
    type: event.type,
    payment: {
      providerRef: intentIdOf(charge.payment_intent),
      paymentId: null,
      amountCents: charge.amount_captured || charge.amount,
      currency: charge.currency ?? "",
      failure: null,
      refund: { amountCents: charge.amount_refunded, refundRef: charge.refunds?.data[0]?.id ?? null },
    },
  };
}

/** What a refund event must carry: the refund, its PaymentIntent (our providerRef) and where it stands. */
const RefundEventSchema = z.looseObject({
  object: z.literal("refund"),
  id: StoredText,
  amount: Cents,
  currency: z.string().max(16).optional(),
  payment_intent: z.union([StoredText, z.looseObject({ id: StoredText })]).nullish(),
  status: z.string().max(64).nullish(),
  failure_reason: z.string().max(255).refine(isStorableText).nullish(),
});

/**
 * A refund that failed after it was accepted: the card's bank returned it (`refund.failed`, or the
 * older `charge.refund.updated` with the refund's status `failed` or `canceled`). Any other update
 * of a refund says nothing the checkout acts on.
 */
function refundFailed(event: Stripe.Event): PaymentEvent {
  const refund = eventObject(event, "refund", RefundEventSchema);
  if (!refund || (refund.status !== "failed" && refund.status !== "canceled") || !refund.payment_intent) {
    return { id: event.id, type: event.type, payment: null };
  }
  return {
    id: event.id,
    type: event.type,
    payment: {
      providerRef: intentIdOf(refund.payment_intent),
      paymentId: null,
      amountCents: refund.amount,
      currency: refund.currency ?? "",
      failure: null,
      refundFailure: { refundRef: refund.id, reason: refund.failure_reason ?? refund.status },
    },
  };
}

/** host/port/protocol for the SDK from a base URL; {} keeps Stripe's own API. */
export function stripeConnection(apiBase?: string): Pick<StripeConfig, "host" | "port" | "protocol"> {
  if (!apiBase) return {};
  const url = new URL(apiBase);
  const protocol = url.protocol === "http:" ? "http" : "https";
  return {
    host: url.hostname.replace(/^\[(.*)\]$/, "$1"),
    port: url.port || (protocol === "http" ? "80" : "443"),
    protocol,
  };
}

/** The Stripe idempotency key of our payment's charge: one payment row, one PaymentIntent. */
export const stripeIdempotencyKey = (paymentId: string) => `taxatlas-payment-${paymentId}`;
/**
 * One payment, at most one refund: a retried refund request is the same refund. After a refund the
 * provider refused, the next attempt has its own key (the refusal was replayed for 24 hours).
 */
export const stripeRefundIdempotencyKey = (paymentId: string, attempt = 0) =>
  attempt === 0 ? `taxatlas-refund-${paymentId}` : `taxatlas-refund-${paymentId}-${attempt}`;

/** The card's last four digits from an intent fetched with `expand: ["latest_charge"]`. */
function cardLast4Of(pi: Stripe.PaymentIntent): string | null {
  const charge = pi.latest_charge;
  if (!charge || typeof charge === "string") return null;
  return charge.payment_method_details?.card?.last4 ?? null;
}

// Stripe's decline and error codes → our card message codes (lib/payments/card-errors.ts).
const DECLINE_CODES: Record<string, string> = {
  insufficient_funds: "insufficient_funds",
  expired_card: "expired_card",
  incorrect_cvc: "incorrect_cvc",
  invalid_cvc: "invalid_cvc",
  processing_error: "processing_error",
  incorrect_number: "invalid_number",
  invalid_number: "invalid_number",
  invalid_expiry_month: "invalid_expiry_month",
  invalid_expiry_year: "invalid_expiry_year",
  authentication_required: "authentication_failed",
  payment_intent_authentication_failure: "authentication_failed",
};

export function cardErrorCode(code?: string | null, declineCode?: string | null): string {
  return (declineCode && DECLINE_CODES[declineCode]) || (code && DECLINE_CODES[code]) || "card_declined";
}

function outcomeOf(pi: Stripe.PaymentIntent): ChargeOutcome {
  switch (pi.status) {
    case "succeeded":
      return {
        status: "succeeded",
        providerRef: pi.id,
        amountCents: pi.amount_received || pi.amount,
        currency: pi.currency,
        cardLast4: cardLast4Of(pi),
      };
    case "requires_action":
      if (!pi.client_secret) throw new ProviderRequestError("requires_action without a client secret", "unexpected_state");
      return { status: "requires_action", providerRef: pi.id, clientSecret: pi.client_secret };
    case "requires_payment_method": {
      const error = pi.last_payment_error;
      return {
        status: "failed",
        providerRef: pi.id,
        code: error ? cardErrorCode(error.code, error.decline_code) : "card_declined",
        message: error?.message ?? null,
      };
    }
    case "canceled":
      return { status: "failed", providerRef: pi.id, code: "canceled", message: null };
    default:
      // processing, requires_confirmation, requires_capture: not final; the webhook settles it.
      return { status: "processing", providerRef: pi.id };
  }
}

interface StripeErrorLike {
  type?: string;
  code?: string;
  decline_code?: string;
  param?: string;
  message?: string;
  payment_intent?: Stripe.PaymentIntent;
}

function failureOf(error: unknown): ChargeOutcome {
  const e = (error ?? {}) as StripeErrorLike;
  switch (e.type) {
    case "StripeCardError":
      return {
        status: "failed",
        providerRef: e.payment_intent?.id ?? null,
        code: cardErrorCode(e.code, e.decline_code),
        message: e.message ?? null,
      };
    case "StripeInvalidRequestError":
      if (e.param === "payment_method" || e.code === "resource_missing") {
        // "No such PaymentMethod: 'pm_…'" is for developers; the customer is asked to enter the card again.
        return { status: "failed", providerRef: e.payment_intent?.id ?? null, code: "invalid_payment_method", message: null };
      }
      if (e.code === "payment_intent_unexpected_state" && e.payment_intent) return outcomeOf(e.payment_intent);
      throw new ProviderRequestError(e.message ?? "invalid request", e.code ?? "invalid_request", { cause: error });
    case "StripeIdempotencyError":
      throw new ProviderRequestError(e.message ?? "idempotency conflict", "idempotency_conflict", { cause: error });
    default:
      // API errors (5xx), connection errors, rate limits, a wrong secret key: the outcome is unknown.
      throw new ProviderUnavailableError(e.message ?? "Stripe is unavailable", { cause: error });
  }
}

export function createStripeProvider(options: StripeProviderOptions): PaymentProvider {
  const stripe = new Stripe(options.secretKey, {
    ...stripeConnection(options.apiBase),
    timeout: options.timeoutMs ?? 20_000,
    maxNetworkRetries: options.maxNetworkRetries ?? 2,
    telemetry: false,
  });
  const webhookSecret = options.webhookSecret;

  /**
   * The whole charge refunded already, in Stripe's dashboard say: the refund that completed it, to be
   * recorded as the one asked for. A server whose webhook notice never arrives would otherwise leave
   * the purchase paid and its credits with the member. Null when Stripe's refunds do not add up to
   * the charge or cannot be listed: the refusal then stands.
   */
  async function refundMade(providerRef: string, amountCents: number): Promise<RefundOutcome | null> {
    try {
      const list = await stripe.refunds.list({ payment_intent: providerRef, limit: 100 });
      // Newest first; a refund the bank returned gave nothing back.
      const standing = list.data.filter((r) => r.status !== "failed" && r.status !== "canceled");
      const refunded = standing.reduce((sum, r) => sum + r.amount, 0);
      const newest = standing[0];
      if (!newest || refunded < amountCents) return null;
      return { status: newest.status === "succeeded" ? "succeeded" : "pending", refundRef: newest.id };
    } catch {
      return null;
    }
  }

  return {
    name: "stripe",
    refundMade,
    webhooksEnabled: Boolean(webhookSecret),

    async charge(input: ChargeInput): Promise<ChargeOutcome> {
      try {
        const pi = await stripe.paymentIntents.create(
          {
            amount: input.amountCents,
            currency: input.currency,
            payment_method: input.paymentMethodId,
            confirm: true,
            // The server confirms; after 3-D Secure the page calls /confirm and we confirm again.
            confirmation_method: "manual",
            use_stripe_sdk: true,
            allowed_payment_method_types: ["card"],
            description: input.description,
            metadata: { paymentId: input.paymentId, userId: input.userId, package: input.packageId, country: input.country },
            // The receipt shows the card's last four digits.
            expand: ["latest_charge"],
          },
          { idempotencyKey: stripeIdempotencyKey(input.paymentId) },
        );
        return outcomeOf(pi);
      } catch (error) {
        return failureOf(error);
      }
    },

    async confirm(providerRef: string): Promise<ChargeOutcome> {
      try {
        const pi = await stripe.paymentIntents.retrieve(providerRef, { expand: ["latest_charge"] });
        if (pi.status !== "requires_confirmation") return outcomeOf(pi);
        return outcomeOf(await stripe.paymentIntents.confirm(providerRef, { expand: ["latest_charge"] }));
      } catch (error) {
        return failureOf(error);
      }
    },

    async refund(providerRef: string, paymentId: string, amountCents: number, attempt = 0): Promise<RefundOutcome> {
      try {
        // No amount: always the whole charge (refunds are never partial, docs/architecture.md).
        const refund = await stripe.refunds.create(
          { payment_intent: providerRef, metadata: { paymentId } },
          { idempotencyKey: stripeRefundIdempotencyKey(paymentId, attempt) },
        );
        if (refund.status === "succeeded") return { status: "succeeded", refundRef: refund.id };
        if (refund.status === "failed" || refund.status === "canceled") {
          return { status: "failed", refundRef: refund.id, reason: refund.failure_reason ?? refund.status };
        }
        return { status: "pending", refundRef: refund.id };
      } catch (error) {
        const e = (error ?? {}) as StripeErrorLike;
        if (e.type === "StripeInvalidRequestError") {
          if (e.code === "charge_already_refunded") {
            const made = await refundMade(providerRef, amountCents);
            if (made) return made;
          }
          return { status: "failed", refundRef: null, reason: e.code ?? "invalid_request" };
        }
        throw new ProviderUnavailableError(e.message ?? "Stripe is unavailable", { cause: error });
      }
    },

    async paymentIdOf(providerRef: string): Promise<string | null> {
      try {
        const pi = await stripe.paymentIntents.retrieve(providerRef);
        const paymentId = pi.metadata?.paymentId;
        return typeof paymentId === "string" ? paymentId : null;
      } catch (error) {
        const e = (error ?? {}) as StripeErrorLike;
        if (e.type === "StripeInvalidRequestError") return null;
        throw new ProviderUnavailableError(e.message ?? "Stripe is unavailable", { cause: error });
      }
    },

    parseWebhook(rawBody: Buffer, signature: string | undefined): PaymentEvent {
      if (!webhookSecret || !signature) throw new WebhookSignatureError();
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signature, webhookSecret);
      } catch {
        throw new WebhookSignatureError();
      }
      if (!WebhookEventSchema.safeParse(event).success) throw new WebhookPayloadError();
      if (event.type === "charge.refunded") return chargeRefunded(event);
      if (event.type === "refund.failed" || event.type === "charge.refund.updated") return refundFailed(event);
      const raw = event.data?.object as { object?: unknown } | undefined;
      if (!event.type.startsWith("payment_intent.") || raw?.object !== "payment_intent") {
        return { id: event.id, type: event.type, payment: null };
      }
      const parsed = PaymentIntentEventSchema.safeParse(raw);
      if (!parsed.success) throw new WebhookPayloadError();
      const object = parsed.data;
      const error = object.last_payment_error;
      return {
        id: event.id,
        type: event.type,
        payment: {
          providerRef: object.id,
          paymentId: object.metadata?.paymentId ?? null,
          amountCents: object.amount_received || object.amount || 0,
          currency: object.currency ?? "",
          failure: error ? { code: cardErrorCode(error.code ?? null, error.decline_code ?? null), message: error.message ?? null } : null,
        },
      };
    },
  };
}
