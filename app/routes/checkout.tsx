// The checkout pages /pricing/basic, /pricing/pro and /pricing/enterprise (and /ja/..., /zh/...).
// The package summary is server-rendered from the catalog; the card form is for signed-in members.
// Test mode (the built-in provider) uses our own card form; with Stripe the card field is Stripe
// Elements, loaded only on this page. The server prices the package; the page never sends an amount.
import { useCallback, useEffect, useRef, useState, type FormEvent } from "react";
import { data, useLoaderData, useRouteLoaderData, useSearchParams } from "react-router";
import { ApiRequestError } from "~/app/api/api.client";
import { formatUsd, getPackage } from "~/lib/catalog";
import { format } from "~/lib/i18n/format";
import { pageLang } from "~/app/page-helpers/page-loader.server";
import { cardErrorText } from "~/lib/payments/card-errors";
import { rootDataFrom, type RootData } from "~/app/page-helpers/root-data";
import type { PaymentResponse } from "~/lib/contracts/payment";
import { CHECKOUT_FIELDS, checkCheckoutFields, checkoutFieldErrorText, type CheckoutField, type CheckoutFieldError } from "~/lib/payments/checkout-fields";
import { PRIVATE_PAGE_CACHE_CONTROL, seoMeta } from "~/app/page-helpers/seo";
import { useAuth } from "~/app/components/auth-provider";
import { useLanguage, useMessages } from "~/app/components/language-provider";
import { LocalizedLink } from "~/app/components/localized-link";
import { RequireAuth } from "~/app/components/require-auth";
import { inputClass, Field } from "~/app/components/checkout/card-field";
import { CheckoutStatusMessage, type CheckoutStatus } from "~/app/components/checkout/checkout-status";
import { chargeAttempt, createPaymentMethod, type Attempt } from "~/app/components/checkout/payment-attempt";
import { keepAttemptKey, keptAttemptKey } from "~/app/components/checkout/attempt-key.client";
import { newIdempotencyKey } from "~/lib/contracts/idempotency-key";
import { OrderSummary, type CheckoutPackage } from "~/app/components/checkout/order-summary";
import { PaymentConfirmation } from "~/app/components/checkout/payment-confirmation";
import { keepPaidInAddress, PaidConfirmation, paidInAddress } from "~/app/components/checkout/paid-confirmation";
import { RecentPurchaseNotice } from "~/app/components/checkout/recent-purchase";
import { TestCardFields } from "~/app/components/checkout/test-card-fields";
import { TestModeNotice } from "~/app/components/checkout/test-mode-notice";
import { CountrySelect, StripeCardField } from "~/app/components/checkout/card-field";
import { useStripeCard } from "~/app/components/checkout/use-stripe-card";
import { checkout } from "~/content/messages/checkout";
import type { Route } from "./+types/checkout";
import { useLanguageSwitch } from "~/app/components/ui/use-form";

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

export const headers: Route.HeadersFunction = () => ({
  "Cache-Control": PRIVATE_PAGE_CACHE_CONTROL,
});

export const meta: Route.MetaFunction = ({ data: page, matches }) => {
  const root = rootDataFrom(matches);
  if (!page || !root) return [];
  const t = checkout[page.lang];
  const vars = {
    name: page.pkg.name,
    credits: page.pkg.credits,
    price: formatUsd(page.pkg.priceCents),
  };
  return seoMeta({
    lang: page.lang,
    path: `/pricing/${page.pkg.id}`,
    title: format(t.seoTitle, vars),
    description: format(t.seoDescription, vars),
    siteName: root.siteName,
    origin: root.origin,
    common: root.messages.common,
    noindex: true,
  });
};

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
  // Codes, not text: each is shown in the page's language.
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<CheckoutField, CheckoutFieldError>>>({});
  const [status, setStatus] = useState<CheckoutStatus>({ kind: "idle" });
  // A payment this page confirmed before a reload (or Back, then Forward) is confirmed again.
  const [searchParams] = useSearchParams();
  const [paidGone, setPaidGone] = useState(false);
  const paid = paidGone ? null : paidInAddress(searchParams);
  const onPaidGone = useCallback(() => {
    keepPaidInAddress(null);
    setPaidGone(true);
  }, []);
  // An error shown in the old language goes when the visitor switches (the card details stay).
  useLanguageSwitch(() => {
    setStatus((current) => (current.kind === "error" ? { kind: "idle" } : current));
    setFieldErrors({});
  });
  const attempt = useRef<Attempt | null>(null);
  const busy = useRef(false);
  const fieldRefs = {
    number: useRef<HTMLInputElement>(null),
    expiry: useRef<HTMLInputElement>(null),
    cvc: useRef<HTMLInputElement>(null),
    country: useRef<HTMLSelectElement>(null),
  };

  // The attempt's idempotency key, kept in the tab until its outcome is known (attempt-key.client.ts).
  const userId = auth.user?.id ?? null;
  const setAttempt = useCallback(
    (next: Attempt | null) => {
      attempt.current = next;
      if (userId) keepAttemptKey(userId, pkg.id, next?.key ?? null);
    },
    [userId, pkg.id],
  );
  useEffect(() => {
    const key = userId && !attempt.current ? keptAttemptKey(userId, pkg.id) : null;
    if (key) attempt.current = { key, paymentMethodId: null };
  }, [userId, pkg.id]);
  // A change to what is being paid with needs a new payment method. The key stays: an attempt whose
  // outcome is not known may have been charged, and the server answers its key with that outcome
  // (a new key after a lost answer could charge twice); a known outcome dropped it already.
  const resetAttempt = useCallback(() => {
    if (attempt.current) attempt.current = { key: attempt.current.key, paymentMethodId: null };
  }, []);
  const stripeCard = useStripeCard(payments, lang, resetAttempt);

  const processing = status.kind === "processing";
  const testMode = payments?.provider === "test";

  function edit(setter: (value: string) => void, field?: "number" | "expiry" | "cvc") {
    return (value: string) => {
      setter(value);
      resetAttempt();
      if (field) clearFieldError(field);
    };
  }

  function clearFieldError(field: CheckoutField) {
    setFieldErrors((current) => {
      if (!current[field]) return current;
      const { [field]: _cleared, ...rest } = current;
      return rest;
    });
  }

  const errorText = (field: CheckoutField) => {
    const code = fieldErrors[field];
    return code ? checkoutFieldErrorText(code, lang) : undefined;
  };

  function finish(result: PaymentResponse) {
    if (result.success && result.status === "succeeded") {
      auth.setCredits(result.credits);
      setStatus({
        kind: "success",
        creditsAdded: result.creditsAdded,
        balance: result.credits,
        amountCents: result.amountCents,
        currency: result.currency,
        reference: result.transactionId,
        receiptNumber: result.receiptNumber,
      });
      keepPaidInAddress(result.transactionId);
      setAttempt(null);
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
    setAttempt(null);
    setStatus({ kind: "error", text: format(t.messages.failed, { error: (result.status === "failed" && result.error) || t.messages.unknown }) });
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy.current) return;
    // Every field the page can judge is judged at once; the first one wrong takes the focus.
    const checked = checkCheckoutFields({ number, expiry, cvc, country }, { testCard: testMode });
    const stripeMissing = !testMode && !(payments?.provider === "stripe" && stripeCard.ready && !stripeCard.empty);
    const wrong = CHECKOUT_FIELDS.filter((field) => checked.errors[field]);
    setFieldErrors(checked.errors);
    if (wrong.length > 0 || stripeMissing) {
      // The spec's "Please fill all details." when something is missing; one error as itself; several summed up.
      const only = wrong.length === 1 ? checked.errors[wrong[0]!] : undefined;
      const text = checked.missing || stripeMissing ? t.messages.fillAll : only ? checkoutFieldErrorText(only, lang) : t.messages.checkDetails;
      setStatus({ kind: "error", text });
      if (wrong[0]) fieldRefs[wrong[0]].current?.focus();
      return;
    }

    busy.current = true;
    setStatus({ kind: "processing" });
    try {
      let current = attempt.current;
      if (!current?.paymentMethodId) {
        const method = await createPaymentMethod({ testMode, values: { number, expiry, cvc }, stripeCard, name, country });
        if (!method.ok) {
          if (method.field) {
            // The card field's own message, as is (a test card the test provider refuses).
            setFieldErrors({ [method.field]: method.code });
            fieldRefs[method.field].current?.focus();
          }
          const text = method.field ? cardErrorText(method.code, lang) : method.message || t.messages.unknown;
          setStatus({ kind: "error", text });
          return;
        }
        current = { key: current?.key ?? newIdempotencyKey("co"), paymentMethodId: method.paymentMethodId };
        setAttempt(current);
      }
      const result = await chargeAttempt({
        packageId: pkg.id,
        attempt: { key: current.key, paymentMethodId: current.paymentMethodId! },
        country,
        token: auth.token,
        lang,
        stripeCard,
        onAuthenticating: () => setStatus({ kind: "processing", text: t.messages.authenticating }),
      });
      if ("authenticationFailed" in result) {
        setAttempt(null);
        setStatus({ kind: "error", text: result.authenticationFailed || t.messages.unknown });
        return;
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

  // A successful payment replaces the form: nothing left to press twice.
  if (status.kind === "success") {
    return <PaymentConfirmation t={t} confirmation={{ packageName: pkg.name, ...status }} />;
  }
  if (paid) return <PaidConfirmation id={paid} pkg={pkg} t={t} onGone={onPaidGone} />;

  return (
    <>
      <RecentPurchaseNotice pkg={pkg} t={t} />
      <form onSubmit={onSubmit} noValidate className="mt-4 space-y-5" data-testid="checkout-form" aria-busy={processing}>
        {testMode ? (
          <TestCardFields
            t={t}
            values={{ number, expiry, cvc }}
            errors={{ number: errorText("number"), expiry: errorText("expiry"), cvc: errorText("cvc") }}
            fieldRefs={fieldRefs}
            onChange={(field, value) => edit({ number: setNumber, expiry: setExpiry, cvc: setCvc }[field], field)(value)}
          />
        ) : (
          <StripeCardField t={t} card={stripeCard} />
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

        <CountrySelect
          t={t}
          lang={lang}
          selectRef={fieldRefs.country}
          value={country}
          error={errorText("country") ?? null}
          onChange={(value) => {
            setCountry(value);
            clearFieldError("country");
            resetAttempt();
          }}
        />

        <CheckoutStatusMessage status={status} />

        <button
          type="submit"
          aria-disabled={processing}
          className="w-full rounded-md bg-brand-600 px-5 py-3 text-lg font-semibold text-white shadow hover:bg-brand-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2 aria-disabled:cursor-not-allowed aria-disabled:bg-slate-500"
          data-testid="pay-button"
        >
          {processing ? t.form.processing : format(t.form.pay, { price })}
        </button>
        <p className="text-xs text-slate-600">{t.form.secure}</p>
      </form>
    </>
  );
}
