// A notice that a navigation carries to the next page (navigate(to, { state: { notice } })): the page
// left behind cannot say it itself, as after deleting the account, whose settings page is gone.
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
  const notice: unknown = (location.state as { notice?: unknown } | null)?.notice;
  if (!hydrated || typeof notice !== "string" || !Object.hasOwn(t.notices, notice)) return null;
  const dismiss = () => navigate(`${location.pathname}${location.search}${location.hash}`, { replace: true, state: null, preventScrollReset: true });
  return (
    <div className="border-b border-green-200 bg-green-50" data-testid="navigation-notice">
      <div className="mx-auto flex max-w-7xl items-center justify-between gap-4 px-4 py-3 sm:px-6 lg:px-8">
        <p role="status" className="text-sm font-medium text-green-800">
          {t.notices[notice as NoticeKey]}
        </p>
        <button type="button" onClick={dismiss} className="rounded-md px-2 py-1 text-sm font-medium text-green-800 underline hover:bg-green-100">
          {t.dismiss}
        </button>
      </div>
    </div>
  );
}
