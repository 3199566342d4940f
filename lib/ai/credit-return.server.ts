// A member returns the credit of an answer that missed the question (docs/product.md, "What does an
// answer cost?"): the search over the firm's published material cannot always tell a passage that
// answers from one that merely shares words with the question (docs/performance.md, "AI assistant:
// knowledge retrieval"), and the member should not pay for that. The return is one ledger row
// ('ai_return', +the answer's credits) next to the answer's own 'ai_spend' row, and the question
// records when it happened; the database's unique index allows one return per question.
// Under the member's row lock, so two returns at once cannot both pass the limit of
// CREDIT_RETURN_LIMIT per CREDIT_RETURN_LIMIT_DAYS.
import { and, eq, gt, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { aiQuestions, creditLedger, users } from "~/db/schema";
import { changeCredits } from "~/lib/credits.server";
import { CREDIT_RETURN_DAYS, CREDIT_RETURN_LIMIT, CREDIT_RETURN_LIMIT_DAYS } from "~/lib/contracts/ai-limits";
import type { AiHistoryItem, CreditReturnRefusal } from "~/lib/contracts/ai";
import { HISTORY_COLUMNS, toHistoryItem } from "./questions.server";

export const CREDIT_RETURN_REASON = "Answer missed the question";

export type CreditReturnOutcome = { ok: true; credits: number; question: AiHistoryItem } | { ok: false; refusal: CreditReturnRefusal };

/**
 * Returns the credit the member's answer `questionId` cost. Refused when the question is not the
 * member's, cost nothing, was returned already, was answered more than CREDIT_RETURN_DAYS ago, or the
 * member has returned CREDIT_RETURN_LIMIT credits in the last CREDIT_RETURN_LIMIT_DAYS. Throws
 * CreditLimitError (nothing changes) when the balance would cross its maximum.
 */
export function returnAnswerCredit(db: Db, userId: string, questionId: string): Promise<CreditReturnOutcome> {
  return db.transaction(async (tx): Promise<CreditReturnOutcome> => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
    const [question] = await tx
      .select({
        status: aiQuestions.status,
        creditsSpent: aiQuestions.creditsSpent,
        returned: sql<boolean>`${aiQuestions.creditReturnedAt} is not null`,
        recent: sql<boolean>`coalesce(${aiQuestions.completedAt}, ${aiQuestions.createdAt}) > now() - make_interval(days => ${CREDIT_RETURN_DAYS})`,
      })
      .from(aiQuestions)
      .where(and(eq(aiQuestions.id, questionId), eq(aiQuestions.userId, userId)));
    if (!question) return { ok: false, refusal: "question_not_found" };
    if (question.returned) return { ok: false, refusal: "credit_already_returned" };
    if (question.status !== "answered" || question.creditsSpent <= 0) return { ok: false, refusal: "not_charged" };
    if (!question.recent) return { ok: false, refusal: "credit_return_expired" };
    const [returns] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(creditLedger)
      .where(
        and(
          eq(creditLedger.userId, userId),
          eq(creditLedger.kind, "ai_return"),
          gt(creditLedger.createdAt, sql`now() - make_interval(days => ${CREDIT_RETURN_LIMIT_DAYS})`),
        ),
      );
    if (Number(returns?.count ?? 0) >= CREDIT_RETURN_LIMIT) return { ok: false, refusal: "credit_return_limit" };
    const [row] = await tx
      .update(aiQuestions)
      .set({ creditReturnedAt: sql`now()` })
      .where(and(eq(aiQuestions.id, questionId), sql`${aiQuestions.creditReturnedAt} is null`))
      .returning(HISTORY_COLUMNS);
    if (!row) return { ok: false, refusal: "credit_already_returned" };
    const credits = await changeCredits(tx, {
      userId,
      delta: question.creditsSpent,
      kind: "ai_return",
      reason: CREDIT_RETURN_REASON,
      aiQuestionId: questionId,
    });
    // The member's row is locked and exists (the question is theirs), and a grant only fails past the
    // maximum, which throws: null cannot happen, but a return without its ledger row must never commit.
    if (credits === null) throw new Error("credit return found no balance to change");
    return { ok: true, credits, question: toHistoryItem(row) };
  });
}
