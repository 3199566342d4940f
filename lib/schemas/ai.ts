// The AI assistant's inputs, checked by server/api/v1/ai.ts (the service pages use the same limit,
// QUESTION_MAX, from ./ai-limits). Messages are field error codes (lib/schemas/field-errors.ts).
import "./zod-config";
import { z } from "zod";
import { storableString } from "./storable-text";
import { LANGS } from "~/lib/i18n/languages";
import { SERVICE_SLUGS } from "~/lib/service-catalog";
import { QUESTION_MAX } from "./ai-limits";
export const HISTORY_DEFAULT_LIMIT = 10;
export const HISTORY_MAX_LIMIT = 50;

export const QuestionSchema = storableString((issue) =>
  issue.input === undefined || issue.input === null ? "required" : "invalid_type",
)
  .trim()
  .min(1, "required")
  .max(QUESTION_MAX, `too_long:${QUESTION_MAX}`);

/** POST /api/v1/ai/ask */
export const AskSchema = z.object({
  topic: z.enum(SERVICE_SLUGS, "invalid_choice"),
  question: QuestionSchema,
  lang: z.enum(LANGS, "invalid_choice").default("en"),
  /** The answer this question follows up (one of the member's own answered questions). */
  parentId: z.uuid("invalid_format").optional(),
});
export type AskInput = z.output<typeof AskSchema>;

/** GET /api/v1/ai/history?limit=10 */
export const HistoryQuerySchema = z.object({
  limit: z.preprocess(
    (value) => (value === undefined || value === "" ? HISTORY_DEFAULT_LIMIT : typeof value === "string" ? Number(value) : value),
    z
      .number("invalid_number")
      .int("invalid_number")
      .min(1, "invalid_number")
      .max(HISTORY_MAX_LIMIT, "invalid_number"),
  ),
});

export type AiSource = "model" | "knowledge_base";
export type AiQuestionStatus = "pending" | "answered" | "failed" | "stopped";

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

export interface AiErrorEvent {
  code: string;
  message: string;
}

/** The events of POST /api/v1/ai/ask (written and read by lib/ai/sse.ts). */
export type AiStreamEvent =
  | { event: "delta"; data: { text: string } }
  | { event: "done"; data: AiDoneEvent }
  | { event: "error"; data: AiErrorEvent };

/** GET /api/v1/ai/threads/:id */
export const ThreadParamsSchema = z.object({ id: z.uuid("invalid_format") });
