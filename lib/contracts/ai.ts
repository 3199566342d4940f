// The AI assistant's API (/api/v1/ai: ask, history): inputs checked by server/api/v1/ai.ts (the
// service pages use the same limit, QUESTION_MAX, from ./ai-limits), the streamed events, the history
// answer and the error codes. Messages are field error codes (lib/contracts/field-errors.ts).
import "./zod-config";
import { z } from "zod";
import type { aiQuestions } from "~/db/schema";
import { multiLineString } from "./storable-text";
import { LANGS } from "~/lib/i18n/languages";
import { SERVICE_SLUGS } from "~/lib/service-catalog";
import { QUESTION_MAX } from "./ai-limits";
import { optionalWholeNumber } from "./whole-number";
export const HISTORY_DEFAULT_LIMIT = 10;
export const HISTORY_MAX_LIMIT = 50;

export const QuestionSchema = multiLineString((issue) =>
  issue.input === undefined || issue.input === null ? "required" : "invalid_type",
)
  .min(1, "required")
  .max(QUESTION_MAX, `too_long:${QUESTION_MAX}`);

/** POST /api/v1/ai/ask */
export const AskSchema = z.object({
  topic: z.enum(SERVICE_SLUGS, "invalid_choice"),
  question: QuestionSchema,
  /** The router fills in the request's language (path, Accept-Language) when the body names none. */
  lang: z.enum(LANGS, "invalid_choice").default("en"),
  /** The answer this question follows up (one of the member's own answered questions). In capitals the same id. */
  parentId: z.uuid("invalid_format").toLowerCase().optional(),
});
export type AskInput = z.output<typeof AskSchema>;

/** GET /api/v1/ai/history?limit=10 */
export const HistoryQuerySchema = z.object({
  limit: optionalWholeNumber(1, HISTORY_MAX_LIMIT, HISTORY_DEFAULT_LIMIT),
});

/** Where an answer came from (the column is free text; these are the values the code writes). */
export type AiSource = "model" | "knowledge_base";
/** The status union, from the database column (db/schema.ts). */
export type AiQuestionStatus = (typeof aiQuestions.$inferSelect)["status"];

/** A page an answer is drawn from: `url` is a site path in the question's language. */
export interface Citation {
  title: string;
  url: string;
}

/** One entry of GET /api/v1/ai/history. */
export interface AiHistoryItem {
  id: string;
  topic: string;
  lang: string;
  question: string;
  answer: string;
  status: AiQuestionStatus;
  source: AiSource;
  createdAt: string;
  creditsSpent: number;
  /** Most relevant first; [] for answers that cite nothing (and those stored before citations). */
  citations: Citation[];
  /** The answer this question follows up; null for the first question of a thread. */
  parentId: string | null;
  /** The id of the thread's first question (its own id for a first question). */
  threadId: string;
  /** When the member returned the answer's credit (it missed the question); null when not returned. */
  creditReturnedAt: string | null;
}

/** GET /api/v1/ai/threads/:id: the thread holding a question, oldest first. */
export interface AiThreadResponse {
  success: true;
  questions: AiHistoryItem[];
}

/** The final server-sent event of a successful answer. */
export interface AiDoneEvent {
  questionId: string;
  answer: string;
  /** The member's balance after this answer. */
  credits: number;
  source: AiSource;
  /** False when the answer cost nothing (a question the published material cannot answer). */
  charged: boolean;
  /** The pages the answer cites as [1], [2], ... most relevant first. */
  citations: Citation[];
  /** The thread's first question (this answer's own id when it starts the thread). */
  threadId: string;
}

/** The final server-sent event of a failed answer: translated; nothing was charged. */
export interface AiErrorEvent {
  code: string;
  message: string;
}

/**
 * POST /ai/ask answers 200 with text/event-stream (lib/ai/sse.ts writes and reads the frames):
 * any number of `delta` events, then one `done` or one `error`. Refusals before streaming
 * (validation, sign-in, credits, rate limit) are ordinary JSON errors.
 */
export type AiStreamEvent =
  | { event: "delta"; data: { text: string } }
  | { event: "done"; data: AiDoneEvent }
  | { event: "error"; data: AiErrorEvent };

/** GET /api/v1/ai/threads/:id and POST /api/v1/ai/questions/:id/credit-return: a question's id. */
export const QuestionParamsSchema = z.object({ id: z.uuid("invalid_format").toLowerCase() });
/** GET /ai/history */
export interface AiHistoryResponse {
  success: true;
  questions: AiHistoryItem[];
}

/**
 * JSON refusals of /ai/ask before the stream starts (besides the common ones); the last four refuse a
 * follow-up. `ai_unavailable` (503): the site's passages cannot be searched now (nothing is charged).
 */
export const AI_ERROR_CODES = [
  "no_credits",
  "credits_held",
  "rate_limited",
  "ai_unavailable",
  "question_not_found",
  "parent_not_answered",
  "parent_found_nothing",
  "thread_full",
] as const;
export type AiRefusalCode = (typeof AI_ERROR_CODES)[number];

/** POST /ai/questions/:id/credit-return: the answer's credit is back on the balance. */
export interface AiCreditReturnResponse {
  success: true;
  /** The member's balance after the return. */
  credits: number;
  /** The question as the history now shows it. */
  question: AiHistoryItem;
}

/**
 * Refusals of a credit return (409 but the 404): lib/ai/credit-return.server.ts decides them. The route
 * may also answer 409 `credit_limit` (the balance's maximum, lib/credits.server.ts), as grants do.
 */
export const CREDIT_RETURN_ERROR_CODES = [
  "question_not_found",
  "not_charged",
  "credit_already_returned",
  "credit_return_expired",
  "credit_return_limit",
] as const;
export type CreditReturnRefusal = (typeof CREDIT_RETURN_ERROR_CODES)[number];

/** The JSON endpoints for the typed client; POST /ai/ask streams AiStreamEvent (read with lib/ai/sse.ts). */
export interface AiEndpoints {
  "GET /ai/history": { query: { limit?: number }; response: AiHistoryResponse };
  "GET /ai/threads/:id": { params: { id: string }; response: AiThreadResponse };
  "POST /ai/questions/:id/credit-return": { params: { id: string }; response: AiCreditReturnResponse };
}
