// "Mark as repaid another way" for a refund the card's bank returned: after a confirmation it records
// the repayment (POST /api/v1/refunds/repaid, once) and hands the server's answer to the caller. The
// member's refund panel and the dashboard's list of owed refunds both show it.
import { useRef, useState } from "react";
import { api, ApiRequestError } from "~/app/api/api.client";
import { useAuth } from "~/app/components/auth-provider";
import { useLanguage, useMessages } from "~/app/components/language-provider";
import type { FormStatus } from "~/app/components/ui/status-message";
import { refund as refundMessages } from "~/content/messages/refund";
import { formatUsd } from "~/lib/catalog";
import { format } from "~/lib/i18n/format";

export function MarkRepaidButton({
  paymentId,
  amountCents,
  disabled = false,
  testId,
  onAnswer,
}: {
  paymentId: string;
  amountCents: number;
  disabled?: boolean;
  testId: string;
  /** The server's answer as a status line; called after every attempt, so the caller reloads. */
  onAnswer: (status: FormStatus) => void;
}) {
  const t = useMessages(refundMessages);
  const { lang } = useLanguage();
  const { token } = useAuth();
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);

  async function markRepaid() {
    // aria-disabled, not disabled (a disabled button drops the keyboard's focus to the page's body):
    // a press while busy, or while the caller says so, does nothing here.
    if (disabled || busyRef.current) return;
    if (!window.confirm(format(t.markRepaidConfirm, { amount: formatUsd(amountCents) }))) return;
    busyRef.current = true;
    setBusy(true);
    try {
      const result = await api("POST /refunds/repaid", { body: { paymentId }, token, lang });
      onAnswer({ kind: "success", text: result.message });
    } catch (failure) {
      onAnswer({ kind: "error", text: failure instanceof ApiRequestError && failure.message ? failure.message : t.error });
    } finally {
      busyRef.current = false;
      setBusy(false);
    }
  }

  return (
    <button
      type="button"
      aria-disabled={disabled || busy}
      onClick={() => void markRepaid()}
      className="rounded-md border border-slate-300 px-3 py-1 font-semibold text-slate-800 hover:bg-slate-100 aria-disabled:cursor-not-allowed aria-disabled:opacity-60"
      data-testid={testId}
    >
      {t.markRepaid}
    </button>
  );
}
