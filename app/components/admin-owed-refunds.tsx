// The dashboard's list of refunds the card's bank returned and nobody has recorded as repaid (the
// oldest OWED_REFUNDS_SHOWN, lib/stats.server.ts), each with "Mark as repaid another way": a deleted
// account's has no refund panel, so this list is the one place it can be recorded from the admin area.
import { useState } from "react";
import { formatDollars } from "~/app/components/admin-ui";
import { MarkRepaidButton } from "~/app/components/admin-mark-repaid";
import { useLanguage, useMessages } from "~/app/components/language-provider";
import { LocalizedLink } from "~/app/components/localized-link";
import { StatusMessage, type FormStatus } from "~/app/components/ui/status-message";
import { admin } from "~/content/messages/admin";
import { refund as refundMessages } from "~/content/messages/refund";
import { getPackage } from "~/lib/catalog";
import type { DashboardStats } from "~/lib/contracts/dashboard";
import { receiptLabel } from "~/lib/contracts/receipt";
import { format } from "~/lib/i18n/format";
import { langTag } from "~/lib/i18n/languages";

/** The red note with the list while refunds are owed; the latest action's status line stays after the last one is marked. */
export function OwedRefunds({ stats, onChange }: { stats: DashboardStats; onChange: () => void }) {
  const t = useMessages(admin).dashboard;
  const r = useMessages(refundMessages);
  const { lang } = useLanguage();
  const [status, setStatus] = useState<FormStatus>(null);
  const tag = langTag(lang);
  const day = (iso: string) => new Intl.DateTimeFormat(tag, { dateStyle: "medium" }).format(new Date(iso));

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
                  amount: formatDollars(owed.amountCents / 100),
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
            <MarkRepaidButton
              paymentId={owed.paymentId}
              amountCents={owed.amountCents}
              testId="owed-mark-repaid"
              onAnswer={(answer) => {
                setStatus(answer);
                onChange();
              }}
            />
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
