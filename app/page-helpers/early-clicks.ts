// Clicks made before React has hydrated the page. Hydration starts after the first paint
// (docs/decisions/0005), so on a slow phone a visitor can press a button React does not handle yet,
// and the click would be lost. An inline script in <head> (EARLY_CLICK_SCRIPT) keeps those clicks
// and plays them again, in order, on the same elements once the root layout reports hydration
// (markHydrated). What works without JavaScript is left to the browser: links, and the buttons of
// forms with a real method (the contact form posts, the portfolio filter is a GET form).
// A form that a signed-in member sends through the API (SENDS_AS_MEMBER_ATTRIBUTE: only the browser
// holds the token) is kept too when a token is stored, and sent once React handles it.
// See docs/decisions/0014-early-clicks.md.
import { SESSION_STORAGE_KEYS } from "~/app/components/auth-provider";

/** Set on <html> once React has hydrated the page (tests and styles can wait for it). */
export const HYDRATED_ATTRIBUTE = "data-hydrated";
/**
 * On a form that posts to its page's action, but that a signed-in member sends through the API: sent
 * natively it would go out without the member's token (found by a stranger: a contact message sent
 * before hydration went out anonymous, and the member's copy was never mailed).
 */
export const SENDS_AS_MEMBER_ATTRIBUTE = "data-sends-as-member";
/** Dispatched on document once React has hydrated the page. */
export const HYDRATED_EVENT = "taxatlas:hydrated";

/**
 * Inline classic script for <head>, before anything clickable is parsed. Captures (and stops, so
 * nothing half-handles it) a click on a button that needs React; after hydration it stops listening
 * and clicks each kept button that is still in the document, each on a task of its own, so every
 * effect of the first render has run and React has rendered what the click before did (found by a
 * stranger: an example question and Generate, played in one task, asked nothing). A button pressed
 * again while nothing seemed to happen is clicked once (found by a stranger: a menu tapped twice
 * opened and closed again).
 */
export const EARLY_CLICK_SCRIPT =
  `(()=>{const d=document,q=[],c=e=>{` +
  `const b=e.target instanceof Element?e.target.closest("button"):null;` +
  `if(!b||b.disabled||(b.form&&/^(get|post)$/i.test(b.form.getAttribute("method")||"")))return;` +
  `e.preventDefault();e.stopImmediatePropagation();if(!q.includes(b))q.push(b)};` +
  // A form that posts, sent again before its answer has come (nothing seemed to happen), is not sent
  // twice (found by a stranger: two messages on a slow network); a page shown again from the
  // back-forward cache may send it anew.
  `let p=new WeakSet;const m=[],s=()=>{try{return!!localStorage.getItem(${JSON.stringify(SESSION_STORAGE_KEYS.token)})}catch{return!1}},f=e=>{const t=e.target;` +
  `if(!(t instanceof HTMLFormElement)||!/^post$/i.test(t.getAttribute("method")||""))return;` +
  // A signed-in member's form waits for React (its submit goes through the API with the token), once.
  `if(t.hasAttribute(${JSON.stringify(SENDS_AS_MEMBER_ATTRIBUTE)})&&s()){e.preventDefault();if(!m.includes(t))m.push(t);return}` +
  `if(p.has(t))e.preventDefault();else p.add(t)};` +
  `addEventListener("pageshow",e=>{if(e.persisted)p=new WeakSet});` +
  `d.addEventListener("click",c,true);d.addEventListener("submit",f,true);` +
  `d.addEventListener(${JSON.stringify(HYDRATED_EVENT)},()=>{d.removeEventListener("click",c,true);d.removeEventListener("submit",f,true);` +
  // A kept button hidden by the hydrated layout (a signed-in header moves its controls to another
  // breakpoint) is played on its visible twin, the button with the same data-testid (found by a
  // stranger: the language menu opened where it could not be seen); without a twin, the button itself.
  `const v=b=>b.getClientRects().length>0,w=b=>{if(v(b))return b;const i=b.getAttribute("data-testid");` +
  `return(i&&[...d.querySelectorAll("button")].find(o=>o.getAttribute("data-testid")===i&&v(o)))||b};` +
  `setTimeout(function n(){const b=q.shift();if(b){if(b.isConnected)w(b).click();setTimeout(n,0)}` +
  `else for(const t of m.splice(0))if(t.isConnected)t.requestSubmit()},0)},{once:true})})()`;

/** Called once by the root layout's first effect: React now handles events itself. */
export function markHydrated(): void {
  document.documentElement.setAttribute(HYDRATED_ATTRIBUTE, "");
  document.dispatchEvent(new Event(HYDRATED_EVENT));
}
