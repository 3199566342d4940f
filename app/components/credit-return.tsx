// Under a charged answer: the member gives the credit back when the answer missed the question
// (lib/ai/credit-return.server.ts decides; this only offers it while the server would accept it, and
// shows the server's translated refusal otherwise).
import { useState } from "react";
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
  onReturned,
}: {
  questionId: string;
  /** When the answer was given (ISO): the offer ends CREDIT_RETURN_DAYS later. */
  answeredAt: string;
  /** When its credit was returned (ISO), or null. */
  returnedAt: string | null;
  onReturned?: (returnedAt: string) => void;
}) {
  const t = useMessages(aiMessages);
  const auth = useAuth();
  const { lang } = useLanguage();
  const [state, setState] = useState<{ kind: "idle" | "sending" } | { kind: "done"; credits: number } | { kind: "error"; message: string }>({ kind: "idle" });

  if (state.kind === "done") {
    return (
      <p role="status" className="mt-2 font-medium text-green-800" data-testid="credit-returned">
        {format(t.creditReturned, { count: state.credits })}
      </p>
    );
  }
  if (returnedAt) {
    return (
      <p className="mt-2" data-testid="credit-returned">
        {t.creditReturnedPast}
      </p>
    );
  }
  if (!withinCreditReturnWindow(answeredAt)) return null;

  async function giveBack() {
    if (!auth.token) return;
    setState({ kind: "sending" });
    try {
      const result = await api("POST /ai/questions/:id/credit-return", { params: { id: questionId }, token: auth.token, lang });
      auth.setCredits(result.credits);
      setState({ kind: "done", credits: result.credits });
      onReturned?.(result.question.creditReturnedAt ?? new Date().toISOString());
    } catch (error) {
      if (error instanceof ApiRequestError && error.status === 401) auth.clear();
      setState({ kind: "error", message: error instanceof ApiRequestError && error.message ? error.message : t.connectionError });
    }
  }

  return (
    <div className="mt-2">
      <button
        type="button"
        onClick={giveBack}
        disabled={state.kind === "sending"}
        aria-describedby={`${questionId}-return-note`}
        className="text-left font-medium text-brand-700 underline hover:no-underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-wait disabled:opacity-70"
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
  );
}
