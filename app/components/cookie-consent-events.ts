// The footer, /cookies and /terms open the consent preferences through this event; the banner listens.
export const OPEN_COOKIE_PREFERENCES = "taxatlas:open-cookie-preferences";

export function openCookiePreferences(): void {
  window.dispatchEvent(new Event(OPEN_COOKIE_PREFERENCES));
}
