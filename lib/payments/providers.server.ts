// Chooses the payment provider from the configuration: Stripe when its keys are set, otherwise the
// built-in test-mode provider. The Stripe SDK is loaded only when Stripe is configured: a site without
// it does not pay for loading it at every start (docs/performance.md, "Restarts").
import type { Env } from "~/lib/env.server";
import type { PaymentProvider } from "./provider";
import { createTestProvider } from "./test-provider";

export async function createPaymentProvider(env: Env): Promise<PaymentProvider> {
  if (env.STRIPE_SECRET_KEY) {
    const { createStripeProvider } = await import("./stripe-provider.server");
    return createStripeProvider({
      secretKey: env.STRIPE_SECRET_KEY,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET,
      apiBase: env.STRIPE_API_BASE,
    });
  }
  return createTestProvider();
}
