// The AI tax assistant: POST /ask streams an answer as server-sent events (lib/ai/sse.ts), GET
// /history lists the member's own questions, GET /threads/:id the thread holding one of them (a past
// answer reopened on its service page, to read or follow up). The question itself, from its checks
// to the stored answer, is lib/ai/ask.server.ts; this router validates, authenticates and writes the
// events out.
// Refusals that happen before streaming (validation, sign-in, rate limit, credits) are ordinary
// JSON errors.
import type { Request, Response } from "express";
import { Router } from "express";
import { plausibleToken } from "~/lib/accounts/sessions.server";
import { askQuestion } from "~/lib/ai/ask.server";
import { AI_ERRORS } from "~/lib/ai/errors";
import { HISTORY_OF_SESSION_USER } from "~/lib/ai/history-read.server";
import { getThread } from "~/lib/ai/questions.server";
import { returnAnswerCredit } from "~/lib/ai/credit-return.server";
import { CREDIT_LIMIT_ERROR, CreditLimitError, MAX_CREDIT_BALANCE } from "~/lib/credits.server";
import { ApiError, unauthorized } from "~/lib/http/api-error";
import { formatSseEvent, SSE_HEARTBEAT } from "~/lib/ai/sse";
import { AskSchema, HistoryQuerySchema, QuestionParamsSchema, type AiCreditReturnResponse, type AiThreadResponse, type AskInput } from "~/lib/contracts/ai";
import { appContext, bearerToken, parseBody, requestLang, requireUser, requireUserWith } from "~/server/http";
import { historyAnswer } from "~/server/member-reads";

export const aiRouter = Router();

/**
 * Starts the event stream. `no-transform` also keeps the compression middleware from buffering it.
 * Events written in the same turn of the event loop (a provider packet often carries several) leave
 * in one socket write: the response is corked until the next turn. The last event leaves with the
 * end of the response, again one write instead of two.
 */
function openEventStream(res: Response) {
  res.status(200);
  res.setHeader("Content-Type", "text/event-stream; charset=utf-8");
  res.setHeader("Cache-Control", "no-store, no-transform");
  res.setHeader("X-Accel-Buffering", "no");
  res.flushHeaders();
  let corked = false;
  const uncork = () => {
    corked = false;
    res.uncork();
  };
  return (text: string, last: boolean) => {
    if (res.writableEnded || res.destroyed) return;
    if (last) {
      res.end(text);
      return;
    }
    if (!corked) {
      corked = true;
      res.cork();
      setImmediate(uncork);
    }
    res.write(text);
  };
}

/** A body that names no language asks in the request's (path, Accept-Language), as its refusals are. */
function withRequestLang(req: Request): unknown {
  const body: unknown = req.body;
  if (body === null || typeof body !== "object" || Array.isArray(body) || (body as { lang?: unknown }).lang !== undefined) return body;
  return { ...body, lang: requestLang(req) };
}

aiRouter.post("/ask", async (req: Request, res: Response) => {
  // askQuestion checks the session (for a first question to the model, in the statement that takes
  // the slot); a request that is both signed out and invalid is still told first that it is signed out.
  const token = bearerToken(req);
  if (!plausibleToken(token)) throw unauthorized();
  let input: AskInput;
  try {
    input = parseBody(req, AskSchema, withRequestLang(req));
  } catch (error) {
    await requireUser(req);
    throw error;
  }
  const client = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) client.abort();
  });
  const events = await askQuestion(appContext(req), { token, input, signal: client.signal });
  const write = openEventStream(res);
  try {
    // Read to the end even after the member left: the events stop when the answer is stored.
    for await (const event of events) {
      if (event.event === "heartbeat") write(SSE_HEARTBEAT, false);
      else write(formatSseEvent(event.event, event.data), event.event === "done" || event.event === "error");
    }
  } finally {
    if (!res.writableEnded) res.end();
  }
});

aiRouter.get("/history", async (req: Request, res: Response) => {
  const query = HistoryQuerySchema.safeParse({ limit: req.query.limit });
  if (!query.success) {
    // The session is checked first, as for every member route: 401, else the limit's 400.
    await requireUser(req);
    parseBody(req, HistoryQuerySchema, { limit: req.query.limit });
  }
  const limit = query.data!.limit;
  // The session and the questions in one statement (docs/decisions/0016-authenticated-reads.md).
  const { data: questions } = await requireUserWith(req, HISTORY_OF_SESSION_USER, { limit });
  res.json(historyAnswer(questions));
});

aiRouter.get("/threads/:id", async (req: Request, res: Response) => {
  const user = await requireUser(req);
  const { id } = parseBody(req, QuestionParamsSchema, { id: req.params.id });
  const questions = await getThread(appContext(req).db, user.id, id);
  // Someone else's question answers exactly like a missing one.
  if (!questions) throw new ApiError(404, "question_not_found", AI_ERRORS.question_not_found);
  res.json({ success: true, questions } satisfies AiThreadResponse);
});

aiRouter.post("/questions/:id/credit-return", async (req: Request, res: Response) => {
  const user = await requireUser(req);
  const { id } = parseBody(req, QuestionParamsSchema, { id: req.params.id });
  let outcome;
  try {
    outcome = await returnAnswerCredit(appContext(req).db, user.id, id);
  } catch (error) {
    if (error instanceof CreditLimitError) throw new ApiError(409, "credit_limit", CREDIT_LIMIT_ERROR, { credits: error.balance, max: MAX_CREDIT_BALANCE });
    throw error;
  }
  // Someone else's question answers exactly like a missing one.
  if (!outcome.ok) throw new ApiError(outcome.refusal === "question_not_found" ? 404 : 409, outcome.refusal, AI_ERRORS[outcome.refusal]);
  res.json({ success: true, credits: outcome.credits, question: outcome.question } satisfies AiCreditReturnResponse);
});
