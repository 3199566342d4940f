// /explore: the signed-in member's home. Balance (from /user/me), the four assistants, recent
// questions and purchases, each list with loading, empty and error states. Member data is fetched
// in the browser (the token is in local storage), so the page HTML is the same for everyone.
import { useCallback, useEffect, useState } from "react";
import { api, ApiRequestError, requestJson } from "~/app/api/api.client";
import { getPackage, formatUsd } from "~/lib/catalog";
import { format } from "~/lib/i18n/format";
import { LANGUAGES } from "~/lib/i18n/languages";
import { pageLang } from "~/app/page-helpers/page-loader.server";
import { rootDataFrom } from "~/app/page-helpers/root-data";
import { PRIVATE_PAGE_CACHE_CONTROL, seoMeta } from "~/app/page-helpers/seo";
import { SERVICE_SLUGS, isServiceSlug } from "~/lib/service-catalog";
import { useAuth } from "~/app/components/auth-provider";
import { useLanguage, useMessages } from "~/app/components/language-provider";
import { LocalizedLink } from "~/app/components/localized-link";
import { Markdown } from "~/app/components/markdown";
import { RequireAuth } from "~/app/components/require-auth";
import { SourcesList } from "~/app/components/sources-list";
import { explore as exploreMessages } from "~/content/messages/explore";
import type { AiHistoryItem as QuestionItem } from "~/lib/contracts/ai";
import type { PaymentHistoryItem as PaymentItem } from "~/lib/contracts/payment";
import type { Route } from "./+types/explore";

export function loader({ params }: Route.LoaderArgs) {
  return { lang: pageLang(params) };
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": PRIVATE_PAGE_CACHE_CONTROL });

export const meta: Route.MetaFunction = ({ data, matches }) => {
  const root = rootDataFrom(matches);
  if (!data || !root) return [];
  const t = exploreMessages[data.lang];
  return seoMeta({
    lang: data.lang,
    path: "/explore",
    title: t.seoTitle,
    description: t.seoDescription,
    siteName: root.siteName,
    origin: root.origin,
    noindex: true,
  });
};

type Load<T> = { state: "loading" } | { state: "error" } | { state: "done"; items: T[] };

/** Loads a member list (`pick` must be a module-level function); a 401 means the session ended, which signs the browser out (RequireAuth then sends to /login). */
function useMemberList<T>(path: string, pick: (body: unknown) => T[] | undefined): [Load<T>, () => void] {
  const { token, clear } = useAuth();
  const { lang } = useLanguage();
  const [load, setLoad] = useState<Load<T>>({ state: "loading" });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!token) return;
    const controller = new AbortController();
    setLoad({ state: "loading" });
    requestJson<unknown>("GET", path, { token, lang, signal: controller.signal })
      .then((body) => {
        const items = pick(body);
        setLoad(Array.isArray(items) ? { state: "done", items } : { state: "error" });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof ApiRequestError && error.status === 401) clear();
        setLoad({ state: "error" });
      });
    return () => controller.abort();
  }, [path, pick, token, lang, clear, attempt]);
  return [load, useCallback(() => setAttempt((n) => n + 1), [])];
}

const pickQuestions = (body: unknown) => (body as { questions?: QuestionItem[] } | null)?.questions;
const pickPayments = (body: unknown) => (body as { payments?: PaymentItem[] } | null)?.payments;

function useDateFormat() {
  const { lang } = useLanguage();
  const tag = LANGUAGES.find((l) => l.code === lang)?.tag ?? "en";
  return useCallback(
    (iso: string) => {
      const date = new Date(iso);
      return Number.isNaN(date.getTime())
        ? ""
        : new Intl.DateTimeFormat(tag, { dateStyle: "medium", timeStyle: "short" }).format(date);
    },
    [tag],
  );
}

function ListState({ load, t, retry, testId }: {
  load: Load<unknown>;
  t: { loading: string; empty: string; error: string; retry: string };
  retry: () => void;
  testId: string;
}) {
  if (load.state === "loading") {
    return (
      <p role="status" className="mt-4 text-slate-600" data-testid={`${testId}-loading`}>
        {t.loading}
      </p>
    );
  }
  if (load.state === "error") {
    return (
      <div role="alert" className="mt-4 flex flex-wrap items-center gap-3 rounded-md border border-red-200 bg-red-50 px-4 py-3" data-testid={`${testId}-error`}>
        <p className="text-sm font-medium text-red-800">{t.error}</p>
        <button
          type="button"
          onClick={retry}
          className="rounded-md border border-red-300 bg-white px-3 py-1 text-sm font-medium text-red-800 hover:bg-red-100"
        >
          {t.retry}
        </button>
      </div>
    );
  }
  if (load.items.length === 0) {
    return (
      <p className="mt-4 rounded-md border border-dashed border-slate-300 px-4 py-6 text-center text-slate-600" data-testid={`${testId}-empty`}>
        {t.empty}
      </p>
    );
  }
  return null;
}

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

const questionStatusClass: Record<QuestionItem["status"], string> = {
  answered: "bg-green-100 text-green-800",
  pending: "bg-amber-100 text-amber-900",
  failed: "bg-red-100 text-red-800",
  stopped: "bg-slate-200 text-slate-800",
};

function RecentQuestions() {
  const t = useMessages(exploreMessages);
  const formatDate = useDateFormat();
  const [load, retry] = useMemberList<QuestionItem>("/ai/history?limit=10", pickQuestions);
  return (
    <section aria-labelledby="questions-title">
      <h2 id="questions-title" className="text-xl font-semibold text-slate-900">
        {t.questions.title}
      </h2>
      <ListState load={load} t={t.questions} retry={retry} testId="questions" />
      {load.state === "done" && load.items.length > 0 && (
        <ul className="mt-4 space-y-3" data-testid="questions-list">
          {load.items.map((item) => {
            const assistant = isServiceSlug(item.topic) ? t.assistants.items[item.topic].label : item.topic;
            const status = t.questions.status[item.status] ?? item.status;
            return (
              <li key={item.id} className="rounded-lg border border-slate-200 bg-white shadow-sm">
                <details className="group">
                  <summary className="cursor-pointer list-none p-4">
                    <span className="flex flex-wrap items-center gap-2 text-xs text-slate-600">
                      <span className="font-semibold text-brand-700">{assistant}</span>
                      <span aria-hidden>·</span>
                      <span>{format(t.questions.asked, { date: formatDate(item.createdAt) })}</span>
                      <span className={`rounded-full px-2 py-0.5 font-medium ${questionStatusClass[item.status] ?? questionStatusClass.stopped}`}>
                        {status}
                      </span>
                    </span>
                    <span className="mt-2 block whitespace-pre-wrap break-words font-medium text-slate-900">{item.question}</span>
                  </summary>
                  <div className="border-t border-slate-200 p-4">
                    {item.answer ? (
                      // Rendered by <Markdown>, which never turns the model's output into HTML markup.
                      <>
                        <Markdown
                          source={item.answer}
                          className="break-words text-slate-800"
                          citationHref={(n) => (n <= (item.citations?.length ?? 0) ? `#q-${item.id}-source-${n}` : undefined)}
                        />
                        {item.citations && item.citations.length > 0 && (
                          <SourcesList
                            title={t.questions.sources}
                            citations={item.citations}
                            idPrefix={`q-${item.id}-source`}
                            testId="question-sources"
                            small
                          />
                        )}
                      </>
                    ) : (
                      <p className="text-sm text-slate-600">
                        {item.status === "pending"
                          ? t.questions.pendingAnswer
                          : item.status === "stopped"
                            ? t.questions.stoppedAnswer
                            : t.questions.noAnswer}
                      </p>
                    )}
                    <p className="mt-3 flex flex-wrap gap-3 text-xs text-slate-600">
                      {item.creditsSpent > 0 && (
                        <span>
                          {format(item.creditsSpent === 1 ? t.questions.credits : t.questions.creditsPlural, { count: item.creditsSpent })}
                        </span>
                      )}
                      {item.source === "knowledge_base" && <span>{t.questions.knowledgeBase}</span>}
                    </p>
                  </div>
                </details>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

const paymentStatusClass: Record<PaymentItem["status"], string> = {
  succeeded: "bg-green-100 text-green-800",
  pending: "bg-amber-100 text-amber-900",
  requires_action: "bg-amber-100 text-amber-900",
  failed: "bg-red-100 text-red-800",
};

function Purchases() {
  const t = useMessages(exploreMessages);
  const { lang } = useLanguage();
  const formatDate = useDateFormat();
  const [load, retry] = useMemberList<PaymentItem>("/payment/history", pickPayments);
  const amount = (item: PaymentItem) =>
    item.currency.toLowerCase() === "usd"
      ? formatUsd(item.amountCents)
      : `${(item.amountCents / 100).toFixed(2)} ${item.currency.toUpperCase()}`;
  return (
    <section aria-labelledby="purchases-title">
      <h2 id="purchases-title" className="text-xl font-semibold text-slate-900">
        {t.purchases.title}
      </h2>
      <ListState load={load} t={t.purchases} retry={retry} testId="purchases" />
      {load.state === "done" && load.items.length > 0 && (
        <div className="mt-4 overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm">
          <table className="w-full min-w-[32rem] text-left text-sm" data-testid="purchases-list">
            <thead className="bg-slate-50 text-slate-700">
              <tr>
                <th scope="col" className="px-4 py-3 font-semibold">{t.purchases.date}</th>
                <th scope="col" className="px-4 py-3 font-semibold">{t.purchases.package}</th>
                <th scope="col" className="px-4 py-3 font-semibold">{t.purchases.amount}</th>
                <th scope="col" className="px-4 py-3 font-semibold">{t.purchases.credits}</th>
                <th scope="col" className="px-4 py-3 font-semibold">{t.purchases.status}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200">
              {load.items.map((item) => (
                <tr key={item.id}>
                  <td className="px-4 py-3 text-slate-700">{formatDate(item.createdAt)}</td>
                  <td className="px-4 py-3 font-medium text-slate-900">{getPackage(item.package)?.name[lang] ?? item.package}</td>
                  <td className="px-4 py-3 text-slate-700">{amount(item)}</td>
                  <td className="px-4 py-3 text-slate-700">{format(t.purchases.creditsValue, { count: item.credits })}</td>
                  <td className="px-4 py-3">
                    <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${paymentStatusClass[item.status] ?? "bg-slate-200 text-slate-800"}`}>
                      {t.purchases.statuses[item.status] ?? item.status}
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
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
      </div>
      <Balance />
      <Assistants />
      <RecentQuestions />
      <Purchases />
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
