// /admin: the four figures (income with its gross, refunded and net), the User Statistics chart (real
// sign-ups per month, the twelve months ending with the current one), then the setup checklist.
import { lazy, Suspense, useMemo } from "react";
import { format } from "~/lib/i18n/format";
import { langTag } from "~/lib/i18n/languages";
import { PRIVATE_PAGE_CACHE_CONTROL, SHARED_PRIVATE_PAGE } from "~/app/page-helpers/seo";
import { CsvExportButton } from "~/app/components/admin-csv-export";
import { adminMeta } from "~/app/components/admin-meta";
import { OwedRefunds } from "~/app/components/admin-owed-refunds";
import { SetupChecklist } from "~/app/components/admin-setup-checklist";
import { useApiData } from "~/app/api/use-api-data";
import { AdminPageTitle, formatDollars, LoadingLine } from "~/app/components/admin-ui";
import { useLanguage, useMessages } from "~/app/components/language-provider";
import { admin } from "~/content/messages/admin";
import type { DashboardStats } from "~/lib/contracts/dashboard";
import type { Route } from "./+types/admin-dashboard";

// recharts is only downloaded when the chart is shown.
const AdminUserChart = lazy(() => import("~/app/components/admin-user-chart"));

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": PRIVATE_PAGE_CACHE_CONTROL });
export const handle = SHARED_PRIVATE_PAGE;

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "/admin", (t) => t.dashboard.title);

/**
 * Under Total Income (the net: what was sold and kept): gross sales, refunded and net side by side, the
 * count of refunds, and whether the money is test-mode money (lib/stats.server.ts decides which).
 */
function IncomeDetails({ stats }: { stats: DashboardStats }) {
  const t = useMessages(admin).dashboard.income;
  const rows = [
    { key: "gross", label: t.gross, cents: stats.grossSalesCents ?? 0 },
    { key: "refunded", label: t.refunded, cents: stats.refundedCents ?? 0 },
    { key: "net", label: t.net, cents: stats.netSalesCents ?? 0 },
  ];
  return (
    <dd className="mt-3 space-y-2 text-sm text-slate-700">
      {stats.incomeTestMode && (
        <p className="flex flex-wrap items-center gap-2">
          <span className="inline-flex rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900" data-testid="income-test-mode">
            {t.testModeBadge}
          </span>
          <span>{t.testModeNote}</span>
        </p>
      )}
      <table className="w-full max-w-xs text-left" data-testid="income-breakdown">
        <caption className="sr-only">{t.breakdown}</caption>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key} className={row.key === "net" ? "border-t border-slate-200 font-semibold text-slate-900" : undefined}>
              <th scope="row" className="py-0.5 pr-4 font-normal">
                {row.label}
                {row.key === "refunded" && (
                  <span className="ml-1 text-slate-600" data-testid="income-refunds">
                    {format(t.refunds, { count: stats.refundsCount ?? 0 })}
                  </span>
                )}
              </th>
              <td className="py-0.5 text-right tabular-nums" data-testid={`income-${row.key}`}>
                {formatDollars(row.cents / 100)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {(stats.testTransactionsExcluded ?? 0) > 0 && (
        <p className="text-slate-600" data-testid="income-test-excluded">
          {format(t.testExcluded, { count: stats.testTransactionsExcluded, amount: formatDollars(stats.testIncomeExcludedCents / 100) })}
        </p>
      )}
    </dd>
  );
}

export default function AdminDashboard() {
  const t = useMessages(admin);
  const { lang } = useLanguage();
  const { data, error, loading, reload } = useApiData("GET /dashboard/get");
  const stats = data?.data?.[0];

  // Month labels in the page's language; the year is named where the window starts and at January.
  const { points, description, caption } = useMemo(() => {
    const tag = langTag(lang);
    const short = new Intl.DateTimeFormat(tag, { month: "short", timeZone: "UTC" });
    const withYear = new Intl.DateTimeFormat(tag, { month: "short", year: "numeric", timeZone: "UTC" });
    const dates = (stats?.months ?? []).map((ym) => new Date(`${ym}-01T00:00:00Z`));
    return {
      points: dates.map((date, i) => ({
        month: (i === 0 || date.getUTCMonth() === 0 ? withYear : short).format(date),
        count: stats?.monthly?.[i] ?? 0,
      })),
      description: dates.length
        ? format(t.dashboard.chartDescription, { start: withYear.format(dates[0]!), end: withYear.format(dates.at(-1)!) })
        : "",
      // The table is not the chart (found by a keyboard user: it called itself a line chart).
      caption: dates.length ? format(t.dashboard.tableCaption, { start: withYear.format(dates[0]!), end: withYear.format(dates.at(-1)!) }) : "",
    };
  }, [lang, stats, t]);

  const cards = [
    { key: "users", label: t.dashboard.totalUsers, value: String(stats?.totalUsers ?? 0) },
    { key: "subscriptions", label: t.dashboard.totalSubscriptions, value: String(stats?.totalSubscriptions ?? 0) },
    { key: "transactions", label: t.dashboard.totalTransactions, value: String(stats?.totalTransactions ?? 0) },
    { key: "income", label: t.dashboard.totalIncome, value: formatDollars(stats?.totalIncome ?? 0) },
  ];

  return (
    <div>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <AdminPageTitle>{t.dashboard.title}</AdminPageTitle>
        <CsvExportButton kind="payments" />
      </div>
      {/* Money still owed to members comes first; the setup checklist comes after the figures and
          the chart (nine items above them pushed the cards 1,600 px down at 1366 px). */}
      {stats && <OwedRefunds stats={stats} onChange={reload} />}
      {loading && !stats && <LoadingLine />}
      {error && (
        <div role="alert" className="mt-4 flex flex-wrap items-center gap-3 rounded-md border border-red-200 bg-red-50 px-4 py-3 text-red-800">
          <span data-testid="dashboard-error">
            {t.dashboard.errorPrefix}
            {error.message || t.dashboard.fetchFailed}
          </span>
          <button
            type="button"
            onClick={reload}
            className="rounded-md border border-red-300 bg-white px-3 py-1 text-sm font-medium text-red-800 hover:bg-red-100"
          >
            {t.retry}
          </button>
        </div>
      )}
      {stats && (
        <>
          <dl className="mt-6 grid grid-cols-1 gap-4 md:grid-cols-2" data-testid="dashboard-cards">
            {cards.map((card) => (
              <div key={card.key} className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm" data-testid={`card-${card.key}`}>
                <dt className="text-sm font-medium text-slate-600">{card.label}</dt>
                <dd className="mt-2 text-3xl font-bold text-slate-900" data-testid={`value-${card.key}`}>
                  {card.value}
                </dd>
                {card.key === "users" && (
                  <dd className="mt-1 text-sm text-slate-600">{format(t.dashboard.usersThisMonth, { count: stats.usersThisMonth ?? 0 })}</dd>
                )}
                {card.key === "income" && <IncomeDetails stats={stats} />}
              </div>
            ))}
          </dl>

          <section className="mt-8 rounded-lg border border-slate-200 bg-white p-5 shadow-sm" aria-labelledby="user-statistics">
            <h2 id="user-statistics" className="text-lg font-semibold text-slate-900">
              {t.dashboard.chartTitle}
            </h2>
            <Suspense fallback={<LoadingLine />}>
              <AdminUserChart
                points={points}
                series={t.dashboard.chartSeries}
                label={description}
              />
            </Suspense>
            <details className="mt-4">
              <summary className="cursor-pointer text-sm font-medium text-brand-700">{t.dashboard.chartTable}</summary>
              <table className="mt-3 w-full max-w-md text-left text-sm" data-testid="chart-table">
                <caption className="sr-only">{caption}</caption>
                <thead>
                  <tr className="border-b border-slate-200">
                    <th scope="col" className="py-1 pr-4 font-semibold text-slate-700">
                      {t.dashboard.month}
                    </th>
                    <th scope="col" className="py-1 font-semibold text-slate-700">
                      {t.dashboard.chartSeries}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {points.map((point) => (
                    <tr key={point.month} className="border-b border-slate-100">
                      <th scope="row" className="py-1 pr-4 font-normal text-slate-700">
                        {point.month}
                      </th>
                      <td className="py-1 text-slate-900">{point.count}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </details>
          </section>
        </>
      )}
      <SetupChecklist />
    </div>
  );
}
