// The welcome a new member sees on /explore right after signing up (/explore?welcome=1): the free
// credits, where to ask, how to buy more. Shown after hydration, so the page HTML stays the same.
import { useLocation, useRouteLoaderData, useSearchParams } from "react-router";
import type { RootData } from "~/app/page-helpers/root-data";
import { format } from "~/lib/i18n/format";
import { welcome as welcomeMessages } from "~/content/messages/welcome";
import { useMessages } from "./language-provider";
import { LocalizedLink } from "./localized-link";

/** The history state of the sign-up's landing on /explore?welcome=1 (it survives a reload and Back). */
export interface WelcomeState {
  /** The balance the sign-up answered with: the credits the account started with. */
  startingCredits: number;
}

export function WelcomePanel() {
  const t = useMessages(welcomeMessages);
  const root = useRouteLoaderData<RootData>("root");
  const startingCredits = (useLocation().state as Partial<WelcomeState> | null)?.startingCredits;
  const [searchParams, setSearchParams] = useSearchParams();
  // /explore renders member content only after hydration (RequireAuth), so reading the query here
  // changes no server HTML.
  if (searchParams.get("welcome") !== "1") return null;
  // Closing drops the parameter: a reload or a shared link then shows the ordinary page. Focus, which
  // was on the close button, goes to the page's heading just above rather than to the document.
  const close = () => {
    setSearchParams({}, { replace: true, preventScrollReset: true });
    const heading = document.querySelector<HTMLElement>("main h1");
    if (!heading) return;
    heading.tabIndex = -1;
    heading.focus({ preventScroll: true });
  };
  return (
    <section aria-labelledby="welcome-title" className="rounded-lg border border-brand-100 bg-brand-50 p-6" data-testid="welcome-panel">
      <div className="flex items-start justify-between gap-4">
        <h2 id="welcome-title" className="text-xl font-semibold text-slate-900">
          {format(t.title, { siteName: root?.siteName ?? "" })}
        </h2>
        <button
          type="button"
          onClick={close}
          className="rounded-md px-2 py-1 text-slate-700 hover:bg-brand-100 focus-visible:outline-2 focus-visible:outline-brand-600"
          aria-label={t.dismiss}
          data-testid="welcome-close"
        >
          <span aria-hidden>×</span>
        </button>
      </div>
      <ul className="mt-3 list-disc space-y-1 pl-6 text-slate-800">
        {/* Without the sign-up's state (a link typed or shared), what the account started with is not known here. */}
        {typeof startingCredits === "number" && <li>{format(t.credits, { count: startingCredits })}</li>}
        <li>{t.ask}</li>
        <li>
          {t.buy}{" "}
          <LocalizedLink to="/pricing" className="font-semibold text-brand-700 underline hover:no-underline">
            {t.pricing}
          </LocalizedLink>
        </li>
      </ul>
    </section>
  );
}
