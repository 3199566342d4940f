// The dashboard's list of refunds the card's bank returned and nobody has recorded as repaid (the
// oldest OWED_REFUNDS_SHOWN, lib/stats.server.ts), each with "Mark as repaid another way": a deleted
// account's has no refund panel, so this list is the one place it can be recorded from the admin area.
import { useState } from "react";
import { formatDollars } from "~/app/components/admin-ui";
import { api, ApiRequestError } from "~/app/api/api.client";
import { useAuth } from "~/app/components/auth-provider";
import { useLanguage, useMessages } from "~/app/components/language-provider";
import { LocalizedLink } from "~/app/components/localized-link";
import { StatusMessage, type FormStatus } from "~/app/components/ui/status-message";
import { admin } from "~/content/messages/admin";
import { refund as refundMessages } from "~/content/messages/refund";
import { formatUsd, getPackage } from "~/lib/catalog";
import type { DashboardStats, OwedRefund } from "~/lib/contracts/dashboard";
import { receiptLabel } from "~/lib/contracts/receipt";
import { format } from "~/lib/i18n/format";
import { LANGUAGES } from "~/lib/i18n/languages";

/** The red note with the list while refunds are owed; the latest action's status line stays after the last one is marked. */
export function OwedRefunds({ stats, onChange }: { stats: DashboardStats; onChange: () => void }) {
  const t = useMessages(admin).dashboard;
  const r = useMessages(refundMessages);
  const { lang } = useLanguage();
  const { token } = useAuth();
  const [status, setStatus] = useState<FormStatus>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const tag = LANGUAGES.find((l) => l.code === lang)?.tag ?? "en";
  const day = (iso: string) => new Intl.DateTimeFormat(tag, { dateStyle: "medium" }).format(new Date(iso));

  async function markRepaid(owed: OwedRefund) {
    if (!window.confirm(format(r.markRepaidConfirm, { amount: formatUsd(owed.amountCents) }))) return;
    setBusy(owed.paymentId);
    try {
      const result = await api("POST /refunds/repaid", { body: { paymentId: owed.paymentId }, token, lang });
      setStatus({ kind: "success", text: result.message });
    } catch (failure) {
      setStatus({ kind: "error", text: failure instanceof ApiRequestError && failure.message ? failure.message : r.error });
    } finally {
      setBusy(null);
      onChange();
    }
  }

  const line = <StatusMessage status={status} testId="owed-status" />;
  if (stats.refundsOwed === 0) return status ? <div className="mt-4">{line}</div> : null;
  return (
    <section aria-labelledby="refunds-owed-title" className="mt-4 rounded-md border border-red-200 bg-red-50 px-4 py-3">
      <p id="refunds-owed-title" role="note" className="text-sm font-medium text-red-800" data-testid="refunds-owed">
        {format(t.refundsOwed, { count: stats.refundsOwed, amount: formatDollars(stats.refundsOwedCents / 100) })}
      </p>
      <ul className="mt-3 divide-y divide-red-200 rounded-md border border-red-200 bg-white text-sm">
        {stats.owedRefunds.map((owed) => (
          <li key={owed.paymentId} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3" data-testid="owed-refund">
            <div className="min-w-0 text-slate-800">
              <p>
                {format(t.owedItem, {
                  number: owed.receiptNumber ? receiptLabel(owed.receiptNumber) : owed.paymentId.slice(0, 8),
                  package: getPackage(owed.package)?.name[lang] ?? owed.package,
                  amount: formatUsd(owed.amountCents),
                  date: day(owed.refundFailedAt),
                  reason: r.failureReasons[owed.refundFailure],
                })}
              </p>
              <p className="text-slate-600">
                {owed.userId ? (
                  <LocalizedLink to={`/admin/users/${owed.userId}`} className="font-medium text-brand-700 hover:underline">
                    {owed.userName}
                  </LocalizedLink>
                ) : (
                  t.owedDeleted
                )}
              </p>
            </div>
            <button
              type="button"
              disabled={busy !== null}
              onClick={() => void markRepaid(owed)}
              className="rounded-md border border-slate-300 px-3 py-1 font-semibold text-slate-800 hover:bg-slate-100 disabled:opacity-60"
              data-testid="owed-mark-repaid"
            >
              {r.markRepaid}
            </button>
          </li>
        ))}
      </ul>
      {stats.refundsOwed > stats.owedRefunds.length && (
        <p className="mt-2 text-sm text-slate-700">{format(t.owedMore, { count: stats.owedRefunds.length })}</p>
      )}
      {line}
    </section>
  );
}
