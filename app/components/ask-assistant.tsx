// The AI tax assistant of a service page: example questions, the question box and the streamed
// answer. The answer arrives as server-sent events on a POST (fetch + stream reader; EventSource
// cannot send a body or the Authorization header), rendered as safe Markdown as it grows.
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { Link, useNavigate } from "react-router";
import { SseParser, toAiEvent } from "~/lib/ai/sse";
import { apiHeaders, apiUrl } from "~/app/api/api.client";
import { format } from "~/lib/i18n/format";
import type { AiSource, Citation } from "~/lib/contracts/ai";
import { QUESTION_MAX } from "~/lib/contracts/ai-limits";
import type { ServiceSlug } from "~/lib/service-catalog";
import { ai as aiMessages } from "~/content/messages/ai";
import { common } from "~/content/messages/common";
import { useAuth } from "./auth-provider";
import { useLanguage, useMessages } from "./language-provider";
import { LocalizedLink } from "./localized-link";
import { Markdown } from "./markdown";
import { useLoginPath } from "./require-auth";
import { SourcesList } from "./sources-list";

/** A question typed by a signed-out visitor waits here while they log in. */
const draftKey = (topic: ServiceSlug) => `ai-question:${topic}`;

/** The abort reason of the Stop button (leaving the page aborts with another one). */
const STOPPED_BY_MEMBER = "stopped";

interface Answer {
  question: string;
  text: string;
  source: AiSource | null;
  /** The balance after the answer; null until it is complete. */
  credits: number | null;
  /** Whether the answer cost a credit (a question the material cannot answer is free). */
  charged: boolean;
  /** The pages the answer cites as [1], [2], ... */
  citations: Citation[];
  complete: boolean;
}

interface Failure {
  message: string;
  /** 402: no credits left, so the alert links to the pricing page. */
  pricing?: boolean;
  /** 401: the stored session is no longer valid. */
  login?: boolean;
}

export function AskAssistant({
  topic,
  examples,
  configured,
}: {
  topic: ServiceSlug;
  examples: string[];
  /** Whether the server has a model; without one the examples are answered from the knowledge base. */
  configured: boolean;
}) {
  const t = useMessages(aiMessages);
  const nav = useMessages(common).nav;
  const { lang } = useLanguage();
  const auth = useAuth();
  const navigate = useNavigate();
  const loginPath = useLoginPath();
  const ids = useId();
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const requestRef = useRef<AbortController | null>(null);
  const [question, setQuestion] = useState("");
  const [generating, setGenerating] = useState(false);
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [stopped, setStopped] = useState(false);

  // Back from the login page: put the visitor's question back in the box.
  useEffect(() => {
    if (!auth.ready || !auth.isAuthenticated) return;
    try {
      const draft = sessionStorage.getItem(draftKey(topic));
      if (draft) {
        sessionStorage.removeItem(draftKey(topic));
        setQuestion(draft);
      }
    } catch {
      // Storage unavailable: nothing to restore.
    }
  }, [auth.ready, auth.isAuthenticated, topic]);

  // Leaving the page stops the answer (the server then charges nothing).
  useEffect(() => () => requestRef.current?.abort(), []);

  function saveDraft(text: string) {
    try {
      sessionStorage.setItem(draftKey(topic), text);
    } catch {
      // Storage unavailable: the visitor retypes the question after logging in.
    }
  }

  // Closing the request is what the server sees: it ends the provider call and charges nothing.
  function stop() {
    requestRef.current?.abort(STOPPED_BY_MEMBER);
  }

  function chooseExample(text: string) {
    setQuestion(text);
    inputRef.current?.focus();
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (generating) return;
    const text = question.trim();
    if (!text) return;
    if (!auth.ready) return;
    if (!auth.isAuthenticated || !auth.token) {
      saveDraft(text);
      navigate(loginPath());
      return;
    }

    setQuestion("");
    setFailure(null);
    setStopped(false);
    setAnswer({ question: text, text: "", source: null, credits: null, charged: false, citations: [], complete: false });
    setGenerating(true);
    const controller = new AbortController();
    requestRef.current = controller;
    // Nothing was answered: drop the partial text and give the question back for another try.
    const fail = (value: Failure) => {
      setFailure(value);
      setAnswer(null);
      setQuestion((current) => current || text);
    };
    let finished = false;
    try {
      const response = await fetch(apiUrl("POST /ai/ask"), {
        method: "POST",
        headers: { ...apiHeaders({ token: auth.token, lang, json: true }), Accept: "text/event-stream" },
        body: JSON.stringify({ topic, question: text, lang }),
        signal: controller.signal,
      });
      if (!response.ok || !(response.headers.get("content-type") ?? "").startsWith("text/event-stream")) {
        const payload = (await response.json().catch(() => null)) as { error?: { message?: string } } | null;
        if (response.status === 401) {
          auth.clear();
          saveDraft(text);
          fail({ message: t.sessionExpired, login: true });
          return;
        }
        fail({ message: payload?.error?.message || t.errorFallback, pricing: response.status === 402 });
        return;
      }

      const reader = response.body!.getReader();
      const parser = new SseParser();
      for (;;) {
        const { value, done } = await reader.read();
        for (const message of done ? parser.end() : parser.push(value)) {
          const ev = toAiEvent(message);
          if (!ev) continue;
          if (ev.event === "delta") {
            setAnswer((current) => current && { ...current, text: current.text + ev.data.text });
          } else if (ev.event === "done") {
            finished = true;
            setAnswer({
              question: text,
              text: ev.data.answer,
              source: ev.data.source,
              credits: ev.data.credits,
              charged: ev.data.charged,
              citations: ev.data.citations ?? [],
              complete: true,
            });
            auth.setCredits(ev.data.credits);
          } else {
            finished = true;
            fail({ message: ev.data.message || t.errorFallback, pricing: ev.data.code === "no_credits" });
          }
        }
        if (done) break;
      }
      if (!finished) fail({ message: t.interrupted });
    } catch (error) {
      // Aborted with a reason, fetch rejects with that reason rather than an AbortError.
      if (controller.signal.aborted || (error as Error).name === "AbortError") {
        // An unfinished answer is not kept: the server stores it as stopped, without charge.
        if (controller.signal.reason === STOPPED_BY_MEMBER && !finished) {
          setAnswer(null);
          setStopped(true);
          setQuestion((current) => current || text);
          inputRef.current?.focus();
        }
        return;
      }
      fail({ message: t.connectionError });
    } finally {
      if (requestRef.current === controller) requestRef.current = null;
      setGenerating(false);
    }
  }

  const questionId = `${ids}-question`;
  const hintId = `${ids}-hint`;
  return (
    <>
      <section aria-labelledby={`${ids}-ask`} className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h2 id={`${ids}-ask`} className="text-2xl font-bold text-slate-900">
          {t.askTitle}
        </h2>
        <p className="mt-2 text-slate-700">{t.askIntro}</p>
        <p className="mt-1 text-sm text-slate-600">{t.costNote}</p>
        {!configured && (
          <p className="mt-3 rounded-md bg-brand-50 px-3 py-2 text-sm text-slate-700" data-testid="kb-note">
            {t.knowledgeBaseNote}
          </p>
        )}

        <h3 className="mt-6 text-lg font-semibold text-slate-900">{t.examplesTitle}</h3>
        <p className="mt-1 text-sm text-slate-600">{t.examplesHint}</p>
        <ul className="mt-3 space-y-2">
          {examples.map((example) => (
            <li key={example}>
              <button
                type="button"
                onClick={() => chooseExample(example)}
                className="w-full rounded-md border border-slate-200 bg-slate-50 px-4 py-3 text-left text-slate-800 hover:border-brand-600 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
                data-testid="example-question"
              >
                {example}
              </button>
            </li>
          ))}
        </ul>

        <form onSubmit={onSubmit} className="mt-6" noValidate>
          <label htmlFor={questionId} className="block font-semibold text-slate-900">
            {t.questionLabel}
          </label>
          <textarea
            id={questionId}
            ref={inputRef}
            name="question"
            rows={4}
            maxLength={QUESTION_MAX}
            value={question}
            onChange={(e) => setQuestion(e.target.value)}
            placeholder={t.questionPlaceholder}
            aria-describedby={hintId}
            className="mt-2 block w-full rounded-md border border-slate-400 px-3 py-2 text-slate-900 placeholder:text-slate-500 focus:border-brand-600 focus:outline-2 focus:outline-brand-600"
            data-testid="question-input"
          />
          <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
            <p id={hintId} className="text-sm text-slate-600">
              {format(t.characterCount, { count: question.length, max: QUESTION_MAX })}
              {auth.ready && auth.isAuthenticated && auth.credits !== null && (
                <> · {format(t.balance, { count: auth.credits })}</>
              )}
            </p>
            <span className="flex items-center gap-3">
              {generating && (
                <button
                  type="button"
                  onClick={stop}
                  className="rounded-md border border-slate-400 bg-white px-6 py-2.5 font-semibold text-slate-900 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
                  data-testid="stop-button"
                >
                  {t.stop}
                </button>
              )}
              <button
                type="submit"
                disabled={generating}
                className="rounded-md bg-brand-600 px-6 py-2.5 font-semibold text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:bg-slate-500"
                data-testid="generate-button"
              >
                {generating ? t.generating : t.generate}
              </button>
            </span>
          </div>
          {auth.ready && !auth.isAuthenticated && <p className="mt-3 text-sm text-slate-600">{t.signInNote}</p>}
        </form>

        {stopped && (
          <p role="status" className="mt-6 rounded-md border border-slate-300 bg-slate-50 px-4 py-3 text-slate-800" data-testid="ai-stopped">
            {t.stopped}
          </p>
        )}

        {failure && (
          <div role="alert" className="mt-6 rounded-md border border-red-300 bg-red-50 px-4 py-3 text-red-800" data-testid="ai-error">
            <p>{failure.message}</p>
            {failure.pricing && (
              <LocalizedLink to="/pricing" className="mt-2 inline-block font-semibold text-red-900 underline hover:no-underline">
                {t.buyCredits}
              </LocalizedLink>
            )}
            {failure.login && (
              <Link to={loginPath()} className="mt-2 inline-block font-semibold text-red-900 underline hover:no-underline">
                {nav.login}
              </Link>
            )}
          </div>
        )}
      </section>

      <div role="status" aria-live="polite" className="sr-only">
        {generating ? t.statusGenerating : answer?.complete ? t.statusDone : ""}
      </div>

      {answer && (answer.text || generating) && (
        <section
          aria-labelledby={`${ids}-answer`}
          aria-busy={generating}
          className="mt-8 rounded-lg border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
          data-testid="ai-answer"
        >
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id={`${ids}-answer`} className="text-2xl font-bold text-slate-900">
              {t.answerTitle}
            </h2>
            {answer.source === "knowledge_base" && (
              <span
                className="rounded-full bg-amber-100 px-3 py-1 text-sm font-semibold text-amber-900"
                title={t.sourceKnowledgeBaseText}
                data-testid="kb-label"
              >
                {t.sourceKnowledgeBase}
              </span>
            )}
            {answer.source === "model" && (
              <span className="rounded-full bg-brand-50 px-3 py-1 text-sm font-semibold text-brand-800">{t.sourceModel}</span>
            )}
          </div>
          <p className="mt-2 text-sm text-slate-600">
            <span className="font-semibold">{t.youAsked}</span> {answer.question}
          </p>
          {answer.source === "knowledge_base" && <p className="mt-1 text-sm text-slate-600">{t.sourceKnowledgeBaseText}</p>}
          <Markdown
            source={answer.text}
            className="mt-4 text-slate-800"
            citationHref={(n) => (n <= answer.citations.length ? `#ai-source-${n}` : undefined)}
          />
          {generating && (
            <span aria-hidden className="mt-2 inline-block h-4 w-2 animate-pulse bg-brand-600" data-testid="ai-cursor" />
          )}
          {answer.complete && answer.citations.length > 0 && (
            <SourcesList title={t.sources} citations={answer.citations} idPrefix="ai-source" testId="ai-sources" />
          )}
          {answer.complete && (
            <div className="mt-6 border-t border-slate-200 pt-4 text-sm text-slate-600">
              <p>{t.disclaimer}</p>
              <p className="mt-1" data-testid="ai-charge">
                {answer.charged && answer.credits !== null ? format(t.charged, { count: answer.credits }) : t.free}
              </p>
            </div>
          )}
        </section>
      )}
    </>
  );
}
