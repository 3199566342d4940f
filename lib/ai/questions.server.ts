// Stored questions and the credit they cost.
//
// How spending stays safe under concurrency (one answer = 1 credit, charged only when complete,
// whether the model or the published material (lib/ai/compose.ts) writes it): a question first takes
// a *slot*: in one statement the user's row is locked (SELECT ... FOR UPDATE, in the database
// function take_ai_question_slot) and a pending question is inserted only while
//   credits > number of the user's pending questions.
// So at any moment the pending questions are covered by the balance, and no ledger row exists yet.
// When the answer is complete, one statement marks the question answered and charges it
// (spendCreditsCtes: -1, kind 'ai_spend', aiQuestionId): exactly one ledger row per answer. A failed or
// stopped answer only changes its row's status: it frees the slot and leaves the balance and the
// ledger untouched (no refund rows, nothing deleted from the ledger). With 5 credits and 50
// simultaneous questions, 5 take a slot and 45 are refused. The row lock serialises slot-taking per
// user on PostgreSQL; PGlite runs one statement at a time anyway, so there it takes no lock.
// A first question to the model thus costs the database two round trips on either database
// (docs/decisions/0021-ai-question-start-in-one-statement.md): one checks the session and the rate
// limit and takes the slot (takeSessionSlot), one stores and charges the answer. A follow-up reads
// the session and its thread first, and without a model the session and the rate limit come before
// the search that decides whether a slot is needed. On PostgreSQL the slot's lock and insert run in
// one database function (migration 0006), not a transaction of four round trips
// (docs/performance.md, "Evening of 2026-11-23"), and every round trip before the model is asked
// waits its turn behind the other requests' work. The slot and charge statements are prepared once
// (db/prepared-statement.server.ts), not built and parsed per answer.
//
// A pending row whose request died with its process (crash, deploy) would hold a slot forever, so
// slots older than STALE_PENDING_MS are released (marked stopped) when they would stop the user
// from asking; every live request ends well before that (ANSWER_DEADLINE_MS).
import { and, asc, eq, inArray, lt, or, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { Db, DbOrTx } from "~/db/client.server";
import { preparedStatement } from "~/db/prepared-statement.server";
import { aiQuestions, sessions, users } from "~/db/schema";
import { liveSession } from "~/lib/accounts/sessions.server";
import { unauthorized } from "~/lib/http/api-error";
import { signedOutIfDeleted } from "~/lib/accounts/users.server";
import { consumeOver, type RateRule } from "~/lib/rate-limit.server";
import { creditsHeldByRefunds, spendCreditsCtes } from "~/lib/credits.server";
import type { Lang } from "~/lib/i18n/languages";
import type { AiHistoryItem, AiQuestionStatus, AiSource, Citation } from "~/lib/contracts/ai";
import type { ServiceSlug } from "~/lib/service-catalog";
import { THREAD_MAX } from "~/lib/contracts/ai-limits";

/** A request that is still streaming after this long is cut off (reported as a timeout). */
export const ANSWER_DEADLINE_MS = 10 * 60_000;
/** Pending rows older than this belong to requests that no longer exist. */
export const STALE_PENDING_MS = 15 * 60_000;

export const AI_SPEND_REASON = "AI answer";

export interface NewQuestion {
  userId: string;
  topic: ServiceSlug;
  lang: Lang;
  question: string;
  /** Null for an answer composed from the published material. */
  model: string | null;
  source?: AiSource;
  /** A follow-up: the answer it follows and its thread (the thread's first question). */
  parentId?: string;
  threadId?: string;
}

/** Thrown by reserveQuestion when the thread already holds THREAD_MAX questions. */
export class ThreadFull extends Error {
  constructor() {
    super("thread full");
    this.name = "ThreadFull";
  }
}

/** Questions of a thread that count towards THREAD_MAX: answered, or still being answered. */
const threadMembers = (threadId: string) =>
  and(
    or(eq(aiQuestions.id, threadId), eq(aiQuestions.threadId, threadId)),
    inArray(aiQuestions.status, ["answered", "pending"]),
  );

/** The call of take_ai_question_slot for `userId` (an expression), every value cast: it travels as text. */
const slotCall = (userId: SQL, v: Record<"topic" | "lang" | "question" | "source" | "model" | "parentId" | "threadId" | "lock", unknown>) =>
  sql`take_ai_question_slot(${userId}, ${v.topic}::text, ${v.lang}::text, ${v.question}::text, ${v.source}::text,
      ${v.model}::text, ${v.parentId}::uuid, ${v.threadId}::uuid, ${THREAD_MAX}::int, ${v.lock}::boolean)`;

/** The values of a slot's statement that come from the question. */
const slotValues = (input: Omit<NewQuestion, "userId" | "parentId" | "threadId">, lock: boolean) => ({
  topic: input.topic,
  lang: input.lang,
  question: input.question,
  source: input.source ?? "model",
  model: input.model,
  lock: String(lock),
});

/**
 * The common case of taking a slot, in one statement and one round trip: the database function
 * take_ai_question_slot (migration 0006) locks the user's row when `lock` is true, then inserts the
 * pending question when the balance covers it and the pending ones (and, for a follow-up, the
 * thread has room). Null when any condition fails; the caller then finds out which
 * (reserveQuestion). A prepared statement (db/prepared-statement.server.ts): it runs on every answer.
 */
const TAKE_SLOT = preparedStatement(
  ["userId", "topic", "lang", "question", "source", "model", "parentId", "threadId", "lock"],
  (v) => sql`SELECT ${slotCall(sql`${v.userId}::uuid`, v)}`,
);

async function takeSlot(db: DbOrTx, input: NewQuestion, lock: boolean): Promise<string | null> {
  const [row] = await TAKE_SLOT.run(db, {
    ...slotValues(input, lock),
    userId: input.userId,
    parentId: input.parentId ?? null,
    threadId: input.threadId ?? null,
  });
  return row?.[0] ?? null;
}

/**
 * Takes a slot for an answer. Returns the pending question's id, or null when no credit is free.
 * The common case is one statement (takeSlot), which locks the user's row on PostgreSQL; with
 * `serialized` (PGlite, one statement at a time) it needs no lock. A refusal is looked into under
 * the row lock in a transaction: a stale slot to release, no credit free, or a full thread.
 */
export async function reserveQuestion(db: Db, input: NewQuestion, { serialized = false } = {}): Promise<string | null> {
  return (await takeSlot(db, input, !serialized)) ?? lookIntoRefusal(db, input);
}

/**
 * How many answers of the member are being written (pending questions younger than
 * STALE_PENDING_MS): each may still spend a credit, so a refund or an administrator's deduction
 * leaves one credit for each. Read it under the member's row lock.
 */
export async function answersInProgress(tx: DbOrTx, userId: string): Promise<number> {
  const [pending] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(aiQuestions)
    .where(
      and(
        eq(aiQuestions.userId, userId),
        eq(aiQuestions.status, "pending"),
        sql`${aiQuestions.createdAt} > now() - make_interval(secs => ${STALE_PENDING_MS / 1000})`,
      ),
    );
  return Number(pending?.count ?? 0);
}

/** A slot refused by takeSlot: under the user's row lock, a stale slot released and the slot taken, or null. */
export function lookIntoRefusal(db: Db, input: NewQuestion): Promise<string | null> {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({ credits: users.credits })
      .from(users)
      .where(eq(users.id, input.userId))
      .for("update");
    // Deleted since its session was read: signed out, not out of credits (found by a review).
    if (!user) throw unauthorized();
    // Refused: a stale slot to release, no credit free, or a full thread.
    const pendingCount = async () => {
      const [pending] = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(aiQuestions)
        .where(and(eq(aiQuestions.userId, input.userId), eq(aiQuestions.status, "pending")));
      return Number(pending?.count ?? 0);
    };
    let pending = await pendingCount();
    // A refund under way holds its purchase's credits (migration 0015).
    const held = await creditsHeldByRefunds(tx, input.userId);
    if (user.credits <= pending + held) {
      const released = await tx
        .update(aiQuestions)
        .set({ status: "stopped", errorCode: "interrupted", completedAt: sql`now()` })
        .where(
          and(
            eq(aiQuestions.userId, input.userId),
            eq(aiQuestions.status, "pending"),
            lt(aiQuestions.createdAt, sql`now() - make_interval(secs => ${STALE_PENDING_MS / 1000})`),
          ),
        )
        .returning({ id: aiQuestions.id });
      if (released.length > 0) pending = await pendingCount();
    }
    if (user.credits <= pending + held) return null;
    if (input.threadId) {
      // Counted under the same lock, so two follow-ups at once cannot both take the last place.
      const [inThread] = await tx
        .select({ count: sql<number>`count(*)::int` })
        .from(aiQuestions)
        .where(threadMembers(input.threadId));
      if (Number(inThread?.count ?? 0) >= THREAD_MAX) throw new ThreadFull();
    }
    return takeSlot(tx, input, false);
  });
}

const SESSION_SLOT_KEYS = ["tokenHash", "topic", "lang", "question", "source", "model", "lock"] as const;
type SessionSlotValues = Record<(typeof SESSION_SLOT_KEYS)[number], unknown>;

/**
 * A first question's session check, rate count (when `rule` is given) and slot in one statement:
 * the live session of the token (lib/accounts/sessions.server.ts), one point on the member's counter,
 * and take_ai_question_slot for the member unless the point is over the limit. Why it runs each
 * part once and in this order: without a live session `member` has no row, so nothing is counted
 * and the function is never called; the function is volatile, so `slot` is computed once, not
 * inlined, and only after the count, whose rows its NOT EXISTS reads. On PostgreSQL the counter's
 * row is locked before the user's (in the function), and nothing locks them the other way round
 * (the purge skips locked counters). A failed statement leaves neither the point nor the slot.
 */
const sessionSlotStatement = (rule: RateRule | null) =>
  preparedStatement(SESSION_SLOT_KEYS, (v: SessionSlotValues) => {
    const counted = rule ? sql`, counted AS (${consumeOver(rule, sql`member.user_id::text`, sql`member`)})` : sql``;
    const allowed = rule ? sql`WHERE NOT EXISTS (SELECT 1 FROM counted WHERE counted.points > ${rule.points}::int)` : sql``;
    return sql`
    WITH member AS (
      SELECT ${sessions.userId} AS user_id, ${sessions.id} AS session_id, ${sessions.lastUsedAt} AS last_used_at
      FROM ${sessions} WHERE ${liveSession(v.tokenHash as SQLWrapper)} LIMIT 1
    )${counted},
    slot AS (
      SELECT ${slotCall(sql`member.user_id`, { ...v, parentId: sql`NULL`, threadId: sql`NULL` })} AS id
      FROM member ${allowed}
    )
    SELECT member.user_id::text, member.session_id::text, (extract(epoch FROM member.last_used_at) * 1000)::bigint::text,
      ${rule ? sql`(SELECT points FROM counted)::text, (SELECT retry_after FROM counted)::text` : sql`NULL, NULL`},
      (SELECT id FROM slot)::text
    FROM member`;
  });
/** Built once per rule name (the statement's text differs with and without the count). */
const sessionSlotStatements = new Map<string, ReturnType<typeof sessionSlotStatement>>();

export interface SessionSlot {
  userId: string;
  sessionId: string;
  lastUsedAt: Date;
  /** The member's counter after this question's point, as RateLimiter.resultOf() reads it (null without a rule). */
  counted: { points: string | null; retry_after: string | null } | null;
  /** The pending question, or null: over the limit (nothing taken), or refused (lookIntoRefusal). */
  questionId: string | null;
}

/**
 * takeSlot for the member behind a session token (its SHA-256), with the rate limit's point counted
 * first when `rule` is given: a first question's one round trip before the model is asked. Null when
 * the token has no live session (then nothing is counted or taken).
 */
export async function takeSessionSlot(
  db: Db,
  tokenHash: string,
  input: Omit<NewQuestion, "userId" | "parentId" | "threadId">,
  options: { rule: RateRule | null; lock: boolean },
): Promise<SessionSlot | null> {
  const key = options.rule?.name ?? "";
  let statement = sessionSlotStatements.get(key);
  if (!statement) sessionSlotStatements.set(key, (statement = sessionSlotStatement(options.rule)));
  const [row] = await statement.run(db, { ...slotValues(input, options.lock), tokenHash });
  if (!row) return null;
  const [userId, sessionId, lastUsedMs, points, retryAfter, questionId] = row;
  return {
    userId: userId!,
    sessionId: sessionId!,
    lastUsedAt: new Date(Number(lastUsedMs)),
    counted: points != null ? { points, retry_after: retryAfter ?? null } : null,
    questionId: questionId ?? null,
  };
}

export interface CompletedAnswer {
  questionId: string;
  userId: string;
  answer: string;
  promptTokens: number | null;
  completionTokens: number | null;
  firstTokenMs: number | null;
  durationMs: number;
  citations?: Citation[];
}

/**
 * Stores the answer and charges 1 credit in one statement (so in one round trip, atomically): the
 * pending question is locked, the balance lowered with its ledger row (spendCreditsCtes) only
 * while the question is still pending, and the question marked answered only when it was charged.
 * Returns the new balance, or null when the question is no longer pending or the balance no longer
 * covers it (then nothing changes).
 */
export async function completeQuestion(db: DbOrTx, input: CompletedAnswer): Promise<number | null> {
  const [row] = await COMPLETE_QUESTION.run(db, {
    questionId: input.questionId,
    userId: input.userId,
    answer: input.answer,
    promptTokens: input.promptTokens,
    completionTokens: input.completionTokens,
    firstTokenMs: input.firstTokenMs,
    durationMs: input.durationMs,
    citations: JSON.stringify(input.citations ?? []),
  });
  return row?.[0] != null ? Number(row[0]) : null;
}

/** completeQuestion's statement, prepared (db/prepared-statement.server.ts): it runs on every answer. */
const COMPLETE_QUESTION = preparedStatement(
  ["questionId", "userId", "answer", "promptTokens", "completionTokens", "firstTokenMs", "durationMs", "citations"],
  (v) => {
    const charge = spendCreditsCtes(
      { userId: v.userId as string, delta: -1, kind: "ai_spend", reason: AI_SPEND_REASON, aiQuestionId: v.questionId as string },
      sql`EXISTS (SELECT 1 FROM pending)`,
    );
    return sql`
    WITH pending AS (
      SELECT id FROM ai_questions
      WHERE id = ${v.questionId}::uuid AND user_id = ${v.userId}::uuid AND status = 'pending'
      FOR UPDATE
    ),
    ${charge},
    answered AS (
      UPDATE ai_questions SET status = 'answered', answer = ${v.answer}::text,
        prompt_tokens = ${v.promptTokens}::int, completion_tokens = ${v.completionTokens}::int,
        first_token_ms = ${v.firstTokenMs}::int, duration_ms = ${v.durationMs}::int, credits_spent = 1,
        citations = ${v.citations}::jsonb, error_code = NULL, completed_at = now()
      WHERE id IN (SELECT id FROM pending) AND EXISTS (SELECT 1 FROM credit_change)
      RETURNING id
    )
    SELECT credits::text AS credits FROM credit_change`;
  },
);

/** Ends a pending question without an answer: no credit is spent. */
export async function endQuestion(
  db: DbOrTx,
  input: {
    questionId: string;
    status: Extract<AiQuestionStatus, "failed" | "stopped">;
    errorCode: string;
    partialAnswer: string;
    promptTokens?: number | null;
    completionTokens?: number | null;
    firstTokenMs: number | null;
    durationMs: number;
  },
): Promise<void> {
  await db
    .update(aiQuestions)
    .set({
      status: input.status,
      errorCode: input.errorCode,
      answer: input.partialAnswer,
      promptTokens: input.promptTokens ?? null,
      completionTokens: input.completionTokens ?? null,
      firstTokenMs: input.firstTokenMs,
      durationMs: input.durationMs,
      completedAt: sql`now()`,
    })
    .where(and(eq(aiQuestions.id, input.questionId), eq(aiQuestions.status, "pending")));
}

/**
 * Stores the free reply to a question the published material cannot answer. A follow-up's place in
 * its thread is counted under the member's row lock, as a charged follow-up's is (lookIntoRefusal),
 * so replies recorded at once cannot take the thread past its limit (ThreadFull).
 */
export async function recordKnowledgeAnswer(
  db: Db,
  input: {
    userId: string;
    topic: ServiceSlug;
    lang: Lang;
    question: string;
    answer: string;
    durationMs: number;
    parentId?: string;
    threadId?: string;
  },
): Promise<string> {
  const threadId = input.threadId;
  if (!threadId) return insertKnowledgeAnswer(db, input);
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, input.userId)).for("update");
    const [inThread] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(aiQuestions)
      .where(threadMembers(threadId));
    if (Number(inThread?.count ?? 0) >= THREAD_MAX) throw new ThreadFull();
    return insertKnowledgeAnswer(tx, input);
  });
}

async function insertKnowledgeAnswer(db: DbOrTx, input: Parameters<typeof recordKnowledgeAnswer>[1]): Promise<string> {
  const [row] = await db
    .insert(aiQuestions)
    .values({
      userId: input.userId,
      topic: input.topic,
      lang: input.lang,
      question: input.question,
      answer: input.answer,
      source: "knowledge_base",
      model: null,
      status: "answered",
      creditsSpent: 0,
      firstTokenMs: 0,
      durationMs: input.durationMs,
      completedAt: sql`now()`,
      parentId: input.parentId ?? null,
      threadId: input.threadId ?? null,
    })
    .returning({ id: aiQuestions.id })
    .catch(signedOutIfDeleted);
  return row!.id;
}

/** What a thread's items are read from (GET /ai/history answers the same shape: history-read.server.ts). */
export const HISTORY_COLUMNS = {
  id: aiQuestions.id,
  topic: aiQuestions.topic,
  lang: aiQuestions.lang,
  question: aiQuestions.question,
  answer: aiQuestions.answer,
  status: aiQuestions.status,
  source: aiQuestions.source,
  createdAt: aiQuestions.createdAt,
  creditsSpent: aiQuestions.creditsSpent,
  citations: aiQuestions.citations,
  parentId: aiQuestions.parentId,
  threadId: aiQuestions.threadId,
  creditReturnedAt: aiQuestions.creditReturnedAt,
};

type HistoryRow = Omit<AiHistoryItem, "source" | "createdAt" | "threadId" | "creditReturnedAt"> & {
  source: string;
  createdAt: Date;
  threadId: string | null;
  creditReturnedAt: Date | null;
};

export function toHistoryItem(row: HistoryRow): AiHistoryItem {
  return {
    ...row,
    // The partial text of a failed or stopped answer is kept for support, never shown as an answer.
    answer: row.status === "answered" ? row.answer : "",
    source: row.source as AiSource,
    createdAt: row.createdAt.toISOString(),
    threadId: row.threadId ?? row.id,
    creditReturnedAt: row.creditReturnedAt?.toISOString() ?? null,
  };
}

/** The member's thread holding `questionId`, oldest first; null when it is not theirs. */
export async function getThread(db: DbOrTx, userId: string, questionId: string): Promise<AiHistoryItem[] | null> {
  const [question] = await db
    .select({ threadId: aiQuestions.threadId })
    .from(aiQuestions)
    .where(and(eq(aiQuestions.id, questionId), eq(aiQuestions.userId, userId)));
  if (!question) return null;
  const threadId = question.threadId ?? questionId;
  const rows = await db
    .select(HISTORY_COLUMNS)
    .from(aiQuestions)
    .where(and(eq(aiQuestions.userId, userId), or(eq(aiQuestions.id, threadId), eq(aiQuestions.threadId, threadId))))
    .orderBy(asc(aiQuestions.createdAt), asc(aiQuestions.id));
  return rows.map(toHistoryItem);
}

/** The user's balance now (for the final event of a free reply). */
export async function currentCredits(db: DbOrTx, userId: string): Promise<number> {
  const [row] = await db.select({ credits: users.credits }).from(users).where(eq(users.id, userId));
  return row?.credits ?? 0;
}
