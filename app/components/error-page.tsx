import { useEffect } from "react";
import { useRouteLoaderData } from "react-router";
import type { RootData } from "~/app/page-helpers/root-data";
import { LocalizedLink } from "./localized-link";
import { useCommonMessages } from "./root-messages";

/**
 * `ownTitle`: the page has no other title (the root's error boundary: the routes that failed give no
 * meta), so the title element is rendered, on the server too; otherwise (a guarded page's 403) the
 * page's own title is replaced once in the browser.
 */
export function ErrorPage({ kind, ownTitle = false }: { kind: "notFound" | "forbidden" | "error"; ownTitle?: boolean }) {
  const t = useCommonMessages();
  const text = t[kind];
  const siteName = useRouteLoaderData<RootData>("root")?.siteName;
  const title = siteName ? `${text.title} | ${siteName}` : text.title;
  useEffect(() => {
    if (!ownTitle) document.title = title;
  }, [ownTitle, title]);
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center px-4 py-24 text-center" data-testid={`error-${kind}`}>
      {ownTitle && <title>{title}</title>}
      <p className="text-6xl font-bold text-brand-600" aria-hidden>
        {kind === "notFound" ? "404" : kind === "forbidden" ? "403" : "500"}
      </p>
      <h1 className="mt-4 text-3xl font-bold text-slate-900">{text.title}</h1>
      <p className="mt-3 text-slate-600">{text.text}</p>
      <div className="mt-8 flex gap-3">
        {kind === "error" && (
          <button
            type="button"
            onClick={() => window.location.reload()}
            className="rounded-md border border-slate-300 px-4 py-2 font-medium text-slate-700 hover:bg-slate-50"
          >
            {t.error.retry}
          </button>
        )}
        <LocalizedLink to="/" className="rounded-md bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700">
          {t.notFound.home}
        </LocalizedLink>
      </div>
    </section>
  );
}
