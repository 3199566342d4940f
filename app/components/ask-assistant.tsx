// The AI tax assistant of a service page: example questions, the question box and the streamed
// answer. The answer arrives as server-sent events on a POST (fetch + stream reader; EventSource
// cannot send a body or the Authorization header), rendered as safe Markdown as it grows. An answer
// can be followed up (the thread is shown above the box, at most THREAD_MAX questions; a thread
// none of whose replies found anything cannot); a past thread is reopened with `?thread=<id>`, and `?q=` puts a question in
// the box (never sent until the member presses the button). Both are read after hydration, so the
// page HTML stays the same.
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { savePendingQuestion, takePendingQuestion } from "./pending-question.client";
import { api, ApiRequestError, askStream } from "~/app/api/api.client";
import { format } from "~/lib/i18n/format";
import { sentences } from "~/lib/i18n/punctuation";
import { fieldErrorText } from "~/lib/contracts/field-errors";
import type { AiHistoryItem, AiSource, Citation } from "~/lib/contracts/ai";
import { QUESTION_MAX, THREAD_MAX } from "~/lib/contracts/ai-limits";
import { courtesyOf } from "~/lib/ai/courtesy";
import { NO_CREDITS } from "~/lib/ai/errors";
import type { ServiceSlug } from "~/lib/service-catalog";
import { ai as aiMessages } from "~/content/messages/ai";
import { common } from "~/content/messages/common";
import { useAuth } from "./auth-provider";
import { useLanguage, useMessages } from "./language-provider";
import { LocalizedLink } from "./localized-link";
import { Markdown } from "./markdown";
import { useLoginPath } from "./require-auth";
import { SourcesList } from "./sources-list";
import { CreditReturn } from "./credit-return";
import { foundNothing as isNothingFound, foundSomething } from "~/lib/ai/found-nothing";

/** A question typed by a signed-out visitor waits here while they log in. */
const draftKey = (topic: ServiceSlug) => `ai-question:${topic}`;
/** The question under way, with when it was asked: a reload in its middle checks what became of it. */
const askingKey = (topic: ServiceSlug) => `ai-asking:${topic}`;

/** How long an answer may go without new text before the page says it is still being written. */
const STALL_NOTICE_MS = 15_000;
/** How much of the screen's bottom a new answer's heading may start in before it is scrolled into view. */
const ANSWER_IN_VIEW_PX = 120;

/** The abort reason of the Stop button (leaving the page aborts with another one). */
const STOPPED_BY_MEMBER = "stopped";
/** After a stop, how often and how far apart the history is read while the question is under way. */
const STOP_CHECKS = 6;
const STOP_CHECK_MS = 400;
/** How far this browser's clock may be from the server's when a stopped question is looked for. */
const CLOCK_SKEW_MS = 10 * 60_000;

interface Answer {
  /** The stored question's id, once the answer is complete. */
  id: string | null;
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
  /** When it was answered (ISO), and when its credit was returned (CreditReturn); null until known. */
  answeredAt: string | null;
  creditReturnedAt: string | null;
}

/** A turn on screen as lib/ai/found-nothing.ts reads a stored one. */
const replied = (answer: Answer) => ({ status: "answered", source: answer.source ?? "", creditsSpent: answer.charged ? 1 : 0, question: answer.question });
/** A free reply from the published material that found nothing (the history shows it as unanswered). */
const foundNothing = (answer: Answer) => isNothingFound(replied(answer));

interface Failure {
  message: string;
  /** 402: no credits left, so the alert links to the pricing page. */
  pricing?: boolean;
  /** 401: the stored session is no longer valid. */
  login?: boolean;
  /** A failure of the answer itself (the model's error, a timeout, no answer): the alert says it cost nothing. */
  free?: boolean;
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
  /** What a complete answer cost, for the live status (its credit may have been returned since). */
  const costOf = (answer: Answer) =>
    !answer.charged ? t.free : answer.creditReturnedAt ? t.creditReturnedPast : answer.credits !== null ? format(t.charged, { count: answer.credits }) : t.chargedPast;
  const nav = useMessages(common).nav;
  const { lang } = useLanguage();
  const auth = useAuth();
  const navigate = useNavigate();
  const loginPath = useLoginPath();
  const signupPath = useLoginPath("/signup");
  const ids = useId();
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const stopRef = useRef<HTMLButtonElement>(null);
  const requestRef = useRef<AbortController | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  /**
   * Generate pressed before the page knew who is signed in, or before a reopened thread was shown (a
   * click made before hydration is played again at once, the sign-in and the thread a moment later):
   * the question is asked once both are known, not dropped, and as a follow-up to that thread (found
   * by a stranger: it went out as a new question, and the thread then covered its paid answer).
   */
  const askWhenReady = useRef(false);
  /** A press whose balance is being read again (at 0 credits), before the page is busy generating. */
  const askingRef = useRef(false);
  const [question, setQuestion] = useState("");
  const [generating, setGenerating] = useState(false);
  /** The thread on screen, oldest first; the last one may still be streaming. */
  const [turns, setTurns] = useState<Answer[]>([]);
  /** Whether the box asks a follow-up to the last answer (otherwise a new question). */
  const [followUp, setFollowUp] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  /**
   * What the member's Stop ended in: nothing charged ("free": the question is back in the box), or an
   * answer the server had finished before the stop reached it, shown with the credits it used.
   */
  const [stopped, setStopped] = useState<"free" | { creditsUsed: number } | null>(null);
  const [threadLoad, setThreadLoad] = useState<"idle" | "loading" | "error">("idle");
  // No text for STALL_NOTICE_MS while an answer is being written: a line says it still is and that
  // Stop costs nothing (a stalled provider left only a blinking cursor, found by a stranger).
  const [stalled, setStalled] = useState(false);
  const lastProgress = useRef(0);
  const [searchParams] = useSearchParams();
  const answer = turns.at(-1) ?? null;
  const lastAnswered = answer?.complete && answer.id ? answer : null;
  // A thread that found nothing has no answer to build on (the server refuses it too): the box asks a
  // new question, and the reply's own text points to the contact page.
  const threadFoundSomething = foundSomething(turns.filter((turn) => turn.complete).map(replied));
  const canFollowUp = lastAnswered !== null && threadFoundSomething && turns.length < THREAD_MAX;
  const setLast = (update: (current: Answer) => Answer) =>
    setTurns((current) => (current.length === 0 ? current : [...current.slice(0, -1), update(current.at(-1)!)]));
  // An unanswered question leaves the page as it was: the thread shown before it (a new question
  // had replaced it on screen) comes back, so an error never takes an answer already paid for.
  const dropLast = (shownBefore: Answer[]) =>
    setTurns((current) => {
      const kept = current.filter((turn) => turn.complete);
      return kept.length > 0 ? kept : shownBefore;
    });

  // The box is uncontrolled: React empties a controlled one that was typed into before the page
  // hydrated (found by a stranger: a question typed while the page loaded vanished). Its text is put
  // in through showQuestion, and what was typed before hydration is read once React is there.
  const showQuestion = (text: string) => {
    if (inputRef.current) inputRef.current.value = text;
    setQuestion(text);
  };
  /** The question back in the box after a failed or stopped answer, unless something new was typed. */
  const giveBack = (text: string) => {
    if (!inputRef.current?.value) showQuestion(text);
  };
  // The member's own words in the box (typed before hydration or since), which a kept question must not replace.
  const typedHere = useRef(false);
  useEffect(() => {
    const typed = inputRef.current?.value;
    if (!typed) return;
    typedHere.current = true;
    setQuestion(typed);
  }, []);

  // A question carried in the link (?q=, from the home page's examples) goes into the box; it is
  // sent only when the member presses the button.
  const carried = searchParams.get("q");
  useEffect(() => {
    if (!carried) return;
    showQuestion(carried);
    inputRef.current?.scrollIntoView({ block: "center" });
  }, [carried]);

  // A past thread reopened from the history (?thread=<id>): shown, and open to a follow-up.
  const threadId = searchParams.get("thread");
  /** The reopened thread whose loading has ended (shown, or failed): a question waits for it. */
  const [threadSettled, setThreadSettled] = useState<string | null>(null);
  useEffect(() => {
    if (!threadId || !auth.ready || !auth.token) return;
    const controller = new AbortController();
    setThreadLoad("loading");
    api("GET /ai/threads/:id", { params: { id: threadId }, token: auth.token, lang, signal: controller.signal })
      .then(({ questions }) => {
        setThreadLoad("idle");
        setThreadSettled(threadId);
        setTurns(
          questions
            .filter((q) => q.status === "answered")
            .map((q) => ({
              id: q.id,
              question: q.question,
              text: q.answer,
              source: q.source,
              credits: null,
              charged: q.creditsSpent > 0,
              citations: q.citations,
              complete: true,
              answeredAt: q.createdAt,
              creditReturnedAt: q.creditReturnedAt,
            })),
        );
        setFollowUp(true);
      })
      .catch(() => {
        if (controller.signal.aborted) return;
        setThreadLoad("error");
        setThreadSettled(threadId);
      });
    return () => controller.abort();
  }, [threadId, auth.ready, auth.token, lang]);
  const readyToAsk = auth.ready && (!threadId || !auth.token || threadSettled === threadId);

  // Back from the login page (or from buying credits): put the visitor's question back in the box,
  // and the visitor at it (the page otherwise opens at its top, the box a few screens down on a phone).
  useEffect(() => {
    if (!auth.ready || !auth.isAuthenticated) return;
    let restored = takePendingQuestion(topic);
    let asking: { text?: unknown; at?: unknown } | null = null;
    try {
      const draft = sessionStorage.getItem(draftKey(topic));
      if (draft) {
        sessionStorage.removeItem(draftKey(topic));
        restored = draft;
      }
      asking = JSON.parse(sessionStorage.getItem(askingKey(topic)) ?? "null");
      sessionStorage.removeItem(askingKey(topic));
    } catch {
      // Storage unavailable: nothing to restore.
    }
    // What the member has typed stays in the box, and a question asked before the page was ready is
    // about to be sent: the kept one is dropped, not put back now or on a later visit (found by
    // strangers: an early Generate left its question there, one more click from being paid for twice;
    // a question kept from running out of credits replaced the typed one, and was asked instead).
    if (!restored || askWhenReady.current || typedHere.current) return;
    const text = restored;
    const putBack = () => {
      showQuestion(text);
      inputRef.current?.scrollIntoView({ block: "center" });
      inputRef.current?.focus({ preventScroll: true });
    };
    if (asking?.text !== text || typeof asking.at !== "number") return putBack();
    // Left in the middle of its answer (a reload): the server may have finished and charged it
    // meanwhile. Then its thread is shown, not the question given back to be paid for again (found
    // by a stranger).
    let cancelled = false;
    void answeredAnyway(text, asking.at, []).then((answered) => {
      if (cancelled) return;
      if (answered) navigate({ search: `?thread=${answered.threadId}` }, { replace: true, preventScrollReset: true });
      else putBack();
    });
    return () => {
      cancelled = true;
    };
    // Once the sign-in is known: the history read and the navigation use that render's token and router.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [auth.ready, auth.isAuthenticated, topic]);

  // After the effect above (effects run in order), which leaves the box alone while a question waits.
  useEffect(() => {
    if (!readyToAsk || !askWhenReady.current) return;
    askWhenReady.current = false;
    formRef.current?.requestSubmit();
  }, [readyToAsk]);

  // Leaving the page stops the answer (the server then charges nothing).
  useEffect(() => () => requestRef.current?.abort(), []);

  useEffect(() => {
    setStalled(false);
    if (!generating) return;
    lastProgress.current = Date.now();
    const timer = window.setInterval(() => setStalled(Date.now() - lastProgress.current >= STALL_NOTICE_MS), 1000);
    return () => window.clearInterval(timer);
  }, [generating]);

  // Keyboard focus follows the question: Generate is disabled while the answer comes, so focus goes to
  // Stop, and back to the box once Stop is gone (it fell to the page's body, found by a stranger).
  const wasGenerating = useRef(false);
  /** The latest answer's heading: brought into view as the answer starts, and focused on a touch screen when it ends. */
  const lastHeadingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    const lost = () => !document.activeElement || document.activeElement === document.body;
    if (generating && (lost() || (document.activeElement as HTMLButtonElement | null)?.type === "submit")) stopRef.current?.focus();
    else if (!generating && wasGenerating.current && lost()) {
      // On a touch screen the box's focus opens the keyboard over the answer just written (found by a
      // stranger on a phone): the answer's heading takes it there instead.
      if (window.matchMedia("(pointer: coarse)").matches) lastHeadingRef.current?.focus({ preventScroll: true });
      else inputRef.current?.focus({ preventScroll: true });
    }
    wasGenerating.current = generating;
  }, [generating]);

  // A new answer that begins below the screen's edge is brought into view as it starts (on a phone
  // the question box and the examples filled the screen, and nothing showed that anything happened).
  useEffect(() => {
    const heading = lastHeadingRef.current;
    if (!generating || !heading) return;
    if (heading.getBoundingClientRect().top > window.innerHeight - ANSWER_IN_VIEW_PX) heading.scrollIntoView({ block: "start" });
  }, [generating, turns.length]);

  function saveDraft(text: string) {
    try {
      sessionStorage.setItem(draftKey(topic), text);
    } catch {
      // Storage unavailable: the visitor retypes the question after logging in.
    }
  }

  // The page being left (a reload): the request it cuts off must not forget the question kept for it.
  const leaving = useRef(false);
  useEffect(() => {
    const mark = () => {
      leaving.current = true;
    };
    window.addEventListener("beforeunload", mark);
    window.addEventListener("pagehide", mark);
    return () => {
      window.removeEventListener("beforeunload", mark);
      window.removeEventListener("pagehide", mark);
    };
  }, []);

  function forgetDraft() {
    if (leaving.current) return;
    try {
      sessionStorage.removeItem(draftKey(topic));
      sessionStorage.removeItem(askingKey(topic));
    } catch {
      // Storage unavailable: nothing was kept.
    }
  }

  /**
   * The member's question `text`, asked at `askedAt` (this browser's clock), if the server answered it
   * although its answer never reached the page (stopped, or the page reloaded): the history is read
   * until the question is no longer under way. Not one shown before (the same question asked
   * earlier), nor one older than a few minutes.
   */
  async function answeredAnyway(text: string, askedAt: number, shownBefore: Answer[]): Promise<AiHistoryItem | null> {
    for (let attempt = 0; attempt < STOP_CHECKS; attempt++) {
      let questions: AiHistoryItem[];
      try {
        ({ questions } = await api("GET /ai/history", { query: { limit: 5 }, token: auth.token, lang }));
      } catch {
        return null;
      }
      const asked = questions.find(
        (item) =>
          item.topic === topic &&
          item.question === text &&
          Date.parse(item.createdAt) >= askedAt - CLOCK_SKEW_MS &&
          !shownBefore.some((turn) => turn.id === item.id),
      );
      if (!asked) return null;
      if (asked.status !== "pending") return asked.status === "answered" ? asked : null;
      await new Promise((resolve) => setTimeout(resolve, STOP_CHECK_MS));
    }
    return null;
  }

  // Closing the request is what the server sees: it ends the provider call and charges nothing.
  function stop() {
    requestRef.current?.abort(STOPPED_BY_MEMBER);
  }

  function chooseExample(text: string) {
    showQuestion(text);
    inputRef.current?.focus();
  }

  const keepDraft = () => {
    if (question.trim()) saveDraft(question.trim());
  };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The ref, not only the state: at 0 credits the balance is read again before the page is busy, and
    // a second press meanwhile asked too (found by a stranger: two answers paid for one question).
    if (generating || askingRef.current) return;
    // The box itself, not the state that mirrors it: a click replayed after hydration may come in the
    // same task as the example that filled the box, before React has rendered it.
    const text = (inputRef.current?.value ?? question).trim();
    if (!text) return;
    // Longer than the server takes: the box says so (below it) and keeps every character to edit.
    if (text.length > QUESTION_MAX) {
      inputRef.current?.focus();
      return;
    }
    if (!readyToAsk) {
      askWhenReady.current = true;
      return;
    }
    if (!auth.isAuthenticated || !auth.token) {
      saveDraft(text);
      navigate(loginPath());
      return;
    }

    // At 0 credits every question is refused (402): the balance is read again (a package may have
    // been bought in another tab) and, still 0, the box says so itself instead of asking in vain.
    // Thanks or a greeting costs nothing (lib/ai/courtesy.ts), so it is sent at 0 credits too.
    const parentId = followUp && canFollowUp ? lastAnswered.id : undefined;
    if (auth.credits === 0 && !courtesyOf(text)) {
      // Busy until the answer ends (the finally below), or until the balance says 0.
      askingRef.current = true;
      const balance = await auth.refresh();
      if (balance === 0) {
        askingRef.current = false;
        setFailure({ message: NO_CREDITS[lang] ?? NO_CREDITS.en, pricing: true });
        savePendingQuestion({ path: hereToAsk(parentId !== undefined), topic, text });
        return;
      }
    }

    showQuestion("");
    // Kept in the tab until the answer ends: a reload in the middle gives the question back (it was
    // lost with the answer, found by a stranger); the restoring effect above puts it in the box.
    saveDraft(text);
    const askedAt = Date.now();
    try {
      sessionStorage.setItem(askingKey(topic), JSON.stringify({ text, at: askedAt }));
    } catch {
      // Storage unavailable: a reload gives nothing back.
    }
    setFailure(null);
    setStopped(null);
    const shownBefore = turns.filter((turn) => turn.complete);
    const pendingTurn: Answer = { id: null, question: text, text: "", source: null, credits: null, charged: false, citations: [], complete: false, answeredAt: null, creditReturnedAt: null };
    // A new question starts a new thread on screen; a follow-up joins the one shown.
    setTurns((current) => (parentId ? [...current.filter((turn) => turn.complete), pendingTurn] : [pendingTurn]));
    setGenerating(true);
    const controller = new AbortController();
    requestRef.current = controller;
    // Nothing was answered: drop the partial text and give the question back for another try.
    const fail = (value: Failure) => {
      setFailure(value);
      dropLast(shownBefore);
      giveBack(text);
      // Out of credits: after buying, the checkout leads back here and the box holds the question.
      if (value.pricing) savePendingQuestion({ path: hereToAsk(parentId !== undefined), topic, text });
    };
    let finished = false;
    try {
      const events = await askStream({ topic, question: text, lang, parentId: parentId ?? undefined }, { token: auth.token, lang, signal: controller.signal });
      for await (const ev of events) {
        if (ev.event === "delta") {
          lastProgress.current = Date.now();
          setStalled(false);
          setLast((current) => ({ ...current, text: current.text + ev.data.text }));
        } else if (ev.event === "done") {
          finished = true;
          setLast(() => ({
            id: ev.data.questionId,
            question: text,
            text: ev.data.answer,
            source: ev.data.source,
            credits: ev.data.credits,
            charged: ev.data.charged,
            citations: ev.data.citations ?? [],
            complete: true,
            answeredAt: new Date().toISOString(),
            creditReturnedAt: null,
          }));
          // Once the member continues a thread, the box stays on it (as on a thread reopened from the
          // history) until "Ask a new question": a stranger's next question silently began a new one.
          setFollowUp(parentId !== undefined);
          auth.setCredits(ev.data.credits);
          if (ev.data.threadId) keepThreadInAddress(ev.data.threadId);
        } else {
          finished = true;
          fail({ message: ev.data.message || t.errorFallback, pricing: ev.data.code === "no_credits", free: ev.data.code !== "no_credits" });
        }
      }
      if (!finished) fail({ message: t.interrupted });
    } catch (error) {
      // Aborted with a reason, fetch rejects with that reason rather than an AbortError.
      if (controller.signal.aborted || (error as Error).name === "AbortError") {
        // An unfinished answer is not kept: the server stores it as stopped, without charge. Unless the
        // server had finished it before the stop reached it (a slow network, or a second tap that landed
        // on Stop): then it is shown with its credit (found by a stranger: "no credit used", yet charged).
        if (controller.signal.reason === STOPPED_BY_MEMBER && !finished) {
          const kept = await answeredAnyway(text, askedAt, shownBefore);
          if (kept) {
            const balance = await auth.refresh();
            setLast(() => ({
              id: kept.id,
              question: text,
              text: kept.answer,
              source: kept.source,
              credits: balance,
              charged: kept.creditsSpent > 0,
              citations: kept.citations,
              complete: true,
              answeredAt: kept.createdAt,
              creditReturnedAt: kept.creditReturnedAt,
            }));
            setFollowUp(parentId !== undefined);
            setStopped({ creditsUsed: kept.creditsSpent });
            keepThreadInAddress(kept.threadId);
            return;
          }
          dropLast(shownBefore);
          setStopped("free");
          giveBack(text);
          inputRef.current?.focus();
        }
        return;
      }
      if (error instanceof ApiRequestError && error.status === 401) {
        auth.clear();
        saveDraft(text);
        fail({ message: t.sessionExpired, login: true });
        return;
      }
      if (error instanceof ApiRequestError && error.status > 0) {
        fail({ message: error.message || t.errorFallback, pricing: error.status === 402 });
        return;
      }
      fail({ message: t.connectionError });
    } finally {
      if (requestRef.current === controller) requestRef.current = null;
      askingRef.current = false;
      setGenerating(false);
      forgetDraft();
    }
  }

  const questionId = `${ids}-question`;
  const hintId = `${ids}-hint`;
  const tooLongId = `${ids}-too-long`;
  const tooLong = question.trim().length > QUESTION_MAX;
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

        {/* Escape stops an answer that is coming, as the Stop button does. */}
        <form
          ref={formRef}
          onSubmit={onSubmit}
          onKeyDown={(event) => {
            if (event.key === "Escape" && generating) stop();
          }}
          className="mt-6"
          noValidate
        >
          <label htmlFor={questionId} className="block font-semibold text-slate-900">
            {followUp && canFollowUp ? t.followUpLabel : t.questionLabel}
          </label>
          {followUp && canFollowUp && (
            <p className="mt-1 flex flex-wrap items-center gap-3 text-sm text-slate-600" data-testid="follow-up-note">
              <span>{format(t.followUpNote, { count: turns.length + 1, max: THREAD_MAX })}</span>
              <button
                type="button"
                onClick={() => {
                  setFollowUp(false);
                  inputRef.current?.focus();
                }}
                className="font-semibold text-brand-700 underline hover:no-underline"
                data-testid="new-question"
              >
                {t.newQuestion}
              </button>
            </p>
          )}
          <textarea
            id={questionId}
            ref={inputRef}
            name="question"
            rows={4}
            defaultValue={question}
            onChange={(e) => {
              typedHere.current = true;
              setQuestion(e.target.value);
            }}
            placeholder={t.questionPlaceholder}
            aria-describedby={tooLong ? `${hintId} ${tooLongId}` : hintId}
            aria-invalid={tooLong || undefined}
            className={`mt-2 block w-full rounded-md border px-3 py-2 text-slate-900 placeholder:text-slate-500 focus:border-brand-600 focus:outline-2 focus:outline-brand-600 ${tooLong ? "border-red-600" : "border-slate-400"}`}
            data-testid="question-input"
          />
          {/* A paste longer than the limit is kept whole (a maxLength would cut its end off unseen). */}
          {tooLong && (
            <p id={tooLongId} role="alert" className="mt-1 text-sm font-medium text-red-700" data-testid="question-too-long">
              {fieldErrorText(`too_long:${QUESTION_MAX}`, lang)}
            </p>
          )}
          <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
            <p id={hintId} className="text-sm text-slate-600">
              {format(t.characterCount, { count: question.length, max: QUESTION_MAX })}
              {auth.ready && auth.isAuthenticated && auth.credits !== null && (
                <> · {format(t.balance, { count: auth.credits })}</>
              )}
            </p>
            {/* At the right end on every width, Generate stays where it was and Stop appears beside it
                (found by a stranger: on a phone Stop took Generate's place, and a double tap stopped the answer). */}
            <span className="ml-auto flex items-center gap-3">
              {generating && (
                <button
                  ref={stopRef}
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
          {auth.ready && !auth.isAuthenticated && (
            <p className="mt-3 text-sm text-slate-600" data-testid="sign-in-note">
              {t.signInNote}{" "}
              {/* The question typed so far comes back after logging in or signing up, as after Generate. */}
              <Link to={loginPath()} onClick={keepDraft} className="font-semibold text-brand-700 underline hover:no-underline">
                {nav.login}
              </Link>
              <span aria-hidden> · </span>
              <Link to={signupPath()} onClick={keepDraft} className="font-semibold text-brand-700 underline hover:no-underline">
                {nav.signup}
              </Link>
            </p>
          )}
          {auth.ready && auth.isAuthenticated && auth.credits === 0 && !failure && (
            <p className="mt-3 text-sm text-slate-700" data-testid="no-credits-note">
              {t.noCreditsNote}{" "}
              <LocalizedLink
                to="/pricing"
                onClick={() => question.trim() && savePendingQuestion({ path: hereToAsk(followUp && canFollowUp), topic, text: question.trim() })}
                className="font-semibold text-brand-700 underline hover:no-underline"
              >
                {t.buyCredits}
              </LocalizedLink>
            </p>
          )}
        </form>

        {threadLoad !== "idle" && (
          <p role={threadLoad === "error" ? "alert" : "status"} className="mt-6 text-sm text-slate-700" data-testid="thread-load">
            {threadLoad === "loading" ? t.threadLoading : t.threadError}
          </p>
        )}

        {stopped && (
          <p
            role="status"
            className="mt-6 rounded-md border border-slate-300 bg-slate-50 px-4 py-3 text-slate-800"
            data-testid={stopped === "free" ? "ai-stopped" : "ai-stopped-late"}
          >
            {stopped === "free" ? t.stopped : format(t.stoppedLate, { count: stopped.creditsUsed })}
          </p>
        )}

        {failure && (
          <div role="alert" className="mt-6 rounded-md border border-red-300 bg-red-50 px-4 py-3 text-red-800" data-testid="ai-error">
            <p>{failure.message}</p>
            {/* "Request timed out." or "No response" alone left the member to guess what it cost (a stranger's review). */}
            {failure.free && <p className="mt-1 text-sm">{t.failedFree}</p>}
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
        {/* After a refusal the alert speaks; "answer ready" would be about the answer shown before it. */}
        {/* With what the answer cost: the balance changed silently in the header (found by a screen-reader user). */}
        {generating ? (stalled ? t.stillWorking : t.statusGenerating) : answer?.complete && !failure ? (foundNothing(answer) ? t.statusNotFound : sentences(lang, t.statusDone, costOf(answer))) : ""}
      </div>

      {turns.map((turn, index) => {
        const last = index === turns.length - 1;
        const streaming = last && generating;
        if (!turn.text && !streaming) return null;
        // The first answer keeps the plain ids the page has always used; later ones are numbered.
        const sourceId = index === 0 ? "ai-source" : `ai-source-t${index + 1}`;
        const headingId = `${ids}-answer-${index}`;
        // Labelled as quoting the published pages only when it does: a free reply (thanks, a question
        // the site cannot answer) quotes none. The answer's first sentence says so itself
        // (lib/ai/compose.ts): a line under the question said it again (a stranger's review).
        const quotesPages = turn.source === "knowledge_base" && turn.citations.length > 0;
        return (
          <section
            key={turn.id ?? `pending-${index}`}
            aria-labelledby={headingId}
            aria-busy={streaming}
            className="mt-8 rounded-lg border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
            data-testid="ai-answer"
          >
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h2 id={headingId} ref={last ? lastHeadingRef : undefined} tabIndex={-1} className="scroll-mt-24 text-2xl font-bold text-slate-900 focus:outline-none">
                {index === 0 ? t.answerTitle : format(t.followUpTitle, { count: index + 1 })}
              </h2>
              {quotesPages && (
                <span
                  className="rounded-full bg-amber-100 px-3 py-1 text-sm font-semibold text-amber-900"
                  title={t.sourceKnowledgeBaseText}
                  data-testid="kb-label"
                >
                  {t.sourceKnowledgeBase}
                </span>
              )}
              {turn.source === "model" && (
                <span className="rounded-full bg-brand-50 px-3 py-1 text-sm font-semibold text-brand-800">{t.sourceModel}</span>
              )}
            </div>
            <p className="mt-2 text-sm text-slate-600">
              <span className="font-semibold">{t.youAsked}</span> {turn.question}
            </p>
            <Markdown
              source={turn.text}
              className="mt-4 text-slate-800"
              citationHref={(n) => (n <= turn.citations.length ? { href: `#${sourceId}-${n}`, title: turn.citations[n - 1]!.title } : undefined)}
            />
            {streaming && <span aria-hidden className="mt-2 inline-block h-4 w-2 animate-pulse bg-brand-600" data-testid="ai-cursor" />}
            {streaming && stalled && (
              <p className="mt-3 text-sm text-slate-600" data-testid="ai-still-working">
                {t.stillWorking}
              </p>
            )}
            {turn.complete && turn.citations.length > 0 && (
              <SourcesList title={t.sources} citations={turn.citations} idPrefix={sourceId} testId="ai-sources" />
            )}
            {turn.complete && (
              <div className="mt-6 border-t border-slate-200 pt-4 text-sm text-slate-600">
                <p>{t.disclaimer}</p>
                <p className="mt-1" data-testid="ai-charge">
                  {/* The balance after the latest answer only: each earlier one showed the balance of its own time. */}
                  {/* Once its credit is returned, the confirmation below states the balance instead. */}
                  {!turn.charged ? t.free : last && turn.credits !== null && !turn.creditReturnedAt ? format(t.charged, { count: turn.credits }) : t.chargedPast}
                </p>
                {turn.charged && turn.id && turn.answeredAt && (
                  <CreditReturn
                    questionId={turn.id}
                    answeredAt={turn.answeredAt}
                    returnedAt={turn.creditReturnedAt}
                    showBalance={last}
                    onReturned={(returnedAt) => setTurns((all) => all.map((other) => (other.id === turn.id ? { ...other, creditReturnedAt: returnedAt } : other)))}
                  />
                )}
                {last && !generating && turn.id && threadFoundSomething && (
                  <p className="mt-3">
                    {turns.length < THREAD_MAX ? (
                      <button
                        type="button"
                        onClick={() => {
                          setFollowUp(true);
                          inputRef.current?.focus();
                        }}
                        className="rounded-md border border-brand-600 px-4 py-2 font-semibold text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
                        data-testid="follow-up-button"
                      >
                        {t.followUp}
                      </button>
                    ) : (
                      <span data-testid="thread-full">{format(t.threadFull, { max: THREAD_MAX })}</span>
                    )}
                  </p>
                )}
              </div>
            )}
          </section>
        );
      })}
    </>
  );
}

/**
 * Where the way back after buying credits leads: the page as the address bar has it, with the thread
 * it shows (`?thread=`, set in place by keepThreadInAddress, which the router does not see) for a
 * follow-up, so the conversation is reopened (a stranger came back to a new question, the thread
 * gone); without it for a new question, which would otherwise come back as a follow-up to that
 * thread (found by a stranger too).
 */
function hereToAsk(followUp: boolean): string {
  const url = new URL(window.location.href);
  if (!followUp) url.searchParams.delete("thread");
  return `${url.pathname}${url.search}`;
}

/**
 * Names the answered thread in the page's address (`?thread=<id>`, as the history's links do), so a
 * reload or a bookmark shows it again. The address is replaced in place, not navigated to: the
 * answer on screen is the thread already, and nothing needs loading.
 */
function keepThreadInAddress(threadId: string) {
  const url = new URL(window.location.href);
  if (url.searchParams.get("thread") === threadId) return;
  url.searchParams.set("thread", threadId);
  // A question carried in the link was sent: a reload must not put it back in the box.
  url.searchParams.delete("q");
  window.history.replaceState(window.history.state, "", url);
}
