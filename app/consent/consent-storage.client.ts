// Reading and writing the visitor's consent in the browser (cookie first, local storage as the
// fallback). Browser only: called from effects and event handlers of the banner and the panel.
import { CONSENT_CHANGED, CONSENT_COOKIE, CONSENT_VERSION, parseConsent, type Consent } from "./consent";

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
