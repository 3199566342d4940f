// Stripe Elements' card field for the checkout page, loaded (script from js.stripe.com) only in
// Stripe mode and only on that page.
import type { Stripe, StripeCardElement, StripeCardElementChangeEvent } from "@stripe/stripe-js";
import { useEffect, useState } from "react";
import type { RootData } from "~/app/page-helpers/root-data";
import type { Lang } from "~/lib/i18n/languages";

export interface StripeCard {
  containerRef: (node: HTMLDivElement | null) => void;
  stripe: Stripe | null;
  card: StripeCardElement | null;
  ready: boolean;
  failed: boolean;
  empty: boolean;
  clear: () => void;
}

/**
 * Stripe Elements' card field, loaded (script from js.stripe.com) only in Stripe mode and only on this
 * page. `onChange` must be stable; it runs on every edit of the card.
 */
export function useStripeCard(payments: RootData["payments"] | null, lang: Lang, onChange: () => void): StripeCard {
  const [container, setContainer] = useState<HTMLDivElement | null>(null);
  const [state, setState] = useState<{ stripe: Stripe | null; card: StripeCardElement | null; failed: boolean; empty: boolean }>({
    stripe: null,
    card: null,
    failed: false,
    empty: true,
  });
  const publishableKey = payments?.provider === "stripe" ? payments.publishableKey : null;

  useEffect(() => {
    if (!publishableKey || !container) return;
    let cancelled = false;
    let card: StripeCardElement | null = null;
    (async () => {
      try {
        const { loadStripe } = await import("@stripe/stripe-js/pure");
        const stripe = await loadStripe(publishableKey, { locale: lang });
        if (!stripe || cancelled) return;
        card = stripe.elements({ locale: lang }).create("card", {
          hidePostalCode: true,
          style: { base: { fontSize: "16px", color: "#0f172a", "::placeholder": { color: "#64748b" } }, invalid: { color: "#b91c1c" } },
        });
        card.on("change", (event: StripeCardElementChangeEvent) => {
          onChange();
          setState((s) => ({ ...s, empty: event.empty }));
        });
        card.mount(container);
        setState({ stripe, card, failed: false, empty: true });
      } catch {
        if (!cancelled) setState((s) => ({ ...s, failed: true }));
      }
    })();
    return () => {
      cancelled = true;
      card?.destroy();
    };
  }, [publishableKey, container, lang, onChange]);

  return {
    containerRef: setContainer,
    stripe: state.stripe,
    card: state.card,
    ready: Boolean(state.stripe && state.card),
    failed: state.failed,
    empty: state.empty,
    clear: () => state.card?.clear(),
  };
}
