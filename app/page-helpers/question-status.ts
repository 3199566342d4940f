// The status a question is shown with, in the member's history and the admin area alike.
import type { AiQuestionStatus } from "~/lib/contracts/ai";

/** A free reply that the site's material has no answer is stored as answered, yet answers nothing. */
export type ShownQuestionStatus = AiQuestionStatus | "unanswered";

export const shownQuestionStatus = (item: { status: AiQuestionStatus; source: string; creditsSpent: number }): ShownQuestionStatus =>
  item.status === "answered" && item.source === "knowledge_base" && item.creditsSpent === 0 ? "unanswered" : item.status;
