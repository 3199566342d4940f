// Pieces the admin pages share: paging, badges, formats, loading and error lines. Data comes from
// the one data hook (app/api/use-api-data.ts).
import type { ApiRequestError } from "~/app/api/api.client";
import type { AdminPaymentStatus } from "~/lib/contracts/admin";
import { getPackage } from "~/lib/catalog";
import { format } from "~/lib/i18n/format";
import { admin } from "~/content/messages/admin";
import { useLanguage, useMessages } from "./language-provider";


/** "$1,234.50": dollars and cents with a $ prefix. */
export function formatDollars(amount: number): string {
  return `$${amount.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/** A package id as shown to admins: the catalog's name (VIP for enterprise), capitalised otherwise, 'none' when empty. */
export function usePackageLabel(): (id: string) => string {
  const { lang } = useLanguage();
  const t = useMessages(admin);
  return (id) => {
    if (!id) return t.users.none;
    const pkg = getPackage(id);
    return pkg ? pkg.name[lang] : id.charAt(0).toUpperCase() + id.slice(1);
  };
}

export function PaymentBadge({ status }: { status: AdminPaymentStatus }) {
  const t = useMessages(admin);
  if (status === "paid") {
    return (
      <span className="inline-flex rounded-full bg-green-100 px-2.5 py-0.5 text-xs font-semibold text-green-800" data-testid="badge-paid">
        {t.users.paid}
      </span>
    );
  }
  // Bought, then refunded in full: not the same as never having bought.
  if (status === "refunded") {
    return (
      <span className="inline-flex rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900" data-testid="badge-refunded">
        {t.users.refunded}
      </span>
    );
  }
  // Never bought: a neutral fact, not an unpaid debt.
  return (
    <span className="inline-flex rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-700" data-testid="badge-not-purchased">
      {t.users.notPurchased}
    </span>
  );
}

export function LoadingLine() {
  const t = useMessages(admin);
  return (
    <p role="status" className="py-6 text-slate-600" data-testid="admin-loading">
      {t.loading}
    </p>
  );
}

export function LoadError({ error, onRetry }: { error: ApiRequestError; onRetry: () => void }) {
  const t = useMessages(admin);
  return (
    <div role="alert" className="my-4 flex flex-wrap items-center gap-3 rounded-md border border-red-200 bg-red-50 px-4 py-3 text-red-800">
      <span>{error.message || t.loadFailed}</span>
      <button
        type="button"
        onClick={onRetry}
        className="rounded-md border border-red-300 bg-white px-3 py-1 text-sm font-medium text-red-800 hover:bg-red-100"
      >
        {t.retry}
      </button>
    </div>
  );
}

export function Pagination({ page, pages, onChange }: { page: number; pages: number; onChange: (page: number) => void }) {
  const t = useMessages(admin);
  if (pages <= 1) return null;
  const button =
    "rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-50";
  return (
    <nav aria-label={t.pagination.label} className="mt-4 flex items-center justify-between gap-3">
      <button type="button" className={button} disabled={page <= 1} onClick={() => onChange(page - 1)}>
        {t.pagination.previous}
      </button>
      <span className="text-sm text-slate-600" aria-live="polite" data-testid="page-indicator">
        {format(t.pagination.pageOf, { page, pages })}
      </span>
      <button type="button" className={button} disabled={page >= pages} onClick={() => onChange(page + 1)}>
        {t.pagination.next}
      </button>
    </nav>
  );
}

export function AdminPageTitle({ children }: { children: React.ReactNode }) {
  return <h1 className="text-2xl font-bold text-slate-900 md:text-3xl">{children}</h1>;
}
