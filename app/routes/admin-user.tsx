// /admin/users/:id: one account with its credit ledger, payments and questions; the admin can grant
// or deduct credits, change the admin role (app/components/admin-user-actions.tsx) and refund a
// purchase (app/components/admin-refund-panel.tsx); after each the page loads the account again. Everything
// the user or the AI wrote is rendered as text.
import { Markdown } from "~/app/components/markdown";
import { SourcesList } from "~/app/components/sources-list";
import { useEffect, type ReactNode } from "react";
import { useParams, useRouteLoaderData } from "react-router";
import type { RootData } from "~/app/page-helpers/root-data";
import type { AdminLedgerEntry, AdminPaymentEntry } from "~/lib/contracts/admin";
import { receiptLabel } from "~/lib/contracts/receipt";
import { formatUsd } from "~/lib/catalog";
import { format, formatQuantity } from "~/lib/i18n/format";
import { langAttribute } from "~/lib/i18n/languages";
import { PRIVATE_PAGE_CACHE_CONTROL } from "~/app/page-helpers/seo";
import { useApiData } from "~/app/api/use-api-data";
import { adminMeta } from "~/app/components/admin-meta";
import { AdjustCredits, RoleSection, sectionClass } from "~/app/components/admin-user-actions";
import { AdminPageTitle, LoadError, LoadingLine, PaymentBadge, usePackageLabel } from "~/app/components/admin-ui";
import { useDateTimeFormat } from "~/app/components/use-date-time-format";
import { useLanguage, useMessages } from "~/app/components/language-provider";
import { LocalizedLink } from "~/app/components/localized-link";
import { DataTable, type Column } from "~/app/components/ui/data-table";
import { admin } from "~/content/messages/admin";
import { AdminRefundPanel } from "~/app/components/admin-refund-panel";
import type { Route } from "./+types/admin-user";
import { paymentErrorText } from "~/lib/payments/card-errors";
import { shownQuestionStatus } from "~/app/page-helpers/question-status";

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": PRIVATE_PAGE_CACHE_CONTROL });

export const meta: Route.MetaFunction = ({ matches, params }) =>
  adminMeta(matches, `/admin/users/${params.id}`, (t) => t.users.title);

export default function AdminUser() {
  const t = useMessages(admin);
  const { lang } = useLanguage();
  const { id = "" } = useParams();
  const { data, error, loading, reload } = useApiData("GET /admin/users/:id", { params: { id } });
  const formatDate = useDateTimeFormat();
  const packageLabel = usePackageLabel();
  // A different user's data must not show under this id while the new one loads.
  const detail = data && data.user.id === id ? data : undefined;
  const siteName = useRouteLoaderData<RootData>("root")?.siteName;
  const named = detail ? detail.user.name || detail.user.email : null;
  useEffect(() => {
    // The user is read in the browser, after the head is written: the title names them once read
    // (found by a keyboard user: every user's page was titled "Users").
    if (named && siteName) document.title = `${named} · ${t.users.title} | ${format(t.layout.title, { siteName })}`;
  }, [named, siteName, t]);

  if (error?.status === 404) {
    return (
      <div>
        <BackLink />
        <AdminPageTitle>{t.user.notFound}</AdminPageTitle>
      </div>
    );
  }
  const ledgerColumns: Column<AdminLedgerEntry>[] = [
    { key: "date", header: t.user.ledger.date, primary: true, className: "whitespace-nowrap text-slate-700", cell: (e) => formatDate(e.createdAt) },
    { key: "kind", header: t.user.ledger.kind, className: "text-slate-700", cell: (e) => t.user.ledger.kinds[e.kind] ?? e.kind },
    {
      key: "change",
      header: t.user.ledger.change,
      numeric: true,
      cell: (e) => (
        <span className={`font-semibold ${e.delta < 0 ? "text-red-700" : "text-green-800"}`}>
          {e.delta > 0 ? `+${e.delta}` : `−${Math.abs(e.delta)}`}
        </span>
      ),
    },
    { key: "balance", header: t.user.ledger.balance, numeric: true, className: "text-slate-900", cell: (e) => e.balanceAfter },
    { key: "reason", header: t.user.ledger.reason, className: "whitespace-pre-wrap text-slate-700 [overflow-wrap:anywhere]", cell: (e) => ledgerReason(e, packageLabel) },
    { key: "by", header: t.user.ledger.by, className: "text-slate-700 [overflow-wrap:anywhere]", cell: (e) => e.adminName ?? "" },
  ];
  const paymentColumns: Column<AdminPaymentEntry>[] = [
    { key: "date", header: t.user.payments.date, primary: true, className: "whitespace-nowrap text-slate-700", cell: (p) => formatDate(p.createdAt) },
    {
      key: "receipt",
      header: t.user.payments.receipt,
      className: "whitespace-nowrap font-mono text-slate-700",
      // The member's printable receipt, which an administrator may open too (GET /payment/receipts/:id).
      cell: (p) =>
        p.receiptNumber === null ? (
          ""
        ) : (
          <LocalizedLink to={`/account/receipts/${p.id}`} className="text-brand-700 underline hover:no-underline">
            {receiptLabel(p.receiptNumber)}
          </LocalizedLink>
        ),
    },
    { key: "package", header: t.user.payments.package, className: "text-slate-700", cell: (p) => packageLabel(p.package) },
    { key: "amount", header: t.user.payments.amount, numeric: true, className: "text-slate-900", cell: (p) => formatUsd(p.amountCents) },
    {
      key: "credits",
      header: t.user.payments.credits,
      numeric: true,
      className: "text-slate-900",
      // A failed or unfinished attempt added nothing: its package's credits are not a figure of the account.
      cell: (p) => (p.status === "succeeded" || p.status === "refunded" ? p.credits : "—"),
    },
    {
      key: "status",
      header: t.user.payments.status,
      className: "text-slate-700",
      cell: (p) => (
        <>
          <span className={p.status === "failed" ? "font-semibold text-red-700" : p.status === "succeeded" ? "font-semibold text-green-800" : ""}>
            {t.user.payments.statuses[p.status] ?? p.status}
          </span>
          {p.error && <span className="block text-xs text-slate-600">{paymentErrorText(p.error, lang)}</span>}
        </>
      ),
    },
  ];

  return (
    <div>
      <BackLink />
      {error && <LoadError error={error} onRetry={reload} />}
      {!detail && loading && <LoadingLine />}
      {detail && (
        <>
          <AdminPageTitle>{detail.user.name}</AdminPageTitle>
          <dl className="mt-6 grid gap-4 rounded-lg border border-slate-200 bg-white p-5 shadow-sm sm:grid-cols-2 lg:grid-cols-3" data-testid="user-profile">
            <ProfileItem label={t.user.email} value={<span className="break-all">{detail.user.email}</span>} />
            <ProfileItem label={t.user.role} value={t.roles[detail.user.role]} testId="user-role" />
            <ProfileItem label={t.user.credits} value={<span className="text-2xl font-bold">{formatQuantity(detail.user.credits)}</span>} testId="user-credits" />
            <ProfileItem label={t.user.package} value={packageLabel(detail.user.package || detail.user.lastPackage)} />
            <ProfileItem label={t.user.paymentStatus} value={<PaymentBadge status={detail.user.paymentStatus} />} />
            <ProfileItem label={t.user.joined} value={formatDate(detail.user.createdAt)} />
          </dl>

          <div className="grid gap-0 lg:grid-cols-2 lg:gap-6">
            <AdjustCredits userId={detail.user.id} onDone={reload} />
            <RoleSection user={detail.user} onDone={reload} />
          </div>

          <History id="ledger-title" title={t.user.ledger.title} shown={detail.ledger.length} total={detail.totals.ledger} empty={t.user.ledger.empty}>
            <DataTable
              rows={detail.ledger}
              columns={ledgerColumns}
              rowKey={(e) => e.id}
              minWidth="40rem"
              label={t.user.ledger.title}
              testId="ledger-table"
              rowTestId="ledger-row"
            />
          </History>

          <History id="payments-title" title={t.user.payments.title} shown={detail.payments.length} total={detail.totals.payments} empty={t.user.payments.empty}>
            <DataTable
              rows={detail.payments}
              columns={paymentColumns}
              rowKey={(p) => p.id}
              minWidth="36rem"
              label={t.user.payments.title}
              testId="payments-table"
              rowTestId="payments-row"
            />
          </History>

          {/* A refund changes the balance, the payment's status, the package and the ledger: load them again. */}
          <AdminRefundPanel userId={detail.user.id} balance={detail.user.credits} onDone={reload} />

          <History id="questions-title" title={t.user.questions.title} shown={detail.questions.length} total={detail.totals.questions} empty={t.user.questions.empty}>
            <ul className="space-y-4" data-testid="questions-list">
              {detail.questions.map((q) => (
                <li key={q.id} className="rounded-md border border-slate-200 p-4">
                  <p className="flex flex-wrap gap-x-3 gap-y-1 text-xs text-slate-600">
                    <span>{formatDate(q.createdAt)}</span>
                    <span>{t.user.questions.topics[q.topic] ?? q.topic}</span>
                    <span>{t.user.questions.statuses[shownQuestionStatus(q)] ?? q.status}</span>
                    <span>{format(t.user.questions.spent, { count: q.creditsSpent })}</span>
                    {q.creditReturnedAt && (
                      <span className="font-medium text-amber-900" data-testid="admin-question-returned">
                        {t.user.questions.returned}
                      </span>
                    )}
                  </p>
                  {/* Read in the voice of the language it was asked in (found by a screen-reader user). */}
                  <p lang={langAttribute(q.lang)} className="mt-2 whitespace-pre-wrap break-words font-medium text-slate-900">
                    {q.question}
                  </p>
                  {q.answer && (
                    <details className="mt-2">
                      <summary className="cursor-pointer text-sm font-medium text-brand-700">{t.user.questions.answer}</summary>
                      {/* As the member read it: formatted, with its sources (never HTML from the model). */}
                      <Markdown
                        source={q.answer}
                        lang={langAttribute(q.lang)}
                        className="mt-2 break-words text-sm text-slate-700"
                        citationHref={(n) => (n <= q.citations.length ? { href: `#admin-q-${q.id}-source-${n}`, title: q.citations[n - 1]!.title } : undefined)}
                      />
                      {q.citations.length > 0 && (
                        <SourcesList title={t.user.questions.sources} citations={q.citations} idPrefix={`admin-q-${q.id}-source`} testId="admin-question-sources" small />
                      )}
                    </details>
                  )}
                </li>
              ))}
            </ul>
          </History>
        </>
      )}
    </div>
  );
}

function BackLink() {
  const t = useMessages(admin);
  return (
    <LocalizedLink to="/admin/users" className="mb-4 inline-block text-sm font-medium text-brand-700 hover:underline">
      ← {t.user.back}
    </LocalizedLink>
  );
}

function ProfileItem({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  return (
    <div>
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="mt-1 text-slate-900" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/** One history section: its title, "showing the latest N of M" when cut, and the rows or an empty line. */
function History({ id, title, shown, total, empty, children }: { id: string; title: string; shown: number; total: number; empty: string; children: ReactNode }) {
  const t = useMessages(admin);
  return (
    <section className={sectionClass} aria-labelledby={id}>
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {shown < total && <p className="mt-1 text-sm text-slate-600">{format(t.user.showingLatest, { shown, total })}</p>}
      {shown === 0 ? <p className="mt-3 text-slate-600">{empty}</p> : <div className="mt-3">{children}</div>}
    </section>
  );
}

/**
 * The reason column: what an admin typed for an adjustment; for the system's own entries (stored as
 * "package:<id>" and "refund:<id>") the package's name, else nothing, as the type column says the rest.
 */
function ledgerReason(entry: AdminLedgerEntry, packageLabel: (id: string) => string): string {
  if (entry.kind === "admin_adjustment") return entry.reason ?? "";
  const packageId = /^(?:package|refund):(.+)$/.exec(entry.reason ?? "")?.[1];
  return packageId ? packageLabel(packageId) : "";
}
