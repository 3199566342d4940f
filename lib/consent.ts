// The visitor's cookie consent, stored in a first-party cookie (strictly necessary) and local storage.
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

export function readConsent(): Consent | null {
  if (typeof document === "undefined") return null;
  const match = document.cookie.split("; ").find((c) => c.startsWith(`${CONSENT_COOKIE}=`));
  let raw: string | null = null;
  try {
    raw = match ? decodeURIComponent(match.slice(CONSENT_COOKIE.length + 1)) : localStorage.getItem(CONSENT_COOKIE);
  } catch {
    raw = null;
  }
  return parseConsent(raw);
}

export function writeConsent(choice: { analytics: boolean; marketing: boolean }): Consent {
  const consent: Consent = { v: CONSENT_VERSION, ...choice, at: new Date().toISOString() };
  const raw = JSON.stringify(consent);
  document.cookie = `${CONSENT_COOKIE}=${encodeURIComponent(raw)}; Path=/; Max-Age=${180 * 24 * 3600}; SameSite=Lax`;
  try {
    localStorage.setItem(CONSENT_COOKIE, raw);
  } catch {
    // The cookie alone is enough.
  }
  window.dispatchEvent(new CustomEvent(CONSENT_CHANGED, { detail: consent }));
  return consent;
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
