// The status a question is shown with, in the member's history and the admin area alike.
import { foundNothing } from "~/lib/ai/found-nothing";
import type { AiQuestionStatus } from "~/lib/contracts/ai";

/** A free reply that the site's material has no answer is stored as answered, yet answers nothing. */
export type ShownQuestionStatus = AiQuestionStatus | "unanswered";

/**
 * A free reply from the site's material answers nothing unless it replied to thanks or a greeting
 * (lib/ai/courtesy.ts decided it then, from the same text): a thread ending in "Thanks!" read as
 * unanswered, though its questions were answered and charged.
 */
export const shownQuestionStatus = (item: { status: AiQuestionStatus; source: string; creditsSpent: number; question: string }): ShownQuestionStatus =>
  foundNothing(item) ? "unanswered" : item.status;

/**
 * A thread's status in the history's summary (its questions oldest first): one under way says so;
 * otherwise answered when any of its answers answered. The latest question's alone read "No answer
 * found — no credit used" for a thread whose first answer had cost a credit (found by a stranger).
 */
export function shownThreadStatus(thread: readonly Parameters<typeof shownQuestionStatus>[0][]): ShownQuestionStatus {
  const latest = shownQuestionStatus(thread[thread.length - 1]!);
  if (latest === "pending") return latest;
  return thread.some((item) => shownQuestionStatus(item) === "answered") ? "answered" : latest;
}
