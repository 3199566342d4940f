// The visitor's cookie consent, stored in a first-party cookie (strictly necessary) and local storage:
// the names, the parser and the inline probe the server renders into <head>. Reading and writing
// the stored choice is browser-only (./consent-storage.client.ts).
export const CONSENT_COOKIE = "cookie_consent";
export const CONSENT_VERSION = 1;

export interface Consent {
  v: number;
  analytics: boolean;
  marketing: boolean;
  /** ISO time of the choice. */
  at: string;
}

export function parseConsent(raw: string | null | undefined): Consent | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<Consent>;
    if (value.v !== CONSENT_VERSION || typeof value.analytics !== "boolean" || typeof value.marketing !== "boolean") {
      return null;
    }
    return { v: CONSENT_VERSION, analytics: value.analytics, marketing: value.marketing, at: String(value.at ?? "") };
  } catch {
    return null;
  }
}

export const CONSENT_CHANGED = "taxatlas:consent-changed";

/** Set on <html> while the visitor has made no choice; the stylesheet shows the banner only then. */
export const CONSENT_PENDING_ATTRIBUTE = "data-consent-pending";

/**
 * Inline script for <head>: the banner is part of the server-rendered page (so it is painted with
 * it, not popped in after hydration), and this decides before the first paint whether it shows.
 * Without JavaScript it stays hidden: there is nothing to consent to. After hydration the banner
 * component keeps the attribute in step with `readConsent()`.
 */
export const CONSENT_PROBE_SCRIPT =
  `try{if(!/(?:^|; )${CONSENT_COOKIE}=/.test(document.cookie)&&!localStorage.getItem(${JSON.stringify(CONSENT_COOKIE)}))` +
  `document.documentElement.setAttribute(${JSON.stringify(CONSENT_PENDING_ATTRIBUTE)},"")}` +
  `catch(e){document.documentElement.setAttribute(${JSON.stringify(CONSENT_PENDING_ATTRIBUTE)},"")}`;
