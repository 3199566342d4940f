// The AI tax assistant: POST /ask streams an answer as server-sent events (lib/ai/sse.ts), GET
// /history lists the member's own questions. Refusals that happen before streaming (validation,
// sign-in, credits, rate limit) are ordinary JSON errors. Without a model the answer is composed
// from the site's published material (lib/ai/compose.ts); either way one answer costs one credit.
import type { Request, Response } from "express";
import { Router } from "express";
import { AI_ERRORS, AiFailure, type AiErrorCode } from "~/lib/ai/errors";
import { composeAnswer, unanswerableReply } from "~/lib/ai/compose";
import { buildMessages } from "~/lib/ai/prompt";
import {
  ANSWER_DEADLINE_MS,
  completeQuestion,
  currentCredits,
  endQuestion,
  listHistory,
  recordKnowledgeAnswer,
  releaseReservation,
  reserveQuestion,
} from "~/lib/ai/questions.server";
import { formatSseEvent, SSE_HEARTBEAT } from "~/lib/ai/sse";
import { ApiError } from "~/lib/http/api-error";
import type { Lang } from "~/lib/i18n/languages";
import { ASK_RATE_RULE } from "~/lib/rate-rules";
import { AskSchema, HistoryQuerySchema, type AiDoneEvent, type AiHistoryResponse, type AskInput } from "~/lib/contracts/ai";
import { parseBody, requireUser, appContext } from "~/server/http";

const HEARTBEAT_MS = 15_000;

export const aiRouter = Router();

/** Starts the event stream. `no-transform` also keeps the compression middleware from buffering it. */
function openEventStream(res: Response) {
  res.status(200);
  res.setHeader("Content-Type", "text/event-stream; charset=utf-8");
  res.setHeader("Cache-Control", "no-store, no-transform");
  res.setHeader("X-Accel-Buffering", "no");
  res.flushHeaders();
  const write = (text: string) => {
    if (res.writableEnded || res.destroyed) return;
    res.write(text);
  };
  return {
    send: (event: "delta" | "done" | "error", data: unknown) => write(formatSseEvent(event, data)),
    heartbeat: () => write(SSE_HEARTBEAT),
    end: () => {
      if (!res.writableEnded) res.end();
    },
  };
}

const errorEvent = (code: AiErrorCode, lang: Lang) => ({ code, message: AI_ERRORS[code][lang] ?? AI_ERRORS[code].en });

aiRouter.post("/ask", async (req: Request, res: Response) => {
  const user = await requireUser(req);
  const input = parseBody(req, AskSchema, req.body);
  const { db, ai, env, knowledge, rateLimiter, logger } = appContext(req);
  const started = performance.now();

  if (!ai.configured) {
    await answerFromSite(req, res, user.id, input);
    return;
  }

  const questionId = await reserveQuestion(db, {
    userId: user.id,
    topic: input.topic,
    lang: input.lang,
    question: input.question,
    model: ai.model,
  });
  if (!questionId) throw new ApiError(402, "no_credits", AI_ERRORS.no_credits, { pricingPath: "/pricing" });
  try {
    await rateLimiter.enforce(ASK_RATE_RULE, user.id, AI_ERRORS.ai_rate_limited);
  } catch (error) {
    await releaseReservation(db, questionId);
    throw error;
  }

  // The site's passages for the question go to the model as numbered context, cited on `done`.
  const retrieval = knowledge.retrieve(input.question, input.lang);
  const sources = retrieval.hits.map(({ passage }) => ({ title: passage.title, url: passage.url, text: passage.text }));
  const citations = sources.map(({ title, url }) => ({ title, url }));

  const controller = new AbortController();
  let clientGone = false;
  let deadlineHit = false;
  res.on("close", () => {
    if (!res.writableFinished) {
      clientGone = true;
      controller.abort();
    }
  });
  const deadline = setTimeout(() => {
    deadlineHit = true;
    controller.abort();
  }, ANSWER_DEADLINE_MS);

  const stream = openEventStream(res);
  const heartbeat = setInterval(stream.heartbeat, HEARTBEAT_MS);
  let answer = "";
  let firstTokenMs: number | null = null;
  let usage: { promptTokens: number; completionTokens: number } | null = null;
  const elapsed = () => Math.round(performance.now() - started);

  try {
    const messages = buildMessages({ topic: input.topic, lang: input.lang, question: input.question, siteName: env.SITE_NAME, sources });
    for await (const part of ai.stream(messages, controller.signal)) {
      if (part.type === "usage") {
        usage = part;
        continue;
      }
      firstTokenMs ??= elapsed();
      answer += part.text;
      stream.send("delta", { text: part.text });
    }
    // The provider finished: the answer is complete and charged even if the client has just left
    // (its `done` event then goes nowhere).
    if (answer.trim() === "") throw new AiFailure("ai_no_response");
    const balance = await completeQuestion(db, {
      questionId,
      userId: user.id,
      answer,
      promptTokens: usage?.promptTokens ?? null,
      completionTokens: usage?.completionTokens ?? null,
      firstTokenMs,
      durationMs: elapsed(),
      citations,
    });
    if (balance === null) throw new AiFailure("ai_error");
    const done: AiDoneEvent = { questionId, answer, credits: balance, source: "model", charged: true, citations };
    stream.send("done", done);
  } catch (error) {
    let code: AiErrorCode = error instanceof AiFailure ? error.code : "ai_error";
    if (deadlineHit) code = "ai_timeout";
    if (!(error instanceof AiFailure)) logger.error({ err: error, questionId }, "AI answer failed");
    try {
      // The slot is freed; no credit was spent. A stopped answer was never complete.
      await endQuestion(db, {
        questionId,
        status: clientGone ? "stopped" : "failed",
        errorCode: clientGone ? "client_disconnected" : code,
        partialAnswer: answer,
        promptTokens: usage?.promptTokens ?? null,
        completionTokens: usage?.completionTokens ?? null,
        firstTokenMs,
        durationMs: elapsed(),
      });
    } catch (storeError) {
      logger.error({ err: storeError, questionId }, "could not record the failed AI answer");
    }
    if (!clientGone) stream.send("error", errorEvent(code, input.lang));
  } finally {
    clearTimeout(deadline);
    clearInterval(heartbeat);
    stream.end();
  }
});

/**
 * The answer without a model: the best passages of the site, cited, charged like a model answer
 * (slot, then one credit when complete). A question the site cannot answer gets a free reply
 * pointing to the contact page.
 */
async function answerFromSite(req: Request, res: Response, userId: string, input: AskInput) {
  const { db, env, knowledge, rateLimiter } = appContext(req);
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const retrieval = knowledge.retrieve(input.question, input.lang);
  const base = { userId, topic: input.topic, lang: input.lang, question: input.question };

  if (!retrieval.answerable) {
    await rateLimiter.enforce(ASK_RATE_RULE, userId, AI_ERRORS.ai_rate_limited);
    const answer = unanswerableReply(input.lang, env.SITE_NAME);
    const questionId = await recordKnowledgeAnswer(db, { ...base, answer, durationMs: elapsed() });
    const stream = openEventStream(res);
    stream.send("delta", { text: answer });
    const done: AiDoneEvent = {
      questionId,
      answer,
      credits: await currentCredits(db, userId),
      source: "knowledge_base",
      charged: false,
      citations: [],
    };
    stream.send("done", done);
    stream.end();
    return;
  }

  const questionId = await reserveQuestion(db, { ...base, model: null, source: "knowledge_base" });
  if (!questionId) throw new ApiError(402, "no_credits", AI_ERRORS.no_credits, { pricingPath: "/pricing" });
  try {
    await rateLimiter.enforce(ASK_RATE_RULE, userId, AI_ERRORS.ai_rate_limited);
  } catch (error) {
    await releaseReservation(db, questionId);
    throw error;
  }
  const { answer, citations } = composeAnswer({
    question: input.question,
    lang: input.lang,
    siteName: env.SITE_NAME,
    sources: retrieval.hits.map(({ passage }) => ({ title: passage.title, url: passage.url, text: passage.text })),
  });
  const stream = openEventStream(res);
  // Sent in paragraphs, so the page handles both sources the same way.
  for (const text of answer.split(/(?<=\n\n)/)) stream.send("delta", { text });
  const timing = { promptTokens: null, completionTokens: null, firstTokenMs: 0, durationMs: elapsed() };
  if (res.destroyed) {
    // The member left before the answer was complete: nothing is charged.
    await endQuestion(db, { questionId, status: "stopped", errorCode: "client_disconnected", partialAnswer: answer, ...timing });
    stream.end();
    return;
  }
  const balance = await completeQuestion(db, { questionId, userId, answer, citations, ...timing });
  if (balance === null) {
    await endQuestion(db, { questionId, status: "failed", errorCode: "ai_error", partialAnswer: answer, ...timing });
    stream.send("error", errorEvent("ai_error", input.lang));
  } else {
    const done: AiDoneEvent = { questionId, answer, credits: balance, source: "knowledge_base", charged: true, citations };
    stream.send("done", done);
  }
  stream.end();
}

aiRouter.get("/history", async (req: Request, res: Response) => {
  const user = await requireUser(req);
  const { limit } = parseBody(req, HistoryQuerySchema, { limit: req.query.limit });
  const questions = await listHistory(appContext(req).db, user.id, limit);
  res.json({ success: true, questions } satisfies AiHistoryResponse);
});
