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
