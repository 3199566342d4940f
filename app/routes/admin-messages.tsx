// /admin/messages: the contact form's messages, newest first, with a read/unread state. The text is
// what a visitor typed: shown as text (never HTML) with its line breaks kept.
import { useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { api, ApiRequestError } from "~/app/api/api.client";
import { useApiData } from "~/app/api/use-api-data";
import { format } from "~/lib/i18n/format";
import { langAttribute } from "~/lib/i18n/languages";
import { DEFAULT_PAGE_SIZE, MESSAGE_FILTERS, type ContactMessageItem, type MessageFilter } from "~/lib/contracts/admin";
import { PRIVATE_PAGE_CACHE_CONTROL, SHARED_PRIVATE_PAGE } from "~/app/page-helpers/seo";
import { adminMeta } from "~/app/components/admin-meta";
import { LocalizedLink } from "~/app/components/localized-link";
import { AdminPageTitle, LoadError, LoadingLine, Pagination } from "~/app/components/admin-ui";
import { useDateTimeFormat } from "~/app/components/use-date-time-format";
import { useAuth } from "~/app/components/auth-provider";
import { useLanguage, useMessages } from "~/app/components/language-provider";
import { admin } from "~/content/messages/admin";
import type { Route } from "./+types/admin-messages";

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": PRIVATE_PAGE_CACHE_CONTROL });
export const handle = SHARED_PRIVATE_PAGE;

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "/admin/messages", (t) => t.messages.title);

const ACTION = "rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-50";

/** A reply in the operator's own mail program, to the address the sender typed, about their subject. */
function replyHref(message: ContactMessageItem): string {
  const to = message.email.split("@").map(encodeURIComponent).join("@");
  return `mailto:${to}?subject=${encodeURIComponent(`Re: ${message.subject.replace(/[\r\n]+/g, " ")}`)}`;
}

export default function AdminMessages() {
  const t = useMessages(admin);
  const { lang } = useLanguage();
  const auth = useAuth();
  const formatDate = useDateTimeFormat();
  // The filter and the page live in the address (?status=&page=), so a reload, a bookmark or the back
  // button keeps them; they were lost on a reload (an operator's review). Unknown values fall back.
  const [params, setParams] = useSearchParams();
  const filter: MessageFilter = (MESSAGE_FILTERS as readonly string[]).includes(params.get("status") ?? "") ? (params.get("status") as MessageFilter) : "all";
  const page = Math.max(1, Math.min(Number.parseInt(params.get("page") ?? "1", 10) || 1, 100_000));
  const show = (next: { status: MessageFilter; page: number }) => {
    const search = new URLSearchParams(params);
    if (next.status === "all") search.delete("status");
    else search.set("status", next.status);
    if (next.page === 1) search.delete("page");
    else search.set("page", String(next.page));
    setParams(search);
  };
  const [failure, setFailure] = useState<string | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);
  const { data, error, loading, reload } = useApiData("GET /admin/messages", {
    query: { status: filter, page, pageSize: DEFAULT_PAGE_SIZE },
  });

  // A message marked read under "Unread" (or unread under "Read") leaves the list with the button the
  // keyboard pressed: the focus then goes to the message now in its place, or to the filter when the
  // list is empty (found by a keyboard user: it fell to the page's body). Acted on once the list that
  // follows the change has come, and only while the focus is lost: a failed reload, another filter or
  // page, or a member who moved on keeps it where it is (found by a review).
  const listRef = useRef<HTMLUListElement>(null);
  const filterRef = useRef<HTMLDivElement>(null);
  const [refocus, setRefocus] = useState<{ id: string; index: number; before: typeof data } | null>(null);
  useEffect(() => setRefocus(null), [filter, page]);
  useEffect(() => {
    if (!refocus || !data || data === refocus.before) return;
    setRefocus(null);
    if (data.messages.some((message) => message.id === refocus.id)) return;
    if (document.activeElement && document.activeElement !== document.body) return;
    const items = listRef.current?.querySelectorAll<HTMLElement>("[data-testid=message-item]") ?? [];
    const next = items[Math.min(refocus.index, items.length - 1)]?.querySelector<HTMLElement>("[data-read-toggle]");
    (next ?? filterRef.current?.querySelector<HTMLElement>("[aria-pressed=true]"))?.focus();
  }, [data, refocus]);

  const toggle = async (message: ContactMessageItem, index: number) => {
    setBusyId(message.id);
    setFailure(null);
    const hadFocus = listRef.current?.contains(document.activeElement) ?? false;
    try {
      await api("POST /admin/messages/:id/read", {
        params: { id: message.id },
        body: { read: !message.readAt },
        token: auth.token,
        lang,
      });
      if (hadFocus) setRefocus({ id: message.id, index, before: data });
      reload();
    } catch (err) {
      const apiError = err instanceof ApiRequestError ? err : null;
      if (apiError?.status === 401) auth.clear();
      setFailure(apiError?.message || t.loadFailed);
    } finally {
      setBusyId(null);
    }
  };

  const pages = Math.max(1, Math.ceil((data?.total ?? 0) / (data?.pageSize ?? DEFAULT_PAGE_SIZE)));

  return (
    <div>
      <div className="flex flex-wrap items-baseline justify-between gap-3">
        <AdminPageTitle>{t.messages.title}</AdminPageTitle>
        {data && (
          <p className="text-sm font-medium text-slate-700" role="status" data-testid="unread-count">
            {format(t.messages.unreadCount, { count: data.unread })}
          </p>
        )}
      </div>

      <div ref={filterRef} role="group" aria-label={t.messages.filter} className="mt-6 inline-flex rounded-md border border-slate-300 bg-white p-1">
        {MESSAGE_FILTERS.map((f) => (
          <button
            key={f}
            type="button"
            aria-pressed={filter === f}
            onClick={() => show({ status: f, page: 1 })}
            className={`rounded px-3 py-1.5 text-sm font-medium ${filter === f ? "bg-brand-600 text-white" : "text-slate-700 hover:bg-slate-100"}`}
          >
            {t.messages.filters[f]}
          </button>
        ))}
      </div>

      {error && <LoadError error={error} onRetry={reload} />}
      {failure && (
        <p role="alert" className="mt-4 text-sm text-red-700">
          {failure}
        </p>
      )}
      {loading && !data && <LoadingLine />}

      {data && (
        <>
          {data.messages.length === 0 ? (
            <p className="mt-6 text-slate-600">{t.messages.empty}</p>
          ) : (
            <ul ref={listRef} className="mt-6 space-y-4" aria-busy={loading} data-testid="message-list">
              {data.messages.map((message, index) => {
                const unread = !message.readAt;
                return (
                  <li
                    key={message.id}
                    className={`rounded-lg border bg-white p-5 shadow-sm ${unread ? "border-brand-600" : "border-slate-200"}`}
                    data-testid="message-item"
                    data-read={unread ? "false" : "true"}
                  >
                    <article>
                      <div className="flex flex-wrap items-start justify-between gap-3">
                        <h2 lang={langAttribute(message.lang)} className={`min-w-0 text-lg text-slate-900 [overflow-wrap:anywhere] ${unread ? "font-bold" : "font-semibold"}`}>
                          {message.subject}
                        </h2>
                        <span
                          className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${
                            unread ? "bg-brand-50 text-brand-700" : "bg-slate-100 text-slate-700"
                          }`}
                        >
                          {unread ? t.messages.unread : t.messages.read}
                        </span>
                      </div>
                      {/* A label keeps its width beside a long address ("送信者" broke in two at 390 px). */}
                      <dl className="mt-2 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
                        <div className="flex gap-2">
                          <dt className="shrink-0 text-slate-600">{t.messages.from}</dt>
                          <dd className="break-all text-slate-900">
                            {message.name} &lt;{message.email}&gt;
                          </dd>
                        </div>
                        {message.company && (
                          <div className="flex gap-2">
                            <dt className="shrink-0 text-slate-600">{t.messages.company}</dt>
                            <dd className="min-w-0 text-slate-900 [overflow-wrap:anywhere]">{message.company}</dd>
                          </div>
                        )}
                        <div className="flex gap-2">
                          <dt className="shrink-0 text-slate-600">{t.messages.service}</dt>
                          <dd className="text-slate-900">{t.messages.services[message.service] ?? message.service}</dd>
                        </div>
                        <div className="flex gap-2">
                          <dt className="shrink-0 text-slate-600">{t.messages.received}</dt>
                          <dd className="text-slate-900">{formatDate(message.createdAt)}</dd>
                        </div>
                      </dl>
                      <p lang={langAttribute(message.lang)} className="mt-3 whitespace-pre-wrap break-words text-slate-800" data-testid="message-text">
                        {message.message}
                      </p>
                      {message.memberId && <p className="mt-3 text-sm text-slate-600">{t.messages.memberAccountHint}</p>}
                      <div className="mt-4 flex flex-wrap items-center gap-3">
                        <a href={replyHref(message)} className={ACTION}>
                          {t.messages.reply}
                        </a>
                        {message.memberId && (
                          <LocalizedLink to={`/admin/users/${message.memberId}`} className={ACTION}>
                            {t.messages.memberAccount}
                          </LocalizedLink>
                        )}
                        {/* aria-disabled, not disabled: a disabled button loses the keyboard's focus to the page's body. */}
                        <button
                          type="button"
                          aria-disabled={busyId === message.id}
                          onClick={() => {
                            if (busyId !== message.id) void toggle(message, index);
                          }}
                          data-read-toggle
                          className={`${ACTION} aria-disabled:opacity-60`}
                        >
                          {unread ? t.messages.markRead : t.messages.markUnread}
                        </button>
                      </div>
                    </article>
                  </li>
                );
              })}
            </ul>
          )}
          <Pagination page={page} pages={pages} onChange={(next) => show({ status: filter, page: next })} />
        </>
      )}
    </div>
  );
}
