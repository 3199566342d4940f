// The checkout pages /pricing/basic, /pricing/pro and /pricing/enterprise (and /ja/..., /zh/...).
// The package summary is server-rendered from the catalog; the card form is for signed-in members.
// Test mode (the built-in provider) uses our own card form; with Stripe the card field is Stripe
// Elements, loaded only on this page. The server prices the package; the page never sends an amount.
import type { Stripe, StripeCardElement, StripeCardElementChangeEvent } from "@stripe/stripe-js";
import { useCallback, useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import { data, useLoaderData, useRouteLoaderData } from "react-router";
import { api, ApiRequestError } from "~/app/api/api.client";
import { formatUsd, getPackage } from "~/lib/catalog";
import { format } from "~/lib/i18n/format";
import { LANGUAGES, type Lang } from "~/lib/i18n/languages";
import { pageLang } from "~/app/page-helpers/page-loader.server";
import { cardErrorText } from "~/lib/payments/card-errors";
import { formatCardNumber, formatExpiry, LISTED_TEST_CARDS, tokenizeTestCard } from "~/lib/payments/test-cards";
import { rootDataFrom, type RootData } from "~/app/page-helpers/root-data";
import { fieldErrorText } from "~/lib/contracts/field-errors";
import { isCountryCode, normalizeCountryInput, type PaymentResponse } from "~/lib/contracts/payment";
import { PRIVATE_PAGE_CACHE_CONTROL, seoMeta } from "~/app/page-helpers/seo";
import { useAuth } from "~/app/components/auth-provider";
import { useLanguage, useMessages } from "~/app/components/language-provider";
import { LocalizedLink } from "~/app/components/localized-link";
import { RequireAuth } from "~/app/components/require-auth";
import { checkout, type CheckoutMessages } from "~/content/messages/checkout";
import type { Route } from "./+types/checkout";

export function loader({ params }: Route.LoaderArgs) {
  const lang = pageLang(params);
  const pkg = getPackage(params.package ?? "");
  if (!pkg) throw data(null, { status: 404 });
  return {
    lang,
    pkg: {
      id: pkg.id,
      name: pkg.name[lang],
      priceCents: pkg.priceCents,
      credits: pkg.credits,
      features: pkg.features[lang],
      description: pkg.description[lang],
    },
  };
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": PRIVATE_PAGE_CACHE_CONTROL });

export const meta: Route.MetaFunction = ({ data: page, matches }) => {
  const root = rootDataFrom(matches);
  if (!page || !root) return [];
  const t = checkout[page.lang];
  const vars = { name: page.pkg.name, credits: page.pkg.credits, price: formatUsd(page.pkg.priceCents) };
  return seoMeta({
    lang: page.lang,
    path: `/pricing/${page.pkg.id}`,
    title: format(t.seoTitle, vars),
    description: format(t.seoDescription, vars),
    siteName: root.siteName,
    origin: root.origin,
    noindex: true,
  });
};

type CheckoutPackage = ReturnType<typeof loader>["pkg"];

export default function Checkout() {
  const { pkg } = useLoaderData<typeof loader>();
  const root = useRouteLoaderData<RootData>("root");
  const t = useMessages(checkout);
  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6 md:py-14">
      <LocalizedLink to="/pricing" className="text-sm font-medium text-brand-700 hover:underline">
        <span aria-hidden>← </span>
        {t.backToPricing}
      </LocalizedLink>
      <h1 className="mt-4 text-3xl font-bold tracking-tight text-slate-900 md:text-4xl">{format(t.title, { name: pkg.name })}</h1>
      <p className="mt-3 max-w-2xl text-slate-600">{t.intro}</p>
      {/* In the page, not the form: shown before sign-in and while the session is checked too. */}
      {root?.payments.provider === "test" && <TestModeNotice t={t} />}
      <div className="mt-8 grid gap-8 md:grid-cols-5">
        <OrderSummary pkg={pkg} t={t} />
        <section className="md:col-span-3" aria-labelledby="checkout-payment">
          <h2 id="checkout-payment" className="text-xl font-semibold text-slate-900">
            {t.form.title}
          </h2>
          <RequireAuth>
            <CheckoutForm pkg={pkg} />
          </RequireAuth>
        </section>
      </div>
    </div>
  );
}

function OrderSummary({ pkg, t }: { pkg: CheckoutPackage; t: CheckoutMessages }) {
  const price = formatUsd(pkg.priceCents);
  return (
    <section
      className="h-fit rounded-lg border border-slate-200 bg-slate-50 p-6 md:col-span-2"
      aria-labelledby="checkout-summary"
      data-testid="checkout-summary"
    >
      <h2 id="checkout-summary" className="text-xl font-semibold text-slate-900">
        {t.summary.title}
      </h2>
      <p className="mt-2 text-sm text-slate-600">{pkg.description}</p>
      <dl className="mt-4 divide-y divide-slate-200 text-sm">
        <div className="flex justify-between gap-4 py-2">
          <dt className="text-slate-600">{t.summary.package}</dt>
          <dd className="font-medium text-slate-900">{pkg.name}</dd>
        </div>
        <div className="flex justify-between gap-4 py-2">
          <dt className="text-slate-600">{t.summary.credits}</dt>
          <dd className="font-medium text-slate-900">{format(t.summary.creditsValue, { count: pkg.credits })}</dd>
        </div>
        <div className="flex justify-between gap-4 py-2">
          <dt className="font-semibold text-slate-900">{t.summary.total}</dt>
          <dd className="text-right font-semibold text-slate-900" data-testid="checkout-total">
            {format(t.summary.totalValue, { price })}
          </dd>
        </div>
      </dl>
      <h3 className="mt-5 text-sm font-semibold text-slate-900">{t.summary.features}</h3>
      <ul className="mt-2 space-y-1 text-sm text-slate-700">
        {pkg.features.map((feature) => (
          <li key={feature} className="flex gap-2">
            <span aria-hidden className="text-green-700">
              ✓
            </span>
            {feature}
          </li>
        ))}
      </ul>
      <p className="mt-4 text-xs text-slate-600">{t.summary.perCredit}</p>
    </section>
  );
}

type Status =
  | { kind: "idle" }
  | { kind: "processing"; text?: string }
  | { kind: "error"; text: string }
  | { kind: "info"; text: string }
  | { kind: "success"; creditsAdded: number; balance: number };

interface Attempt {
  /** Sent as idempotencyKey: a retry of the same attempt is the same payment on the server. */
  key: string;
  paymentMethodId: string | null;
}

/** A random key; getRandomValues also works where randomUUID does not (plain http). */
function newAttemptKey(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return `co-${Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("")}`;
}

function CheckoutForm({ pkg }: { pkg: CheckoutPackage }) {
  const root = useRouteLoaderData<RootData>("root");
  const payments = root?.payments ?? null;
  const auth = useAuth();
  const { lang } = useLanguage();
  const t = useMessages(checkout);
  const price = formatUsd(pkg.priceCents);

  const [number, setNumber] = useState("");
  const [expiry, setExpiry] = useState("");
  const [cvc, setCvc] = useState("");
  const [name, setName] = useState("");
  const [country, setCountry] = useState("");
  const [countryError, setCountryError] = useState<string | null>(null);
  const [invalidField, setInvalidField] = useState<"number" | "expiry" | "cvc" | null>(null);
  const [status, setStatus] = useState<Status>({ kind: "idle" });
  const attempt = useRef<Attempt | null>(null);
  const busy = useRef(false);
  const fieldRefs = {
    number: useRef<HTMLInputElement>(null),
    expiry: useRef<HTMLInputElement>(null),
    cvc: useRef<HTMLInputElement>(null),
    country: useRef<HTMLInputElement>(null),
  };

  // Any change to what is being paid with starts a new attempt (a new idempotency key).
  const resetAttempt = useCallback(() => {
    attempt.current = null;
  }, []);
  const stripeCard = useStripeCard(payments, lang, resetAttempt);

  const processing = status.kind === "processing";
  const testMode = payments?.provider === "test";

  function edit(setter: (value: string) => void, field?: "number" | "expiry" | "cvc") {
    return (value: string) => {
      setter(value);
      resetAttempt();
      if (field && invalidField === field) setInvalidField(null);
    };
  }

  function finish(result: PaymentResponse) {
    if (result.success && result.status === "succeeded") {
      auth.setCredits(result.credits);
      setStatus({ kind: "success", creditsAdded: result.creditsAdded, balance: result.credits });
      attempt.current = null;
      setNumber("");
      setExpiry("");
      setCvc("");
      stripeCard.clear();
      return;
    }
    if (result.status === "pending") {
      // The outcome is not final yet: keep the attempt, so pressing Pay again asks about the same payment.
      setStatus({ kind: "info", text: result.error || t.messages.processing });
      return;
    }
    attempt.current = null;
    setStatus({ kind: "error", text: format(t.messages.failed, { error: (result.status === "failed" && result.error) || t.messages.unknown }) });
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy.current) return;
    const countryCode = normalizeCountryInput(country);
    const cardPresent = testMode ? Boolean(number.trim() && expiry.trim() && cvc.trim()) : stripeCard.ready && !stripeCard.empty;
    const providerPresent = testMode || (payments?.provider === "stripe" && stripeCard.ready);
    if (!providerPresent || !cardPresent || !countryCode) {
      setStatus({ kind: "error", text: t.messages.fillAll });
      return;
    }
    if (!isCountryCode(countryCode)) {
      setCountryError(fieldErrorText("invalid_country", lang));
      setStatus({ kind: "idle" });
      fieldRefs.country.current?.focus();
      return;
    }
    setCountryError(null);
    setInvalidField(null);

    busy.current = true;
    setStatus({ kind: "processing" });
    try {
      let current = attempt.current;
      if (!current?.paymentMethodId) {
        let paymentMethodId: string;
        if (testMode) {
          const card = tokenizeTestCard({ number, expiry, cvc });
          if (!card.ok) {
            // The card field's own message, as is.
            setInvalidField(card.field);
            setStatus({ kind: "error", text: cardErrorText(card.code, lang) });
            fieldRefs[card.field].current?.focus();
            return;
          }
          paymentMethodId = card.paymentMethodId;
        } else {
          const created = await stripeCard.stripe!.createPaymentMethod({
            type: "card",
            card: stripeCard.card!,
            billing_details: { name: name.trim() || undefined, address: { country: countryCode } },
          });
          if (created.error || !created.paymentMethod) {
            setStatus({ kind: "error", text: created.error?.message || t.messages.unknown });
            return;
          }
          paymentMethodId = created.paymentMethod.id;
        }
        current = { key: current?.key ?? newAttemptKey(), paymentMethodId };
        attempt.current = current;
      }

      let result = await api("POST /payment/create", {
        token: auth.token,
        lang,
        body: { package: pkg.id, paymentMethodId: current.paymentMethodId ?? "", country: countryCode, idempotencyKey: current.key },
      });
      if (result.status === "requires_action" && stripeCard.stripe) {
        setStatus({ kind: "processing", text: t.messages.authenticating });
        const action = await stripeCard.stripe.handleCardAction(result.clientSecret);
        if (action.error) {
          attempt.current = null;
          setStatus({ kind: "error", text: action.error.message || t.messages.unknown });
          return;
        }
        result = await api("POST /payment/confirm", {
          token: auth.token,
          lang,
          body: { transactionId: result.transactionId },
        });
      }
      finish(result);
    } catch (error) {
      // The outcome is unknown (network, server): the attempt is kept, so Pay again retries the same payment.
      if (error instanceof ApiRequestError && error.status === 401) auth.clear();
      const message = error instanceof ApiRequestError ? error.message || t.messages.networkError : (error as Error)?.message;
      setStatus({ kind: "error", text: format(t.messages.error, { message: message || t.messages.unknown }) });
    } finally {
      busy.current = false;
      setStatus((s) => (s.kind === "processing" ? { kind: "idle" } : s));
    }
  }

  const countryName = country.length === 2 && isCountryCode(country) ? regionName(country, lang) : null;

  return (
    <form onSubmit={onSubmit} noValidate className="mt-4 space-y-5" data-testid="checkout-form" aria-busy={processing}>
      {testMode ? (
        <fieldset className="space-y-4">
          <legend className="sr-only">{t.form.card}</legend>
          <Field id="card-number" label={t.form.cardNumber} invalid={invalidField === "number"}>
            <input
              ref={fieldRefs.number}
              id="card-number"
              name="card-number"
              type="text"
              inputMode="numeric"
              autoComplete="cc-number"
              placeholder="1234 1234 1234 1234"
              maxLength={23}
              value={number}
              onChange={(e) => edit(setNumber, "number")(formatCardNumber(e.target.value))}
              aria-required
              aria-invalid={invalidField === "number" || undefined}
              className={inputClass(invalidField === "number")}
            />
          </Field>
          <div className="grid grid-cols-2 gap-4">
            <Field id="card-expiry" label={t.form.expiry} invalid={invalidField === "expiry"}>
              <input
                ref={fieldRefs.expiry}
                id="card-expiry"
                name="card-expiry"
                type="text"
                inputMode="numeric"
                autoComplete="cc-exp"
                placeholder="MM/YY"
                maxLength={7}
                value={expiry}
                onChange={(e) => edit(setExpiry, "expiry")(formatExpiry(e.target.value))}
                aria-required
                aria-invalid={invalidField === "expiry" || undefined}
                className={inputClass(invalidField === "expiry")}
              />
            </Field>
            <Field id="card-cvc" label={t.form.cvc} invalid={invalidField === "cvc"}>
              <input
                ref={fieldRefs.cvc}
                id="card-cvc"
                name="card-cvc"
                type="text"
                inputMode="numeric"
                autoComplete="cc-csc"
                placeholder="123"
                maxLength={4}
                value={cvc}
                onChange={(e) => edit(setCvc, "cvc")(e.target.value.replace(/\D/g, ""))}
                aria-required
                aria-invalid={invalidField === "cvc" || undefined}
                className={inputClass(invalidField === "cvc")}
              />
            </Field>
          </div>
        </fieldset>
      ) : (
        <div>
          <p id="card-element-label" className="block text-sm font-medium text-slate-800">
            {t.form.card}
          </p>
          <div
            ref={stripeCard.containerRef}
            role="group"
            aria-labelledby="card-element-label"
            className="mt-1 min-h-[2.75rem] rounded-md border border-slate-400 bg-white px-3 py-3 focus-within:ring-2 focus-within:ring-brand-600"
            data-testid="stripe-card"
          />
          {!stripeCard.ready && (
            <p className="mt-1 text-sm text-slate-600" role="status">
              {stripeCard.failed ? t.form.cardUnavailable : t.form.loadingCard}
            </p>
          )}
        </div>
      )}

      <Field id="card-name" label={t.form.name}>
        <input
          id="card-name"
          name="card-name"
          type="text"
          autoComplete="cc-name"
          maxLength={100}
          value={name}
          onChange={(e) => setName(e.target.value)}
          className={inputClass(false)}
        />
      </Field>

      <div>
        <label htmlFor="country" className="block text-sm font-medium text-slate-800">
          {t.form.country}
        </label>
        <input
          ref={fieldRefs.country}
          id="country"
          name="country"
          type="text"
          autoComplete="country"
          autoCapitalize="characters"
          spellCheck={false}
          placeholder="JP"
          // No maxLength: a pasted " jp" or "JPN" is normalized to two letters instead of being cut first.
          value={country}
          onChange={(e) => {
            setCountry(normalizeCountryInput(e.target.value));
            setCountryError(null);
            resetAttempt();
          }}
          required
          aria-required
          aria-invalid={countryError ? true : undefined}
          aria-describedby={countryError ? "country-hint country-error" : "country-hint"}
          className={`${inputClass(Boolean(countryError))} w-24 uppercase`}
        />
        <p id="country-hint" className="mt-1 text-sm text-slate-600">
          {t.form.countryHint}
          {countryName && <span data-testid="country-name"> ({countryName})</span>}
        </p>
        {countryError && (
          <p id="country-error" className="mt-1 text-sm font-medium text-red-700" data-testid="country-error">
            {countryError}
          </p>
        )}
      </div>

      <StatusMessage status={status} t={t} />

      <button
        type="submit"
        disabled={processing}
        className="w-full rounded-md bg-brand-600 px-5 py-3 text-lg font-semibold text-white shadow hover:bg-brand-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:bg-slate-500"
        data-testid="pay-button"
      >
        {processing ? t.form.processing : format(t.form.pay, { price })}
      </button>
      <p className="text-xs text-slate-600">{t.form.secure}</p>
    </form>
  );
}

function inputClass(invalid: boolean): string {
  return `mt-1 block w-full rounded-md border bg-white px-3 py-2 text-slate-900 shadow-sm focus:outline-none focus:ring-2 focus:ring-brand-600 ${
    invalid ? "border-red-600" : "border-slate-400"
  }`;
}

function Field({ id, label, invalid, children }: { id: string; label: string; invalid?: boolean; children: ReactNode }) {
  return (
    // A column whose label sits at the bottom of its space: when one label of a row wraps (the
    // Japanese security-code label does), the inputs beside each other still line up.
    <div className="flex flex-col" data-invalid={invalid || undefined}>
      <label htmlFor={id} className="flex flex-1 items-end text-sm font-medium text-slate-800">
        {label}
      </label>
      {children}
    </div>
  );
}

function TestModeNotice({ t }: { t: CheckoutMessages }) {
  const cards = [
    { number: LISTED_TEST_CARDS.succeeds, label: t.testMode.succeeds },
    { number: LISTED_TEST_CARDS.declined, label: t.testMode.declined },
    { number: LISTED_TEST_CARDS.insufficientFunds, label: t.testMode.insufficientFunds },
  ];
  return (
    <div role="note" className="mt-6 max-w-3xl rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950" data-testid="test-mode">
      <p>
        <span className="mr-2 inline-block rounded bg-amber-200 px-2 py-0.5 text-xs font-bold uppercase tracking-wide text-amber-950">
          {t.testMode.badge}
        </span>
        {t.testMode.text}
      </p>
      <ul className="mt-3 space-y-1">
        {cards.map((card) => (
          <li key={card.number} className="flex flex-wrap items-baseline gap-x-3">
            <code className="font-mono text-sm font-semibold">{card.number}</code>
            <span>{card.label}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

function StatusMessage({ status, t }: { status: Status; t: CheckoutMessages }) {
  return (
    <div>
      <div role="alert">
        {status.kind === "error" && (
          <p className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800" data-testid="checkout-error">
            {status.text}
          </p>
        )}
      </div>
      <div role="status">
        {status.kind === "processing" && status.text && <p className="text-sm text-slate-700">{status.text}</p>}
        {status.kind === "info" && (
          <p className="rounded-md border border-brand-100 bg-brand-50 px-4 py-3 text-sm text-slate-800" data-testid="checkout-info">
            {status.text}
          </p>
        )}
        {status.kind === "success" && (
          <div className="rounded-md border border-green-200 bg-green-50 px-4 py-4 text-green-900" data-testid="checkout-success">
            <p className="text-lg font-semibold">{t.messages.success}</p>
            <p className="mt-1 text-sm">{format(t.messages.creditsAdded, { count: status.creditsAdded })}</p>
            <p className="mt-1 text-sm font-medium" data-testid="checkout-balance">
              {format(t.messages.newBalance, { count: status.balance })}
            </p>
            <div className="mt-3 flex flex-wrap gap-3 text-sm">
              <LocalizedLink to="/explore" className="font-semibold text-green-900 underline hover:no-underline">
                {t.afterSuccess.explore}
              </LocalizedLink>
              <LocalizedLink to="/services" className="font-semibold text-green-900 underline hover:no-underline">
                {t.afterSuccess.ask}
              </LocalizedLink>
            </div>
          </div>
        )}
      </div>
    </div>
  );
}

function regionName(code: string, lang: Lang): string | null {
  try {
    const tag = LANGUAGES.find((l) => l.code === lang)?.tag ?? "en";
    return new Intl.DisplayNames([tag], { type: "region", fallback: "none" }).of(code) ?? null;
  } catch {
    return null;
  }
}

interface StripeCard {
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
function useStripeCard(payments: RootData["payments"] | null, lang: Lang, onChange: () => void): StripeCard {
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
