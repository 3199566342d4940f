// One interface for every card payment provider: the built-in test provider and Stripe. The checkout
// (lib/payments/checkout.server.ts) only talks to this interface.
import type { PackageId } from "~/lib/catalog";

export type PaymentProviderName = "test" | "stripe";

export interface ChargeInput {
  /** Our payments.id; the provider's idempotency key is derived from it, so a re-sent charge is the same charge. */
  paymentId: string;
  userId: string;
  packageId: PackageId;
  amountCents: number;
  currency: "usd";
  paymentMethodId: string;
  country: string;
  description: string;
}

/** Where a charge stands at the provider. */
export type ChargeOutcome =
  | { status: "succeeded"; providerRef: string; amountCents: number; currency: string; cardLast4?: string | null }
  /** 3-D Secure: the page completes the customer's authentication with `clientSecret`, then calls /confirm. */
  | { status: "requires_action"; providerRef: string; clientSecret: string }
  /** Accepted but not final yet; the webhook finishes it. */
  | { status: "processing"; providerRef: string }
  /** Declined or otherwise final without money moving. `message` is the provider's own text (English). */
  | { status: "failed"; providerRef: string | null; code: string; message: string | null };

/** A verified webhook delivery, reduced to what the checkout needs. */
export interface PaymentEvent {
  id: string;
  type: string;
  /** The charge the event is about; null for events about other objects. */
  payment: {
    providerRef: string;
    /** Our payments.id as sent in the provider's metadata (finds a payment whose reference was never saved). */
    paymentId: string | null;
    amountCents: number;
    currency: string;
    failure: { code: string; message: string | null } | null;
    cardLast4?: string | null;
    /** A refund event (ours, or one made in the provider's dashboard): how much of the charge is refunded so far. */
    refund?: { amountCents: number; refundRef: string | null };
    /** A refund that failed after it was accepted (the card's bank returned it): which one, and the provider's reason. */
    refundFailure?: { refundRef: string; reason: string };
  } | null;
}

/** Where a refund stands at the provider. */
export type RefundOutcome =
  | { status: "succeeded"; refundRef: string }
  /** Accepted but not final (some card networks); the refund is recorded once it succeeds. */
  | { status: "pending"; refundRef: string }
  | { status: "failed"; refundRef: string | null; reason: string };

export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** Creates and confirms a charge. Throws ProviderUnavailableError when the outcome is unknown. */
  charge(input: ChargeInput): Promise<ChargeOutcome>;
  /** The current state of a charge; confirms it when the customer has just completed 3-D Secure. */
  confirm(providerRef: string, paymentId: string): Promise<ChargeOutcome>;
  /**
   * Refunds a succeeded charge in full. Idempotent per payment and attempt (`attempt`: the refunds the
   * provider refused before, so a refused one can be asked again). Throws ProviderUnavailableError when
   * the outcome is unknown.
   */
  refund(providerRef: string, paymentId: string, amountCents: number, attempt?: number): Promise<RefundOutcome>;
  /**
   * The refund that already gave a charge back in full (in the provider's dashboard, say), or null:
   * none, not in full, or the provider cannot say. A provider whose refunds are all ours has none.
   */
  refundMade?(providerRef: string, amountCents: number): Promise<RefundOutcome | null>;
  /** Our payments.id that a charge carries in its metadata (null when none or unknown). Throws ProviderUnavailableError. */
  paymentIdOf(providerRef: string): Promise<string | null>;
  /** Verifies a webhook delivery on its raw bytes. Throws WebhookSignatureError or WebhookPayloadError; null when the provider sends none. */
  parseWebhook(rawBody: Buffer, signature: string | undefined): PaymentEvent | null;
  /** False when webhooks cannot be verified (no signing secret configured). */
  readonly webhooksEnabled: boolean;
}

/** The provider could not be reached or failed internally: the charge may or may not exist. Safe to retry with the same key. */
export class ProviderUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "ProviderUnavailableError";
  }
}

/** The provider refused the request itself (not the card): a conflict or a state it does not allow. */
export class ProviderRequestError extends Error {
  constructor(
    message: string,
    public readonly code: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = "ProviderRequestError";
  }
}

export class WebhookSignatureError extends Error {
  constructor(message = "invalid webhook signature") {
    super(message);
    this.name = "WebhookSignatureError";
  }
}

/** A correctly signed delivery whose body is not an event (no id or type): refused, never retried into a 500. */
export class WebhookPayloadError extends Error {
  constructor(message = "webhook body is not an event") {
    super(message);
    this.name = "WebhookPayloadError";
  }
}
