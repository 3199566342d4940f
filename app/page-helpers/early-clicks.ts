// Clicks made before React has hydrated the page. Hydration starts after the first paint
// (docs/decisions/0005), so on a slow phone a visitor can press a button React does not handle yet,
// and the click would be lost. An inline script in <head> (EARLY_CLICK_SCRIPT) keeps those clicks
// and plays them again, in order, on the same elements once the page is hydrated (markHydrated)
// and knows who is signed in (markReady). What works without JavaScript is left to the browser:
// links, and the buttons of forms with a real method (the contact form posts, the portfolio filter
// is a GET form).
// A form that a signed-in member sends through the API (SENDS_AS_MEMBER_ATTRIBUTE: only the browser
// holds the token) is kept too when a token is stored, and sent once React handles it.
// See docs/decisions/0014-early-clicks.md.
import { SESSION_STORAGE_KEYS } from "~/app/components/auth-provider";

/** Set on <html> once React has hydrated the page and knows who is signed in (tests and styles can wait for it). */
export const HYDRATED_ATTRIBUTE = "data-hydrated";
/**
 * On a form that posts to its page's action, but that a signed-in member sends through the API: sent
 * natively it would go out without the member's token (found by a stranger: a contact message sent
 * before hydration went out anonymous, and the member's copy was never mailed).
 */
export const SENDS_AS_MEMBER_ATTRIBUTE = "data-sends-as-member";
/** Dispatched on document once React handles the page's events: the script stops keeping clicks. */
export const HYDRATED_EVENT = "taxatlas:hydrated";
/** Dispatched on document once the page also knows who is signed in: the kept clicks are played. */
export const READY_EVENT = "taxatlas:ready";
/**
 * How long a signed-in member's kept form waits for the page's scripts before it is posted as it is
 * (anonymous, but sent): scripts that never load (a dropped connection, a blocker) held it for good.
 */
export const MEMBER_FORM_WAIT_MS = 10_000;

/**
 * Inline classic script for <head>, before anything clickable is parsed. Captures (and stops, so
 * nothing half-handles it) a click on a button that needs React, until React handles the page's
 * events (HYDRATED_EVENT: from then on React has every click itself, and a form it holds back, to
 * send once the sign-in is known, is not blocked by this script: found by a stranger). Once the page
 * knows who is signed in (READY_EVENT: a signed-in member's header lays its controls out at other
 * breakpoints) it clicks each kept button still in the document, and sends each kept member's form,
 * in the order they were pressed, each on a task of its own, so
 * React has rendered what the click before did (found by a stranger: an example question and
 * Generate, played in one task, asked nothing), on its one visible twin (same data-testid) when the
 * layout has hidden it. A button pressed again while nothing seemed to happen is clicked once (found
 * by a stranger: a menu tapped twice opened and closed again).
 */
export const EARLY_CLICK_SCRIPT =
  `(()=>{const d=document,q=[],c=e=>{` +
  `const b=e.target instanceof Element?e.target.closest("button"):null;` +
  `if(!b||b.disabled||(b.form&&/^(get|post)$/i.test(b.form.getAttribute("method")||"")))return;` +
  `e.preventDefault();e.stopImmediatePropagation();if(!q.includes(b))q.push(b)};` +
  // A form that posts, sent again before its answer has come (nothing seemed to happen), is not sent
  // twice (found by a stranger: two messages on a slow network); a page shown again from the
  // back-forward cache may send it anew.
  `let p=new WeakSet;const m=[],x=new WeakSet,s=()=>{try{return!!localStorage.getItem(${JSON.stringify(SESSION_STORAGE_KEYS.token)})}catch{return!1}},f=e=>{const t=e.target;` +
  `if(!(t instanceof HTMLFormElement)||!/^post$/i.test(t.getAttribute("method")||""))return;` +
  // A signed-in member's form waits for React (its submit goes through the API with the token), once;
  // posted as it is if the scripts have not come within MEMBER_FORM_WAIT_MS.
  `if(t.hasAttribute(${JSON.stringify(SENDS_AS_MEMBER_ATTRIBUTE)})&&s()&&!x.has(t)){e.preventDefault();if(!m.includes(t)){m.push(t);q.push(t);` +
  `setTimeout(()=>{const i=m.indexOf(t);if(i>=0&&t.isConnected){m.splice(i,1);x.add(t);t.requestSubmit()}},${MEMBER_FORM_WAIT_MS})}return}` +
  `if(p.has(t))e.preventDefault();else p.add(t)};` +
  `addEventListener("pageshow",e=>{if(e.persisted)p=new WeakSet});` +
  `d.addEventListener("click",c,true);d.addEventListener("submit",f,true);` +
  `d.addEventListener(${JSON.stringify(HYDRATED_EVENT)},()=>{d.removeEventListener("click",c,true);d.removeEventListener("submit",f,true)},{once:true});` +
  `d.addEventListener(${JSON.stringify(READY_EVENT)},()=>{` +
  `const v=b=>b.getClientRects().length>0,w=b=>{if(v(b))return b;const i=b.getAttribute("data-testid");` +
  `const o=i?[...d.querySelectorAll("button")].filter(o=>o.getAttribute("data-testid")===i&&v(o)):[];return o.length===1?o[0]:b};` +
  // Buttons and kept forms in the order they were pressed (found by a stranger: a form went after every click).
  `setTimeout(function n(){const b=q.shift();if(!b)return;if(b instanceof HTMLFormElement){const i=m.indexOf(b);` +
  `if(i>=0){m.splice(i,1);if(b.isConnected)b.requestSubmit()}}else if(b.isConnected)w(b).click();setTimeout(n,0)},0)},{once:true})})()`;

/** Called once by the root layout's first effect: React now handles events itself. */
export function markHydrated(): void {
  document.dispatchEvent(new Event(HYDRATED_EVENT));
}

/** Called once the page also knows who is signed in: the kept clicks are played. */
export function markReady(): void {
  document.documentElement.setAttribute(HYDRATED_ATTRIBUTE, "");
  document.dispatchEvent(new Event(READY_EVENT));
}
