// One checkout attempt from the browser: the card turned into a payment-method id (the test card
// table in test mode, Stripe.js otherwise), then /payment/create with the attempt's idempotency key,
// 3-D Secure when the bank asks for it, and /payment/confirm after it.
import { api } from "~/app/api/api.client";
import type { PackageId } from "~/lib/catalog";
import type { Lang } from "~/lib/i18n/languages";
import type { CardErrorCode } from "~/lib/payments/card-errors";
import { tokenizeTestCard } from "~/lib/payments/test-cards";
import type { PaymentResponse } from "~/lib/contracts/payment";
import type { TestCardValues, CardFieldName } from "./test-card-fields";
import type { StripeCard } from "./use-stripe-card";

export interface Attempt {
  /** Sent as idempotencyKey: a retry of the same attempt is the same payment on the server. */
  key: string;
  paymentMethodId: string | null;
}

export type PaymentMethodResult =
  | { ok: true; paymentMethodId: string }
  | { ok: false; field: CardFieldName; code: CardErrorCode }
  | { ok: false; field: null; message: string | null };

/** The card as a payment-method id; the card number never reaches our server. */
export async function createPaymentMethod(input: {
  testMode: boolean;
  values: TestCardValues;
  stripeCard: StripeCard;
  name: string;
  country: string;
}): Promise<PaymentMethodResult> {
  if (input.testMode) {
    const card = tokenizeTestCard(input.values);
    return card.ok ? { ok: true, paymentMethodId: card.paymentMethodId } : { ok: false, field: card.field, code: card.code };
  }
  const created = await input.stripeCard.stripe!.createPaymentMethod({
    type: "card",
    card: input.stripeCard.card!,
    billing_details: { name: input.name.trim() || undefined, address: { country: input.country } },
  });
  if (created.error || !created.paymentMethod) return { ok: false, field: null, message: created.error?.message ?? null };
  return { ok: true, paymentMethodId: created.paymentMethod.id };
}

/** Charges the attempt; `onAuthenticating` is called before the bank's 3-D Secure dialog. */
export async function chargeAttempt(input: {
  packageId: PackageId;
  attempt: Attempt & { paymentMethodId: string };
  country: string;
  token: string | null;
  lang: Lang;
  stripeCard: StripeCard;
  onAuthenticating: () => void;
}): Promise<PaymentResponse | { authenticationFailed: string | null }> {
  const { token, lang } = input;
  const result = await api("POST /payment/create", {
    token,
    lang,
    body: {
      package: input.packageId,
      paymentMethodId: input.attempt.paymentMethodId,
      country: input.country,
      idempotencyKey: input.attempt.key,
    },
  });
  if (result.status !== "requires_action" || !input.stripeCard.stripe) return result;
  input.onAuthenticating();
  const action = await input.stripeCard.stripe.handleCardAction(result.clientSecret);
  if (action.error) return { authenticationFailed: action.error.message ?? null };
  return api("POST /payment/confirm", { token, lang, body: { transactionId: result.transactionId } });
}
