// GET /api/v1/ai/history read together with the session (one statement): the member's questions,
// newest first, in the shape getThread() (questions.server.ts) answers items.
import { sql, type SQL } from "drizzle-orm";
import { aiQuestions } from "~/db/schema";
import { sessionUserId } from "~/lib/accounts/sessions.server";
import type { AiHistoryItem } from "~/lib/contracts/ai";
import { isoTime } from "~/lib/sql-json.server";

/** The history subquery for readWithSession(); the number of questions is the `limit` parameter. */
// The partial text of a failed or stopped answer is kept for support, never shown as an answer.
export const HISTORY_OF_SESSION_USER: SQL<AiHistoryItem[]> = sql<AiHistoryItem[]>`(select coalesce(json_agg(json_build_object(
      'id', q.id, 'topic', q.topic, 'lang', q.lang, 'question', q.question,
      'answer', case when q.status = 'answered' then q.answer else '' end,
      'status', q.status, 'source', q.source, 'createdAt', ${isoTime(sql`q.created_at`)},
      'creditsSpent', q.credits_spent, 'citations', q.citations, 'parentId', q.parent_id,
      'threadId', coalesce(q.thread_id, q.id), 'creditReturnedAt', ${isoTime(sql`q.credit_returned_at`)}
    ) order by q.created_at desc, q.id desc), '[]'::json)
    from (select * from ${aiQuestions} where ${aiQuestions.userId} = ${sessionUserId}
      order by ${aiQuestions.createdAt} desc, ${aiQuestions.id} desc limit ${sql.placeholder("limit")}) q)`;
