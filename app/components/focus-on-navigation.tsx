// After a navigation to another page, the keyboard's focus moves to the new page's heading, so a
// screen reader says where the visitor is and the next Tab starts in the page (found by a keyboard
// user: focus stayed on the header's link, or fell to the document and the next Tab skipped the
// header). Left alone: the first page, a change of query or hash (filters, sorting), the same page in
// another language, Back and Forward (the scroll is restored to elsewhere), a link to an anchor, and a
// page that put the focus in one of its fields itself.
import { useEffect, useRef } from "react";
import { useLocation, useNavigationType } from "react-router";
import { splitLangPath } from "~/lib/i18n/paths";

export function FocusOnNavigation() {
  const { pathname, hash } = useLocation();
  const navigationType = useNavigationType();
  const shown = useRef(splitLangPath(pathname).path);
  useEffect(() => {
    const page = splitLangPath(pathname).path;
    if (page === shown.current) return;
    shown.current = page;
    if (navigationType === "POP" || hash) return;
    const main = document.getElementById("main");
    // A link in a layout inside <main> (the admin area's) keeps the focus too: only a field counts.
    if (!main || document.activeElement?.matches("main input, main textarea, main select")) return;
    // A notice carried to this page (after deleting the account) comes before the heading: the
    // content's start takes the focus, so the next Tab reaches the notice's button.
    const notice = main.querySelector("[data-testid=navigation-notice]");
    const heading = notice ? null : main.querySelector<HTMLElement>("h1");
    const target = heading ?? main;
    if (!target.hasAttribute("tabindex")) target.tabIndex = -1;
    target.focus({ preventScroll: true });
  }, [pathname]); // eslint-disable-line react-hooks/exhaustive-deps -- a new page only, as it is when it arrives
  return null;
}
