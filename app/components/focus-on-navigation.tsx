// After a navigation to another page, the keyboard's focus moves to the new page's heading, so a
// screen reader says where the visitor is and the next Tab starts in the page (found by a keyboard
// user: focus stayed on the header's link, or fell to the document and the next Tab skipped the
// header). Left alone: the first page, a change of query or hash (filters, sorting), the same page in
// another language, and a page that placed the focus in its content itself.
import { useEffect, useRef } from "react";
import { useLocation } from "react-router";
import { splitLangPath } from "~/lib/i18n/paths";

export function FocusOnNavigation() {
  const { pathname } = useLocation();
  const shown = useRef(splitLangPath(pathname).path);
  useEffect(() => {
    const page = splitLangPath(pathname).path;
    if (page === shown.current) return;
    shown.current = page;
    const main = document.getElementById("main");
    if (!main || (document.activeElement && document.activeElement !== main && main.contains(document.activeElement))) return;
    // A notice carried to this page (after deleting the account) comes before the heading: the
    // content's start takes the focus, so the next Tab reaches the notice's button.
    const notice = main.querySelector("[data-testid=navigation-notice]");
    const heading = notice ? null : main.querySelector<HTMLElement>("h1");
    const target = heading ?? main;
    if (!target.hasAttribute("tabindex")) target.tabIndex = -1;
    target.focus({ preventScroll: true });
  }, [pathname]);
  return null;
}
