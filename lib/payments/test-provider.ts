// The built-in test-mode provider (the embedded default): charges follow the card-network test
// numbers. It receives only payment-method ids (see test-cards.ts), never card numbers, and keeps no
// state, so every instance answers the same and a re-sent charge gives the same result.
import type { ChargeInput, ChargeOutcome, PaymentProvider, RefundOutcome } from "./provider";
import { ProviderRequestError } from "./provider";
import { testCardByPaymentMethod } from "./test-cards";

/** The provider reference of a test charge: derived from our payment id, so a retry yields the same one. */
export const testProviderRef = (paymentId: string) => `pi_test_${paymentId.replace(/-/g, "")}`;

export function createTestProvider(): PaymentProvider {
  return {
    name: "test",
    webhooksEnabled: false,
    async charge(input: ChargeInput): Promise<ChargeOutcome> {
      const providerRef = testProviderRef(input.paymentId);
      const card = testCardByPaymentMethod(input.paymentMethodId);
      if (!card) return { status: "failed", providerRef, code: "invalid_payment_method", message: null };
      if (card.outcome.kind === "failed") {
        return { status: "failed", providerRef, code: card.outcome.code, message: null };
      }
      return {
        status: "succeeded",
        providerRef,
        amountCents: input.amountCents,
        currency: input.currency,
        cardLast4: card.number.slice(-4),
      };
    },
    async refund(_providerRef: string, paymentId: string): Promise<RefundOutcome> {
      // Test mode moves no money: a refund is confirmed at once.
      return { status: "succeeded", refundRef: `re_test_${paymentId.replace(/-/g, "")}` };
    },
    async confirm(): Promise<ChargeOutcome> {
      // Test cards never ask for 3-D Secure, so there is nothing to confirm.
      throw new ProviderRequestError("test-mode payments never require confirmation", "unexpected_state");
    },
    async paymentIdOf(): Promise<string | null> {
      // Test mode sends no webhooks, so nothing asks.
      return null;
    },
    parseWebhook() {
      return null;
    },
  };
}
