// One question to the assistant, from the checks to the stored answer (docs/architecture.md, "Data
// flow of an AI answer"). askQuestion() refuses with an ApiError before anything is stored (session,
// rate limit, then the credit), so a refusal never has to be undone; otherwise it returns the
// answer's events, which the router only writes out as server-sent events. This module owns the
// deadline, the abort when the member leaves, the heartbeat, the classification of failures and the
// choice between the model and the answer composed from the published material.
import type { AppContext } from "~/lib/app-context.server";
import { getSessionUser, hashToken } from "~/lib/accounts/sessions.server";
import { ApiError, tooManyRequests, unauthorized } from "~/lib/http/api-error";
import type { Lang } from "~/lib/i18n/languages";
import { localePath } from "~/lib/i18n/paths";
import { ASK_RATE_RULE } from "~/lib/rate-rules";
import type { AiDoneEvent, AiStreamEvent, AskInput, Citation } from "~/lib/contracts/ai";
import { isInvisibleText } from "~/lib/contracts/storable-text";
import { composeAnswer, courtesyReply, repeatedReply, repeatsEarlier, unanswerableReply, type Source } from "./compose";
import { courtesyOf } from "./courtesy";
import { foundSomething } from "./found-nothing";
import { creditsHeldByRefunds } from "~/lib/credits.server";
import { AI_ERRORS, AiFailure, type AiErrorCode } from "./errors";
import type { KnowledgeIndex, Retrieval } from "./knowledge-index.server";
import { buildMessages } from "./prompt";
import { questionLang } from "./question-lang";
import {
  ANSWER_DEADLINE_MS,
  completeQuestion,
  currentCredits,
  endQuestion,
  getThread,
  lookIntoRefusal,
  recordKnowledgeAnswer,
  reserveQuestion,
  takeSessionSlot,
  ThreadFull,
} from "./questions.server";
import { THREAD_MAX } from "~/lib/contracts/ai-limits";

/** A comment line this often keeps proxies from closing a quiet connection. */
export const HEARTBEAT_MS = 15_000;

/** What the router writes: the answer's events, and a heartbeat while the model is quiet. */
export type AskEvent = AiStreamEvent | { event: "heartbeat" };

export type AskContext = Pick<AppContext, "db" | "database" | "ai" | "env" | "knowledge" | "rateLimiter" | "logger" | "sessionTouches">;

export interface AskRequest {
  /** The member's bearer token: checked here, in the statement that takes a first question's slot. */
  token: string;
  input: AskInput;
  /** Aborted when the member leaves (closed page, Stop button): the answer is then not charged. */
  signal: AbortSignal;
}

const errorEvent = (code: AiErrorCode, lang: Lang): AskEvent => ({
  event: "error",
  data: { code, message: AI_ERRORS[code][lang] ?? AI_ERRORS[code].en },
});

/** The pricing page in the language of the page asked on (found by a stranger: always the English one). */
const noCredits = (lang: Lang) => new ApiError(402, "no_credits", AI_ERRORS.no_credits, { pricingPath: localePath(lang, "/pricing") });

/**
 * Why no slot was free: the credits a refund under way holds (409, wait), or none at all (402, buy).
 * A member whose balance a refund held was told to buy a package (found by a review).
 */
async function refusal(ctx: AskContext, userId: string, lang: Lang): Promise<ApiError> {
  return (await creditsHeldByRefunds(ctx.db, userId)) > 0 ? new ApiError(409, "credits_held", AI_ERRORS.credits_held) : noCredits(lang);
}

/**
 * Checks the request and takes its credit slot. Throws ApiError (401 without a live session, 429
 * rate limited, 402 no credit) before anything is stored; otherwise the events of the answer follow.
 * A first question to the model checks the session and the rate limit and takes its slot in one
 * statement (takeSessionSlot): each round trip before the model is asked waits its turn behind every
 * other request's (docs/performance.md, "AI assistant"). A follow-up reads the session and its thread first.
 */
export async function askQuestion(ctx: AskContext, request: AskRequest): Promise<AsyncIterable<AskEvent>> {
  const { input } = request;
  const started = performance.now();
  // Thanks or a greeting asks nothing: answered here, free, with or without a model (lib/ai/courtesy.ts).
  const courtesy = courtesyOf(input.question);
  // Without a model a first question is searched before it takes a slot (one the site cannot answer
  // takes none): it keeps the steps below, where the search follows the session and the rate limit.
  if (!input.parentId && ctx.ai.configured && !courtesy) return firstQuestion(ctx, request, started);
  const userId = await sessionUserId(ctx, request.token);
  await ctx.rateLimiter.enforce(ASK_RATE_RULE, userId, AI_ERRORS.ai_rate_limited);
  const thread = input.parentId ? await followedThread(ctx, userId, input.parentId) : null;

  // A follow-up ("and in Japan?") often names its subject only in the earlier questions: they join
  // its search, weighing less than its own words (lib/ai/knowledge-index.server.ts), and guide which
  // sentences the composed answer quotes. Searched alone when it found something, "when is the
  // documentation due?" after a transfer-pricing question found another topic's deadlines.
  const earlierQuestions = thread?.earlier.map((turn) => turn.question) ?? [];
  const retrieval = courtesy ? NOTHING_FOUND : retrieveFor(await knowledgeOf(ctx), input, earlierQuestions);
  const sources = sourcesOf(retrieval);
  // Without a model, a follow-up whose composed reply would only repeat the thread's earlier answers
  // is answered as a question the site cannot answer: nothing new, no credit. The reply composed to
  // tell is the one sent (a first question's is composed only once its credit is reserved).
  const composedFollowUp =
    !ctx.ai.configured && retrieval.answerable && thread !== null ? composeFor(ctx, input, thread.earlier, sources) : undefined;
  const answersNothingNew =
    composedFollowUp !== undefined &&
    repeatsEarlier(
      composedFollowUp.answer,
      (thread?.earlier ?? []).map((turn) => turn.answer),
      input.lang,
    );
  const base = {
    userId,
    topic: input.topic,
    lang: input.lang,
    question: input.question,
    parentId: thread ? input.parentId : undefined,
    threadId: thread?.threadId,
  };

  if (courtesy || (!ctx.ai.configured && (!retrieval.answerable || answersNothingNew))) {
    // Without a model, a question the site cannot answer gets a free, honest reply.
    // One that would only repeat the thread is told so, not that the site has no answer.
    const answer = courtesy
      ? courtesyReply(courtesy, input.lang, ctx.env.SITE_NAME)
      : (answersNothingNew ? repeatedReply : unanswerableReply)(input.lang, ctx.env.SITE_NAME);
    const questionId = await recordKnowledgeAnswer(ctx.db, { ...base, answer, durationMs: elapsed(started) }).catch((error: unknown) => {
      throw error instanceof ThreadFull ? threadFull() : error;
    });
    const done: AiDoneEvent = {
      questionId,
      answer,
      credits: await currentCredits(ctx.db, userId),
      source: "knowledge_base",
      charged: false,
      citations: [],
      threadId: thread?.threadId ?? questionId,
    };
    return fromList([
      { event: "delta", data: { text: answer } },
      { event: "done", data: done },
    ]);
  }

  let questionId: string | null;
  try {
    questionId = await reserveQuestion(
      ctx.db,
      { ...base, model: ctx.ai.configured ? ctx.ai.model : null, source: ctx.ai.configured ? "model" : "knowledge_base" },
      { serialized: ctx.database.kind === "pglite" },
    );
  } catch (error) {
    if (error instanceof ThreadFull) throw threadFull();
    throw error;
  }
  if (!questionId) throw await refusal(ctx, userId, input.lang);
  const reserved: Reserved = {
    questionId,
    threadId: thread?.threadId ?? questionId,
    userId,
    input,
    sources,
    earlier: thread?.earlier ?? [],
    started,
    signal: request.signal,
  };
  return ctx.ai.configured ? modelAnswer(ctx, reserved) : runToEnd(ctx, reserved, composedAnswer(ctx, reserved, composedFollowUp));
}

const threadFull = () => new ApiError(409, "thread_full", AI_ERRORS.thread_full, { max: THREAD_MAX });

/** The member behind a bearer token (one statement), or 401. */
async function sessionUserId(ctx: AskContext, token: string): Promise<string> {
  const user = await getSessionUser(ctx.db, token, ctx.sessionTouches);
  if (!user) throw unauthorized();
  return user.id;
}

/**
 * A first question to the model: session, rate limit and slot in one statement, then the search for
 * the site's passages (after the checks, so a refused request costs no search).
 */
async function firstQuestion(ctx: AskContext, request: AskRequest, started: number): Promise<AsyncIterable<AskEvent>> {
  const { input } = request;
  const question = { topic: input.topic, lang: input.lang, question: input.question, model: ctx.ai.model, source: "model" as const };
  const slot = await takeSessionSlot(ctx.db, hashToken(request.token), question, {
    rule: ctx.rateLimiter.enabled ? ASK_RATE_RULE : null,
    lock: ctx.database.kind !== "pglite",
  });
  if (!slot) throw unauthorized();
  ctx.sessionTouches.note(slot.sessionId, slot.lastUsedAt);
  const rate = slot.counted && ctx.rateLimiter.resultOf(ASK_RATE_RULE, slot.counted);
  if (rate && !rate.allowed) throw tooManyRequests(AI_ERRORS.ai_rate_limited, rate.retryAfterSeconds);
  const questionId = slot.questionId ?? (await lookIntoRefusal(ctx.db, { ...question, userId: slot.userId }));
  if (!questionId) throw await refusal(ctx, slot.userId, input.lang);
  let sources: Source[];
  try {
    sources = sourcesOf(retrieveFor(await knowledgeOf(ctx), input));
  } catch (error) {
    // The slot is freed: a pending question holds a credit (found by an attack: 402 at the next question).
    await endQuestion(ctx.db, { questionId, status: "failed", errorCode: "ai_unavailable", partialAnswer: "", firstTokenMs: null, durationMs: elapsed(started) }).catch(
      (endError: unknown) => ctx.logger.error({ err: endError, questionId }, "could not free the AI question's slot"),
    );
    throw error;
  }
  const reserved: Reserved = {
    questionId,
    threadId: questionId,
    userId: slot.userId,
    input,
    sources,
    earlier: [],
    started,
    signal: request.signal,
  };
  return modelAnswer(ctx, reserved);
}

/** The site's search index, or 503: a build that failed is tried again by the next question (lib/ai/knowledge-index.server.ts). */
async function knowledgeOf(ctx: AskContext): Promise<KnowledgeIndex> {
  try {
    return await ctx.knowledge();
  } catch (error) {
    ctx.logger.error({ err: error }, "the knowledge index is unavailable");
    throw new ApiError(503, "ai_unavailable", AI_ERRORS.ai_unavailable);
  }
}

/** The passages for a question, searched in the language it is written in and cited in the page's. */
const retrieveFor = (knowledge: KnowledgeIndex, input: AskInput, earlier: readonly string[] = []): Retrieval =>
  knowledge.retrieve(input.question, input.lang, { earlier, writtenIn: questionLang(input.question, input.lang) });

const NOTHING_FOUND: Retrieval = { answerable: false, hits: [], best: { score: 0, unknown: 1 } };

const sourcesOf = (retrieval: Retrieval): Source[] =>
  retrieval.hits.map(({ passage }) => ({ title: passage.title, url: passage.url, text: passage.text }));

/**
 * The thread a follow-up continues: the member's own, answered parent (404 otherwise, whoever owns
 * it, so ids reveal nothing) in a thread that found something (409), room for one more question (409), and the
 * turns up to the parent.
 */
async function followedThread(ctx: AskContext, userId: string, parentId: string) {
  const thread = await getThread(ctx.db, userId, parentId);
  const parent = thread?.find((turn) => turn.id === parentId);
  if (!thread || !parent) throw new ApiError(404, "question_not_found", AI_ERRORS.question_not_found);
  if (parent.status !== "answered") throw new ApiError(409, "parent_not_answered", AI_ERRORS.parent_not_answered);
  // The screen offers no follow-up to a thread that found nothing; a request that asks for one anyway is refused.
  if (!foundSomething(thread.slice(0, thread.indexOf(parent) + 1))) throw new ApiError(409, "parent_found_nothing", AI_ERRORS.parent_found_nothing);
  // Checked again under the user's row lock when the slot is taken (reserveQuestion).
  if (thread.filter((turn) => turn.status === "answered" || turn.status === "pending").length >= THREAD_MAX) {
    throw threadFull();
  }
  const upToParent = thread.slice(0, thread.indexOf(parent) + 1);
  return {
    threadId: parent.threadId,
    earlier: upToParent.filter((turn) => turn.status === "answered").map(({ question, answer }) => ({ question, answer })),
  };
}

interface Reserved {
  questionId: string;
  threadId: string;
  userId: string;
  input: AskInput;
  sources: Source[];
  /** The thread's earlier questions and answers, oldest first ([] for a first question). */
  earlier: { question: string; answer: string }[];
  started: number;
  signal: AbortSignal;
}

const elapsed = (started: number) => Math.round(performance.now() - started);
const citationsOf = (sources: Source[]): Citation[] => sources.map(({ title, url }) => ({ title, url }));

/**
 * The model's answer, relayed piece by piece. The site's passages go to the model as numbered
 * context and are cited on `done`. Runs to its end (stored, charged or not) whether or not anyone
 * still reads the events.
 */
function modelAnswer(ctx: AskContext, q: Reserved): AsyncIterable<AskEvent> {
  const events = channel<AskEvent>();
  const citations = citationsOf(q.sources);
  const controller = new AbortController();
  let clientGone = false;
  let deadlineHit = false;
  const onClientGone = () => {
    clientGone = true;
    controller.abort();
  };
  if (q.signal.aborted) onClientGone();
  else q.signal.addEventListener("abort", onClientGone, { once: true });
  const deadline = setTimeout(() => {
    deadlineHit = true;
    controller.abort();
  }, ANSWER_DEADLINE_MS);
  const heartbeat = setInterval(() => events.push({ event: "heartbeat" }), HEARTBEAT_MS);

  void (async () => {
    let answer = "";
    let firstTokenMs: number | null = null;
    let usage: { promptTokens: number; completionTokens: number } | null = null;
    try {
      const messages = buildMessages({
        topic: q.input.topic,
        lang: q.input.lang,
        question: q.input.question,
        siteName: ctx.env.SITE_NAME,
        sources: q.sources,
        earlier: q.earlier,
      });
      for await (const part of ctx.ai.stream(messages, controller.signal)) {
        if (part.type === "usage") {
          usage = part;
          continue;
        }
        firstTokenMs ??= elapsed(q.started);
        answer += part.text;
        events.push({ event: "delta", data: { text: part.text } });
      }
      // The provider finished: the answer is complete and charged even if the member has just left
      // (its `done` event then goes nowhere).
      // Nothing a reader sees: spaces or zero-width characters only (found by an attack: those were charged).
      if (isInvisibleText(answer)) throw new AiFailure("ai_no_response");
      const balance = await completeQuestion(ctx.db, {
        questionId: q.questionId,
        userId: q.userId,
        answer,
        promptTokens: usage?.promptTokens ?? null,
        completionTokens: usage?.completionTokens ?? null,
        firstTokenMs,
        durationMs: elapsed(q.started),
        citations,
      });
      if (balance === null) throw new AiFailure("ai_error");
      events.push({
        event: "done",
        data: { questionId: q.questionId, answer, credits: balance, source: "model", charged: true, citations, threadId: q.threadId },
      });
    } catch (error) {
      let code: AiErrorCode = error instanceof AiFailure ? error.code : "ai_error";
      if (deadlineHit) code = "ai_timeout";
      if (!(error instanceof AiFailure)) ctx.logger.error({ err: error, questionId: q.questionId }, "AI answer failed");
      // The slot is freed; no credit was spent. A stopped answer was never complete.
      const end = (partialAnswer: string, kept: typeof usage) =>
        endQuestion(ctx.db, {
          questionId: q.questionId,
          status: clientGone ? "stopped" : "failed",
          errorCode: clientGone ? "client_disconnected" : code,
          partialAnswer,
          promptTokens: kept?.promptTokens ?? null,
          completionTokens: kept?.completionTokens ?? null,
          firstTokenMs,
          durationMs: elapsed(q.started),
        });
      try {
        await end(answer, usage);
      } catch (storeError) {
        ctx.logger.error({ err: storeError, questionId: q.questionId }, "could not record the failed AI answer");
        // Without what failed to store, so the slot is still freed: a pending row holds a credit.
        await end("", null).catch((again: unknown) => ctx.logger.error({ err: again, questionId: q.questionId }, "could not free the failed AI answer's slot"));
      }
      if (!clientGone) events.push(errorEvent(code, q.input.lang));
    } finally {
      clearTimeout(deadline);
      clearInterval(heartbeat);
      q.signal.removeEventListener("abort", onClientGone);
      events.close();
    }
  })();
  return events;
}

/** The answer written from the site's passages for a question and the thread's earlier turns. */
const composeFor = (ctx: AskContext, input: AskInput, earlier: Reserved["earlier"], sources: Source[]) =>
  composeAnswer({
    question: [...earlier.map((turn) => turn.question), input.question].join("\n"),
    lang: input.lang,
    siteName: ctx.env.SITE_NAME,
    sources,
  });

/**
 * The answer composed from the site's passages, charged one credit like a model answer (`composed`:
 * already written for this question, as a follow-up's is).
 */
async function* composedAnswer(ctx: AskContext, q: Reserved, composed = composeFor(ctx, q.input, q.earlier, q.sources)): AsyncGenerator<AskEvent> {
  const { answer, citations } = composed;
  const timing = { promptTokens: null, completionTokens: null, firstTokenMs: 0, durationMs: elapsed(q.started) };
  // Sent in paragraphs, so the page handles both sources the same way.
  for (const text of answer.split(/(?<=\n\n)/)) yield { event: "delta", data: { text } };
  if (q.signal.aborted) {
    // The member left before the answer was complete: nothing is charged.
    await endQuestion(ctx.db, { questionId: q.questionId, status: "stopped", errorCode: "client_disconnected", partialAnswer: answer, ...timing });
    return;
  }
  let balance: number | null;
  try {
    balance = await completeQuestion(ctx.db, { questionId: q.questionId, userId: q.userId, answer, citations, ...timing });
  } catch (error) {
    // Ended below like a refused charge, so the slot is freed (found by an attack: the question
    // stayed pending and held the member's credit).
    ctx.logger.error({ err: error, questionId: q.questionId }, "could not store the composed AI answer");
    balance = null;
  }
  if (balance === null) {
    await endQuestion(ctx.db, { questionId: q.questionId, status: "failed", errorCode: "ai_error", partialAnswer: answer, ...timing });
    yield errorEvent("ai_error", q.input.lang);
    return;
  }
  yield {
    event: "done",
    data: {
      questionId: q.questionId,
      answer,
      credits: balance,
      source: "knowledge_base",
      charged: true,
      citations,
      threadId: q.threadId,
    },
  };
}

async function* fromList(events: AskEvent[]): AsyncGenerator<AskEvent> {
  yield* events;
}

/** Runs `events` to their end whether or not anyone reads them (the answer is stored either way). */
function runToEnd(ctx: AskContext, q: Reserved, events: AsyncGenerator<AskEvent>): AsyncIterable<AskEvent> {
  const out = channel<AskEvent>();
  void (async () => {
    try {
      for await (const event of events) out.push(event);
    } catch (error) {
      ctx.logger.error({ err: error, questionId: q.questionId }, "AI answer failed");
      // Still pending, it would hold a credit: ended without an answer (a no-op once it has ended).
      await endQuestion(ctx.db, { questionId: q.questionId, status: "failed", errorCode: "ai_error", partialAnswer: "", firstTokenMs: null, durationMs: elapsed(q.started) }).catch(
        (endError: unknown) => ctx.logger.error({ err: endError, questionId: q.questionId }, "could not free the AI question's slot"),
      );
      out.push(errorEvent("ai_error", q.input.lang));
    } finally {
      out.close();
    }
  })();
  return out;
}

/** A queue read as an async iterable: the producer pushes while the reader awaits the next item. */
function channel<T>() {
  const queue: T[] = [];
  let wake: (() => void) | null = null;
  let closed = false;
  const notify = () => {
    wake?.();
    wake = null;
  };
  return {
    push(item: T) {
      if (closed) return;
      queue.push(item);
      notify();
    },
    close() {
      closed = true;
      notify();
    },
    async *[Symbol.asyncIterator](): AsyncGenerator<T> {
      for (;;) {
        if (queue.length > 0) {
          yield queue.shift()!;
          continue;
        }
        if (closed) return;
        await new Promise<void>((resolve) => (wake = resolve));
      }
    },
  };
}
