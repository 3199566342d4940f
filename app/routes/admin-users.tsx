// /admin/users: the user table, paged, searched and sorted by the server. The search, sort and page
// live in the URL (?q=&match=&sort=&page=) so a reload or the back button keeps them; the match and
// sort lists apply when their form is sent, not at each change (a keyboard user arrows through them).
import { useEffect, useId, useState, type FormEvent } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { format, formatQuantity } from "~/lib/i18n/format";
import { langTag } from "~/lib/i18n/languages";
import {
  DEFAULT_PAGE_SIZE,
  SEARCH_MATCHES,
  USER_SORTS,
  UserListQuerySchema,
  type AdminUserListRow,
  type SearchMatch,
  type UserSort,
} from "~/lib/contracts/admin";
import { PRIVATE_PAGE_CACHE_CONTROL, SHARED_PRIVATE_PAGE } from "~/app/page-helpers/seo";
import { CsvExportButton } from "~/app/components/admin-csv-export";
import { useApiData } from "~/app/api/use-api-data";
import { adminMeta } from "~/app/components/admin-meta";
import {
  AdminPageTitle,
  LoadError,
  LoadingLine,
  Pagination,
  PaymentBadge,
  usePackageLabel,
} from "~/app/components/admin-ui";
import { useLanguage, useMessages } from "~/app/components/language-provider";
import { LocalizedLink } from "~/app/components/localized-link";
import { DataTable, type Column } from "~/app/components/ui/data-table";
import { admin } from "~/content/messages/admin";
import type { Route } from "./+types/admin-users";

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": PRIVATE_PAGE_CACHE_CONTROL });
export const handle = SHARED_PRIVATE_PAGE;

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "/admin/users", (t) => t.users.title);

/** The list's defaults, which the URL leaves out. */
const { sort: DEFAULT_SORT, match: DEFAULT_MATCH } = UserListQuerySchema.parse({});

const fieldClass =
  "mt-1 block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 focus:border-brand-600 focus:outline-none";

export default function AdminUsers() {
  const t = useMessages(admin);
  const { href, lang } = useLanguage();
  const navigate = useNavigate();
  const packageLabel = usePackageLabel();
  const [params, setParams] = useSearchParams();
  const ids = { q: useId(), match: useId(), sort: useId() };

  // Unknown values in a hand-edited URL fall back to the defaults instead of an error.
  const parsed = UserListQuerySchema.safeParse(Object.fromEntries(params));
  const query = parsed.success ? parsed.data : UserListQuerySchema.parse({});
  const [draft, setDraft] = useState(query.q);
  useEffect(() => setDraft(query.q), [query.q]);
  // The lists' choices until their form is sent; the URL's again when it changes (Back, a link).
  const [matchDraft, setMatchDraft] = useState<SearchMatch>(query.match);
  useEffect(() => setMatchDraft(query.match), [query.match]);
  const [sortDraft, setSortDraft] = useState<UserSort>(query.sort);
  useEffect(() => setSortDraft(query.sort), [query.sort]);

  const { data, error, loading, reload } = useApiData("GET /user/get", {
    query: { page: query.page, pageSize: DEFAULT_PAGE_SIZE, sort: query.sort, match: query.match, q: query.q },
  });

  const update = (changes: Record<string, string | number | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === undefined || value === "") next.delete(key);
      else next.set(key, String(value));
    }
    setParams(next);
  };

  // The defaults stay out of the URL, as before. Each form applies its own fields; the other form's
  // show what applies again (found by a review: a choice not sent stayed shown beside the rows it did
  // not order).
  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    setSortDraft(query.sort);
    update({ q: draft.trim(), match: matchDraft === DEFAULT_MATCH ? undefined : matchDraft, page: undefined });
  };

  const onSort = (event: FormEvent) => {
    event.preventDefault();
    setMatchDraft(query.match);
    setDraft(query.q);
    update({ sort: sortDraft === DEFAULT_SORT ? undefined : sortDraft, page: undefined });
  };

  const total = data?.total ?? 0;
  const pageSize = data?.pageSize ?? DEFAULT_PAGE_SIZE;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const rows = data?.users ?? [];
  const from = total === 0 ? 0 : (query.page - 1) * pageSize + 1;
  const to = Math.min(total, (query.page - 1) * pageSize + rows.length);
  const columns: Column<AdminUserListRow>[] = [
    {
      key: "name",
      header: t.users.columns.name,
      primary: true,
      cell: (user) => (
        <>
          <LocalizedLink to={`/admin/users/${user._id}`} className="font-medium text-brand-700 hover:underline">
            {user.name}
          </LocalizedLink>
          {user.role === "admin" && (
            <span className="ml-2 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-700">{t.users.adminBadge}</span>
          )}
        </>
      ),
    },
    { key: "email", header: t.users.columns.email, className: "break-all text-slate-700", cell: (user) => user.email },
    { key: "credits", header: t.users.columns.credits, numeric: true, className: "text-slate-900", cell: (user) => formatQuantity(user.credits) },
    // Badges and package names on one line (Japanese broke "支払い済み" in two beside a long e-mail address).
    { key: "paymentStatus", header: t.users.columns.paymentStatus, className: "whitespace-nowrap", cell: (user) => <PaymentBadge status={user.paymentStatus} /> },
    // A refunded member's last package stays visible beside her Refunded badge.
    {
      key: "package",
      header: t.users.columns.package,
      className: "whitespace-nowrap text-slate-700",
      cell: (user) => packageLabel(user.package || user.lastPackage),
    },
  ];

  return (
    <div>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <AdminPageTitle>{t.users.title}</AdminPageTitle>
        <CsvExportButton kind="users" />
      </div>

      {/* The lists change nothing until their form is sent (Search, Apply sort): a list that applied
          itself on each change reloaded the rows at every arrow key of a keyboard user browsing it. */}
      <form role="search" method="get" onSubmit={onSearch} className="mt-6 grid gap-4 md:grid-cols-[1fr_auto_auto] md:items-end">
        <div>
          <label htmlFor={ids.q} className="text-sm font-medium text-slate-700">
            {t.users.search}
          </label>
          <input
            id={ids.q}
            type="search"
            name="q"
            value={draft}
            maxLength={100}
            placeholder={t.users.searchPlaceholder}
            onChange={(e) => setDraft(e.target.value)}
            className={fieldClass}
            data-testid="user-search"
          />
        </div>
        <div>
          <label htmlFor={ids.match} className="text-sm font-medium text-slate-700">
            {t.users.match}
          </label>
          <select id={ids.match} name="match" value={matchDraft} onChange={(e) => setMatchDraft(e.target.value as SearchMatch)} className={fieldClass}>
            {SEARCH_MATCHES.map((m) => (
              <option key={m} value={m}>
                {t.users.matches[m]}
              </option>
            ))}
          </select>
        </div>
        {query.sort !== DEFAULT_SORT && <input type="hidden" name="sort" value={query.sort} />}
        <div className="flex gap-2">
          <button type="submit" className="rounded-md bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700">
            {t.users.submit}
          </button>
          {query.q && (
            <button
              type="button"
              onClick={() => update({ q: undefined, page: undefined })}
              className="rounded-md border border-slate-300 px-4 py-2 font-medium text-slate-700 hover:bg-slate-50"
            >
              {t.users.clear}
            </button>
          )}
        </div>
      </form>
      <form method="get" onSubmit={onSort} className="mt-4 flex flex-wrap items-end gap-2">
        {query.q && <input type="hidden" name="q" value={query.q} />}
        {query.match !== DEFAULT_MATCH && <input type="hidden" name="match" value={query.match} />}
        <div>
          <label htmlFor={ids.sort} className="text-sm font-medium text-slate-700">
            {t.users.sort}
          </label>
          <select
            id={ids.sort}
            name="sort"
            value={sortDraft}
            onChange={(e) => setSortDraft(e.target.value as UserSort)}
            className={fieldClass}
            data-testid="user-sort"
          >
            {USER_SORTS.map((s) => (
              <option key={s} value={s}>
                {t.users.sorts[s]}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="rounded-md border border-slate-300 bg-white px-4 py-2 font-medium text-slate-800 hover:bg-slate-50" data-testid="apply-sort">
          {t.users.applySort}
        </button>
      </form>

      {error && <LoadError error={error} onRetry={reload} />}
      {loading && !data && <LoadingLine />}

      {data && (
        <>
          <p className="mt-6 text-sm text-slate-600" role="status" data-testid="user-count">
            {/* An empty result says so in words, not "0–0 of 0 users". */}
            {rows.length === 0
              ? query.q
                ? format(t.users.noMatch, { q: query.q })
                : t.users.empty
              : format(data.totalCapped ? t.users.showingCapped : t.users.showing, {
                  from,
                  to,
                  total: total.toLocaleString(langTag(lang)),
                })}
          </p>
          {/* A page past the last (an old link, a list that shrank) showed only "No users found.", with no pager (an operator's review). */}
          {rows.length === 0 && query.page > 1 && (
            <button
              type="button"
              onClick={() => update({ page: undefined })}
              className="mt-2 block text-sm font-medium text-brand-700 underline hover:no-underline"
              data-testid="first-page"
            >
              {t.users.pastLastPage}
            </button>
          )}
          {/* Matched from the start, a surname or a domain finds nothing: one click searches anywhere (an operator's review). */}
          {rows.length === 0 && query.q && query.match !== "contains" && (
            <button
              type="button"
              onClick={() => update({ match: "contains", page: undefined })}
              className="mt-2 block text-sm font-medium text-brand-700 underline hover:no-underline"
              data-testid="try-contains"
            >
              {t.users.tryContains}
            </button>
          )}
          {rows.length > 0 && (
            <div className="mt-2">
              <DataTable
                rows={rows}
                columns={columns}
                rowKey={(user) => user._id}
                minWidth="40rem"
                label={t.users.title}
                caption={format(t.users.tableCaption, { sort: t.users.sorts[query.sort] })}
                testId="user-table"
                rowTestId="user-row"
                cellClassName="px-4 py-3"
                frameClassName="rounded-lg border border-slate-200"
                // The name is the keyboard-reachable link; a click anywhere on the row does the same.
                onRowClick={(user) => navigate(href(`/admin/users/${user._id}`))}
                busy={loading}
              />
            </div>
          )}
          <Pagination page={query.page} pages={pages} onChange={(page) => update({ page: page === 1 ? undefined : page })} />
        </>
      )}
    </div>
  );
}
