// Chooses the payment provider from the configuration: Stripe when its keys are set, otherwise the
// built-in test-mode provider.
import type { Env } from "~/lib/env.server";
import type { PaymentProvider } from "./provider";
import { createStripeProvider } from "./stripe-provider.server";
import { createTestProvider } from "./test-provider";

export function createPaymentProvider(env: Env): PaymentProvider {
  if (env.STRIPE_SECRET_KEY) {
    return createStripeProvider({
      secretKey: env.STRIPE_SECRET_KEY,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET,
      apiBase: env.STRIPE_API_BASE,
    });
  }
  return createTestProvider();
}
