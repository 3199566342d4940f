// The AI tax assistant: POST /ask streams an answer as server-sent events (lib/ai/sse.ts), GET
// /history lists the member's own questions, GET /threads/:id the thread holding one of them (a past
// answer reopened on its service page, to read or follow up). The question itself, from its checks
// to the stored answer, is lib/ai/ask.server.ts; this router validates, authenticates and writes the
// events out.
// Refusals that happen before streaming (validation, sign-in, rate limit, credits) are ordinary
// JSON errors.
import type { Request, Response } from "express";
import { Router } from "express";
import { askQuestion } from "~/lib/ai/ask.server";
import { AI_ERRORS } from "~/lib/ai/errors";
import { HISTORY_OF_SESSION_USER } from "~/lib/ai/history-read.server";
import { getThread } from "~/lib/ai/questions.server";
import { ApiError } from "~/lib/http/api-error";
import { formatSseEvent, SSE_HEARTBEAT } from "~/lib/ai/sse";
import { AskSchema, HistoryQuerySchema, ThreadParamsSchema, type AiThreadResponse } from "~/lib/contracts/ai";
import { appContext, parseBody, requireUser, requireUserWith } from "~/server/http";
import { historyAnswer } from "~/server/member-reads";

export const aiRouter = Router();

/** Starts the event stream. `no-transform` also keeps the compression middleware from buffering it. */
function openEventStream(res: Response) {
  res.status(200);
  res.setHeader("Content-Type", "text/event-stream; charset=utf-8");
  res.setHeader("Cache-Control", "no-store, no-transform");
  res.setHeader("X-Accel-Buffering", "no");
  res.flushHeaders();
  return (text: string) => {
    if (res.writableEnded || res.destroyed) return;
    res.write(text);
  };
}

aiRouter.post("/ask", async (req: Request, res: Response) => {
  const user = await requireUser(req);
  const input = parseBody(req, AskSchema, req.body);
  const client = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) client.abort();
  });
  const events = await askQuestion(appContext(req), { userId: user.id, input, signal: client.signal });
  const write = openEventStream(res);
  try {
    // Read to the end even after the member left: the events stop when the answer is stored.
    for await (const event of events) {
      write(event.event === "heartbeat" ? SSE_HEARTBEAT : formatSseEvent(event.event, event.data));
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
  const { id } = parseBody(req, ThreadParamsSchema, { id: req.params.id });
  const questions = await getThread(appContext(req).db, user.id, id);
  // Someone else's question answers exactly like a missing one.
  if (!questions) throw new ApiError(404, "question_not_found", AI_ERRORS.question_not_found);
  res.json({ success: true, questions } satisfies AiThreadResponse);
});
