// The administrator's refund control on /admin/users/:id: the member's completed purchases, each
// with a Refund button while it can be refunded (or why not). Talks to /api/v1/refunds
// (lib/contracts/refund.ts); the server decides, this only asks and shows the answer. Once a refund
// was asked for, `onDone` tells the page, which loads the member again (balance, payment status and
// package, payments, credit history), as it does after a credit adjustment.
import { useEffect, useRef, useState } from "react";
import { MarkRepaidButton } from "~/app/components/admin-mark-repaid";
import { sectionClass } from "~/app/components/admin-user-actions";
import { StatusMessage } from "~/app/components/ui/status-message";
import { useForm } from "~/app/components/ui/use-form";
import { useAuth } from "~/app/components/auth-provider";
import { useLanguage, useMessages } from "~/app/components/language-provider";
import { refund as refundMessages } from "~/content/messages/refund";
import { api } from "~/app/api/api.client";
import { useApiData } from "~/app/api/use-api-data";
import { formatUsd, getPackage } from "~/lib/catalog";
import { receiptLabel } from "~/lib/contracts/receipt";
import type { RefundCandidate } from "~/lib/contracts/refund";
import { format } from "~/lib/i18n/format";
import { langTag } from "~/lib/i18n/languages";

export function AdminRefundPanel({ userId, balance, onDone }: { userId: string; balance: number; onDone?: () => void }) {
  const t = useMessages(refundMessages);
  const { lang } = useLanguage();
  const { token } = useAuth();
  const tag = langTag(lang);
  const { data: list, error, reload } = useApiData("GET /refunds", { query: { userId } });
  // The page's balance changed (a credit adjustment, a refund): what can be refunded is read again. The
  // panel kept the balance it was opened with and offered a refund the server then refused.
  const shownBalance = useRef(balance);
  useEffect(() => {
    if (shownBalance.current === balance) return;
    shownBalance.current = balance;
    reload();
  }, [balance, reload]);
  /** The purchase being refunded (its button says so). */
  const [refunding, setRefunding] = useState<string | null>(null);

  const day = (iso: string) => new Intl.DateTimeFormat(tag, { dateStyle: "medium" }).format(new Date(iso));
  const describe = (p: RefundCandidate) => ({
    number: p.receiptNumber ? receiptLabel(p.receiptNumber) : p.id.slice(0, 8),
    package: getPackage(p.package)?.name[lang] ?? p.package,
    amount: formatUsd(p.amountCents),
    credits: p.credits,
    date: day(p.paidAt),
  });

  // One form for the list: each Refund button submits its purchase's id (name="paymentId").
  const { status, setStatus, pending, onSubmit, showFailure } = useForm({
    async submit({ paymentId = "" }) {
      const p = list?.purchases.find((candidate) => candidate.id === paymentId);
      if (!p || !window.confirm(format(t.confirm, describe(p)))) return;
      setRefunding(p.id);
      try {
        const result = await api("POST /refunds", { body: { paymentId: p.id }, token, lang });
        setStatus({ kind: "success", text: result.message });
      } catch (failure) {
        showFailure(failure, t.error);
      } finally {
        // After a failure too: a 409 (refunded meanwhile, credits spent) means what is shown is old.
        setRefunding(null);
        reload();
        onDone?.();
      }
    },
  });

  return (
    <section className={sectionClass} aria-labelledby="refunds-title" data-testid="admin-refunds">
      <h2 id="refunds-title" className="text-lg font-semibold text-slate-900">
        {t.title}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t.intro}</p>
      {!list && !error && <p role="status" className="mt-3 text-sm text-slate-600">{t.loading}</p>}
      {error && <p role="alert" className="mt-3 text-sm font-medium text-red-700">{t.error}</p>}
      {list && !error && (
        <form onSubmit={onSubmit} noValidate>
          <p className="mt-3 text-sm font-medium text-slate-800" data-testid="refund-balance">
            {format(t.balance, { count: list.balance })}
          </p>
          {list.purchases.length === 0 ? (
            <p className="mt-2 text-sm text-slate-600">{t.empty}</p>
          ) : (
            <ul className="mt-2 divide-y divide-slate-200">
              {list.purchases.map((p) => {
                const values = describe(p);
                return (
                  <li key={p.id} className="flex flex-wrap items-center justify-between gap-3 py-2 text-sm" data-testid="refund-item">
                    <span className="text-slate-800">{format(t.purchase, values)}</span>
                    {p.blocked ? (
                      <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700">{t.blocked[p.blocked]}</span>
                    ) : (
                      <button
                        type="submit"
                        name="paymentId"
                        value={p.id}
                        // aria-disabled, not disabled: a disabled button drops the keyboard's focus to the
                        // page's body (the form helper ignores a second submission meanwhile).
                        aria-disabled={pending}
                        aria-label={format(t.refundLabel, values)}
                        className="rounded-md border border-red-300 px-3 py-1 font-semibold text-red-800 hover:bg-red-50 aria-disabled:cursor-not-allowed aria-disabled:opacity-60"
                        data-testid="refund-button"
                      >
                        {refunding === p.id ? t.refunding : format(t.refund, values)}
                      </button>
                    )}
                    {p.refundFailedAt && p.refundRepaidAt && (
                      <p role="note" className="w-full text-sm text-slate-700" data-testid="refund-repaid">
                        {format(t.repaidNote, { date: day(p.refundFailedAt), repaidDate: day(p.refundRepaidAt) })}
                      </p>
                    )}
                    {p.refundFailedAt && !p.refundRepaidAt && (
                      <div className="w-full text-sm" data-testid="refund-failed">
                        <p role="note" className="font-medium text-red-800">
                          {format(t.refundFailed, { date: day(p.refundFailedAt), reason: t.failureReasons[p.refundFailure ?? "other"] })}
                        </p>
                        <div className="mt-2">
                          <MarkRepaidButton
                            paymentId={p.id}
                            amountCents={p.amountCents}
                            disabled={pending}
                            testId="mark-repaid"
                            onAnswer={(answer) => {
                              setStatus(answer);
                              reload();
                            }}
                          />
                        </div>
                      </div>
                    )}
                  </li>
                );
              })}
            </ul>
          )}
        </form>
      )}
      <StatusMessage status={status} testId="refund-status" />
    </section>
  );
}
