// The member's recent questions on /explore, grouped by thread (a question and its follow-ups),
// newest thread first. Each answer is rendered as formatted text with its sources, and a thread
// can be reopened on its service page (`?thread=<id>`) to ask a follow-up, unless none of its
// replies found anything.
import { useApiData } from "~/app/api/use-api-data";
import { format } from "~/lib/i18n/format";
import type { AiHistoryItem } from "~/lib/contracts/ai";
import { isServiceSlug } from "~/lib/service-catalog";
import { foundSomething } from "~/lib/ai/found-nothing";
import { explore as exploreMessages } from "~/content/messages/explore";
import { useMessages } from "./language-provider";
import { LocalizedLink } from "./localized-link";
import { Markdown } from "./markdown";
import { SourcesList } from "./sources-list";
import { CreditReturn } from "./credit-return";
import { shownThreadStatus, type ShownQuestionStatus } from "~/app/page-helpers/question-status";
import { useDateTimeFormat } from "~/app/components/use-date-time-format";

/** How many questions the list loads (threads are cut where this many questions end). */
const HISTORY_LIMIT = 30;

const statusClass: Record<ShownQuestionStatus, string> = {
  answered: "bg-green-100 text-green-800",
  unanswered: "bg-slate-200 text-slate-800",
  pending: "bg-amber-100 text-amber-900",
  failed: "bg-red-100 text-red-800",
  stopped: "bg-slate-200 text-slate-800",
};

/** Threads, newest activity first; each thread's questions oldest first. */
export function groupThreads(items: readonly AiHistoryItem[]): AiHistoryItem[][] {
  const threads = new Map<string, AiHistoryItem[]>();
  // Items come newest first, so a thread's first appearance is its latest activity.
  for (const item of items) {
    const key = item.threadId ?? item.id;
    const thread = threads.get(key);
    if (thread) thread.unshift(item);
    else threads.set(key, [item]);
  }
  return [...threads.values()];
}

export function QuestionHistory() {
  const t = useMessages(exploreMessages);
  // A retry shows "loading" again rather than the list that failed to refresh. A 401 signs the
  // browser out (in the hook), so RequireAuth sends the member to /login.
  const history = useApiData("GET /ai/history", { query: { limit: HISTORY_LIMIT }, keepPrevious: false });
  const items = history.data?.questions;
  const formatDate = useDateTimeFormat();

  return (
    <section aria-labelledby="questions-title">
      <h2 id="questions-title" className="text-xl font-semibold text-slate-900">
        {t.questions.title}
      </h2>
      {history.loading && (
        <p role="status" className="mt-4 text-slate-600" data-testid="questions-loading">
          {t.questions.loading}
        </p>
      )}
      {history.error && (
        <div role="alert" className="mt-4 flex flex-wrap items-center gap-3 rounded-md border border-red-200 bg-red-50 px-4 py-3" data-testid="questions-error">
          <p className="text-sm font-medium text-red-800">{t.questions.error}</p>
          <button
            type="button"
            onClick={history.reload}
            className="rounded-md border border-red-300 bg-white px-3 py-1 text-sm font-medium text-red-800 hover:bg-red-100"
          >
            {t.questions.retry}
          </button>
        </div>
      )}
      {items && items.length === 0 && (
        <p className="mt-4 rounded-md border border-dashed border-slate-300 px-4 py-6 text-center text-slate-600" data-testid="questions-empty">
          {t.questions.empty}
        </p>
      )}
      {items && items.length > 0 && (
        <ul className="mt-4 space-y-3" data-testid="questions-list">
          {groupThreads(items).map((thread) => {
            const first = thread[0]!;
            const latest = thread[thread.length - 1]!;
            const assistant = isServiceSlug(first.topic) ? t.assistants.items[first.topic].label : first.topic;
            // Reopened, a thread is followed up from its latest answer: not offered when the thread found nothing.
            const canReopen = isServiceSlug(first.topic) && foundSomething(thread);
            return (
              <li key={first.threadId ?? first.id} className="rounded-lg border border-slate-200 bg-white shadow-sm" data-testid="question-thread">
                <details className="group">
                  <summary className="cursor-pointer list-none p-4">
                    <span className="flex flex-wrap items-center gap-2 text-xs text-slate-600">
                      <span className="font-semibold text-brand-700">{assistant}</span>
                      <span aria-hidden>·</span>
                      <span>{format(t.questions.asked, { date: formatDate(latest.createdAt) })}</span>
                      <span className={`rounded-full px-2 py-0.5 font-medium ${statusClass[shownThreadStatus(thread)] ?? statusClass.stopped}`}>
                        {t.questions.status[shownThreadStatus(thread)] ?? latest.status}
                      </span>
                      {thread.length > 1 && <span data-testid="thread-count">{format(t.questions.threadCount, { count: thread.length })}</span>}
                    </span>
                    {/* Three lines until the thread is opened: a 2,000-character question filled a phone's screen many times. */}
                    <span className="mt-2 line-clamp-3 whitespace-pre-wrap break-words font-medium text-slate-900 group-open:line-clamp-none">
                      {first.question}
                    </span>
                  </summary>
                  <div className="space-y-4 border-t border-slate-200 p-4">
                    {thread.map((item, index) => (
                      <div key={item.id} className={index > 0 ? "border-t border-slate-100 pt-4" : undefined}>
                        {index > 0 && <p className="mb-2 whitespace-pre-wrap break-words font-medium text-slate-900">{item.question}</p>}
                        <HistoryAnswer item={item} />
                      </div>
                    ))}
                    {canReopen && (
                      <LocalizedLink
                        to={`/services/${first.topic}?thread=${encodeURIComponent(first.threadId ?? first.id)}`}
                        className="inline-block text-sm font-semibold text-brand-700 underline hover:no-underline"
                        data-testid="reopen-thread"
                      >
                        {t.questions.open}
                      </LocalizedLink>
                    )}
                  </div>
                </details>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

function HistoryAnswer({ item }: { item: AiHistoryItem }) {
  const t = useMessages(exploreMessages).questions;
  const citations = item.citations ?? [];
  return (
    <>
      {item.answer ? (
        // Rendered by <Markdown>, which never turns the model's output into HTML markup.
        <>
          <Markdown
            source={item.answer}
            className="break-words text-slate-800"
            citationHref={(n) => (n <= citations.length ? { href: `#q-${item.id}-source-${n}`, title: citations[n - 1]!.title } : undefined)}
          />
          {citations.length > 0 && (
            <SourcesList title={t.sources} citations={citations} idPrefix={`q-${item.id}-source`} testId="question-sources" small />
          )}
        </>
      ) : (
        <p className="text-sm text-slate-600">
          {item.status === "pending" ? t.pendingAnswer : item.status === "stopped" ? t.stoppedAnswer : t.noAnswer}
        </p>
      )}
      <p className="mt-3 flex flex-wrap gap-3 text-xs text-slate-600">
        {item.creditsSpent > 0 && <span>{format(t.credits, { count: item.creditsSpent })}</span>}
        {item.source === "knowledge_base" && <span>{t.knowledgeBase}</span>}
      </p>
      {item.status === "answered" && item.creditsSpent > 0 && (
        <div className="text-sm text-slate-700">
          {/* No balance in the confirmation: a second return would leave the first one's stale; the header shows it. */}
          <CreditReturn questionId={item.id} answeredAt={item.createdAt} returnedAt={item.creditReturnedAt} showBalance={false} />
        </div>
      )}
    </>
  );
}
