// A notice that a navigation carries to the next page (navigate(to, { state: noticeState(key) })): the
// page left behind cannot say it itself, as after deleting the account, whose settings page is gone.
// Only a key of common.notices is shown, never text from the history state.
import { useLocation, useNavigate } from "react-router";
import { common } from "~/content/messages/common";
import { useMessages } from "./language-provider";
import { useHydrated } from "./use-hydrated";

export type NoticeKey = keyof (typeof common)["en"]["notices"];

/** The navigation state that shows `notice` on the page navigated to. */
export const noticeState = (notice: NoticeKey) => ({ notice });

export function NavigationNotice() {
  const location = useLocation();
  const navigate = useNavigate();
  const t = useMessages(common);
  // The server renders no notice, and a reload keeps the history state: shown after hydration only.
  const hydrated = useHydrated();
  const state: unknown = (location.state as { notice?: unknown } | null)?.notice;
  const notice = hydrated && typeof state === "string" && Object.hasOwn(t.notices, state) ? (state as NoticeKey) : null;
  const dismiss = () => {
    // The button goes away with the notice: the page's content takes the focus, not the document.
    const main = document.getElementById("main");
    if (main) {
      main.tabIndex = -1;
      main.focus({ preventScroll: true });
    }
    navigate(`${location.pathname}${location.search}${location.hash}`, { replace: true, state: null, preventScrollReset: true });
  };
  // The live region is in every page's HTML, empty: a screen reader announces text put into a region
  // it already knows, not a region that arrives with its text.
  return (
    <div role="status" data-testid="navigation-notice-region">
      {notice && (
        <div className="border-b border-green-200 bg-green-50" data-testid="navigation-notice">
          <div className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 py-3 sm:px-6 lg:px-8">
            <p className="text-sm font-medium text-green-800">{t.notices[notice]}</p>
            <button type="button" onClick={dismiss} className="rounded-md px-2 py-1 text-sm font-medium text-green-800 underline hover:bg-green-100">
              {t.dismiss}
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
