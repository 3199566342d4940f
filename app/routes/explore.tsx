// /explore: the signed-in member's home. Balance (from /user/me), the four assistants, recent
// questions and purchases, each list with loading, empty and error states. Member data is fetched
// in the browser (the token is in local storage), so the page HTML is the same for everyone.
import { useEffect, useState } from "react";
import { api, ApiRequestError } from "~/app/api/api.client";
import { format } from "~/lib/i18n/format";
import { pageLang } from "~/app/page-helpers/page-loader.server";
import { PRIVATE_PAGE_CACHE_CONTROL, SHARED_PRIVATE_PAGE, textPageMeta } from "~/app/page-helpers/seo";
import { SERVICE_SLUGS } from "~/lib/service-catalog";
import { useAuth } from "~/app/components/auth-provider";
import { useLanguage, useMessages } from "~/app/components/language-provider";
import { LocalizedLink } from "~/app/components/localized-link";
import { PurchaseList } from "~/app/components/purchase-list";
import { QuestionHistory } from "~/app/components/question-history";
import { WelcomePanel } from "~/app/components/welcome-panel";
import { RequireAuth } from "~/app/components/require-auth";
import { explore as exploreMessages } from "~/content/messages/explore";
import type { Route } from "./+types/explore";

export function loader({ params }: Route.LoaderArgs) {
  return { lang: pageLang(params) };
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": PRIVATE_PAGE_CACHE_CONTROL });
export const handle = SHARED_PRIVATE_PAGE;

export const meta: Route.MetaFunction = (args) =>
  textPageMeta(args, "/explore", (lang) => ({ title: exploreMessages[lang].seoTitle, description: exploreMessages[lang].seoDescription, noindex: true }));

function Balance() {
  const t = useMessages(exploreMessages);
  const { token, credits, setCredits, clear } = useAuth();
  const { lang } = useLanguage();
  const [refreshFailed, setRefreshFailed] = useState(false);
  useEffect(() => {
    if (!token) return;
    const controller = new AbortController();
    api("GET /user/me", { token, lang, signal: controller.signal })
      .then((me) => {
        setRefreshFailed(false);
        setCredits(me.user.credits);
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof ApiRequestError && error.status === 401) clear();
        else setRefreshFailed(true);
      });
    return () => controller.abort();
  }, [token, lang, setCredits, clear]);

  return (
    <section aria-labelledby="balance-title" className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id="balance-title" className="text-lg font-semibold text-slate-900">
        {t.balance.title}
      </h2>
      <p className="mt-2 text-4xl font-bold text-brand-700" data-testid="explore-credits">
        {credits === null ? "–" : format(t.balance.value, { count: credits })}
      </p>
      <p className="mt-2 text-sm text-slate-600">{t.balance.note}</p>
      {credits === 0 && <p className="mt-2 text-sm font-medium text-slate-800">{t.balance.empty}</p>}
      {refreshFailed && (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {t.balance.refreshFailed}
        </p>
      )}
      <LocalizedLink
        to="/pricing"
        className="mt-4 inline-block rounded-md bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700"
        data-testid="buy-credits"
      >
        {t.balance.buy}
      </LocalizedLink>
    </section>
  );
}

function Assistants() {
  const t = useMessages(exploreMessages);
  return (
    <section aria-labelledby="assistants-title">
      <h2 id="assistants-title" className="text-xl font-semibold text-slate-900">
        {t.assistants.title}
      </h2>
      <ul className="mt-4 grid gap-4 sm:grid-cols-2">
        {SERVICE_SLUGS.map((slug) => (
          <li key={slug}>
            <LocalizedLink
              to={`/services/${slug}`}
              className="block h-full rounded-lg border border-slate-200 bg-white p-5 shadow-sm hover:border-brand-600 focus-visible:border-brand-600"
              data-testid={`assistant-${slug}`}
            >
              <span className="block font-semibold text-brand-700">{t.assistants.items[slug].label}</span>
              <span className="mt-1 block text-sm text-slate-600">{t.assistants.items[slug].description}</span>
            </LocalizedLink>
          </li>
        ))}
      </ul>
    </section>
  );
}

function ExploreHome() {
  const t = useMessages(exploreMessages);
  const { user } = useAuth();
  return (
    <div className="mx-auto max-w-5xl space-y-10 px-4 py-10 sm:px-6 sm:py-14">
      <div>
        <h1 className="text-3xl font-bold text-slate-900" data-testid="explore-greeting">
          {format(t.greeting, { name: user?.name ?? "" })}
        </h1>
        <p className="mt-2 text-slate-600">{t.intro}</p>
        <LocalizedLink to="/account" className="mt-2 inline-block text-sm font-medium text-brand-700 underline hover:no-underline" data-testid="explore-account-link">
          {t.accountLink}
        </LocalizedLink>
      </div>
      <WelcomePanel />
      <Balance />
      <Assistants />
      <QuestionHistory />
      <PurchaseList />
    </div>
  );
}

export default function Explore() {
  return (
    <RequireAuth>
      <ExploreHome />
    </RequireAuth>
  );
}
