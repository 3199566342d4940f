// Under a charged answer: the member gives the credit back when the answer missed the question
// (lib/ai/credit-return.server.ts decides; this only offers it while the server would accept it, and
// shows the server's translated refusal otherwise).
import { useEffect, useRef, useState } from "react";
import { api, ApiRequestError } from "~/app/api/api.client";
import { format } from "~/lib/i18n/format";
import { CREDIT_RETURN_DAYS, CREDIT_RETURN_LIMIT, CREDIT_RETURN_LIMIT_DAYS } from "~/lib/contracts/ai-limits";
import { ai as aiMessages } from "~/content/messages/ai";
import { useAuth } from "./auth-provider";
import { useLanguage, useMessages } from "./language-provider";

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whether an answer of `answeredAt` (ISO) is still within the return window. */
export const withinCreditReturnWindow = (answeredAt: string, now = Date.now()) => now - Date.parse(answeredAt) < CREDIT_RETURN_DAYS * DAY_MS;

export function CreditReturn({
  questionId,
  answeredAt,
  returnedAt,
  showBalance,
  onReturned,
}: {
  questionId: string;
  /** When the answer was given (ISO): the offer ends CREDIT_RETURN_DAYS later. */
  answeredAt: string;
  /** When its credit was returned (ISO), or null. */
  returnedAt: string | null;
  /** Whether the confirmation states the balance: only the latest answer does (ask-assistant.tsx). */
  showBalance: boolean;
  onReturned?: (returnedAt: string) => void;
}) {
  const t = useMessages(aiMessages);
  const auth = useAuth();
  const { lang } = useLanguage();
  // "elsewhere": returned meanwhile in another tab or from the history (the server said so).
  const [state, setState] = useState<{ kind: "idle" | "sending" | "elsewhere" } | { kind: "done"; credits: number } | { kind: "error"; message: string }>({
    kind: "idle",
  });
  const doneRef = useRef<HTMLParagraphElement>(null);
  // The button the member pressed is replaced by the confirmation: the focus moves to it, not to the page's start.
  useEffect(() => {
    if (state.kind === "done") doneRef.current?.focus();
  }, [state.kind]);

  const returned = state.kind === "done" || state.kind === "elsewhere" || returnedAt !== null;
  const open = !returned && withinCreditReturnWindow(answeredAt);

  // The button is aria-disabled while the credit goes back, not disabled (a disabled button drops the
  // keyboard's focus to the page's body): a second press does nothing here.
  const sending = useRef(false);
  async function giveBack() {
    if (!auth.token || sending.current) return;
    sending.current = true;
    setState({ kind: "sending" });
    try {
      const result = await api("POST /ai/questions/:id/credit-return", { params: { id: questionId }, token: auth.token, lang });
      auth.setCredits(result.credits);
      setState({ kind: "done", credits: result.credits });
      onReturned?.(result.question.creditReturnedAt ?? new Date().toISOString());
    } catch (error) {
      if (error instanceof ApiRequestError && error.status === 401) auth.clear();
      // Returned meanwhile (another tab, the history): the answer says so, not an error.
      if (error instanceof ApiRequestError && error.code === "credit_already_returned") {
        setState({ kind: "elsewhere" });
        return;
      }
      setState({ kind: "error", message: error instanceof ApiRequestError && error.message ? error.message : t.connectionError });
    } finally {
      sending.current = false;
    }
  }

  return (
    <>
      {/* One live region, there from the start, so the confirmation is announced when it fills. */}
      <p role="status" ref={doneRef} tabIndex={-1} className={returned ? `mt-2 focus:outline-none ${state.kind === "done" ? "font-medium text-green-800" : ""}` : "sr-only"} data-testid={returned ? "credit-returned" : undefined}>
        {state.kind === "done" && showBalance ? format(t.creditReturned, { count: state.credits }) : returned ? t.creditReturnedPast : ""}
      </p>
      {open && (
        <div className="mt-2">
          <button
            type="button"
            onClick={giveBack}
            aria-disabled={state.kind === "sending"}
            aria-describedby={`${questionId}-return-note`}
            className="text-left font-medium text-brand-700 underline hover:no-underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 aria-disabled:cursor-wait aria-disabled:opacity-70"
            data-testid="credit-return-button"
          >
            {state.kind === "sending" ? t.returningCredit : t.returnCredit}
          </button>
          <span id={`${questionId}-return-note`} className="mt-0.5 block text-xs text-slate-600">
            {format(t.returnCreditNote, { days: CREDIT_RETURN_DAYS, limit: CREDIT_RETURN_LIMIT, limitDays: CREDIT_RETURN_LIMIT_DAYS })}
          </span>
          {state.kind === "error" && (
            <p role="alert" className="mt-1 text-sm text-red-800" data-testid="credit-return-error">
              {state.message}
            </p>
          )}
        </div>
      )}
    </>
  );
}
