// The cookie buttons of /cookies (Preferences, Accept All) and /terms (Details, Accept): they open the
// real preferences dialog or store the consent, and show the visitor's current choice.
import { useEffect, useState } from "react";
import { CONSENT_CHANGED, type Consent } from "~/app/consent/consent";
import { readConsent, writeConsent } from "~/app/consent/consent-storage.client";
import { format } from "~/lib/i18n/format";
import { consent as consentMessages } from "~/content/messages/consent";
import { publicPages } from "~/content/messages/public";
import { openCookiePreferences } from "./cookie-consent-events";
import { useMessages } from "./language-provider";

export function ConsentPanel({ variant }: { variant: "cookies" | "terms" }) {
  const t = useMessages(consentMessages);
  const p = useMessages(publicPages).consentPanel;
  const [choice, setChoice] = useState<Consent | null>(null);
  const [ready, setReady] = useState(false);
  const [saved, setSaved] = useState(false);

  useEffect(() => {
    setChoice(readConsent());
    setReady(true);
    const changed = () => {
      setChoice(readConsent());
      setSaved(true);
    };
    window.addEventListener(CONSENT_CHANGED, changed);
    return () => window.removeEventListener(CONSENT_CHANGED, changed);
  }, []);

  const choiceText = !choice
    ? t.choiceNone
    : choice.analytics && choice.marketing
      ? t.choiceAll
      : !choice.analytics && !choice.marketing
        ? t.choiceNecessary
        : t.choiceCustom;

  const open = variant === "cookies" ? t.preferences : t.details;
  const accept = variant === "cookies" ? t.acceptAll : t.accept;

  return (
    <section
      aria-labelledby="consent-panel-title"
      className="mt-12 rounded-lg border border-slate-200 bg-slate-50 p-6"
      data-testid="consent-panel"
    >
      <h2 id="consent-panel-title" className="text-xl font-semibold text-slate-900">
        {p.title}
      </h2>
      <p className="mt-2 text-slate-700">{variant === "cookies" ? p.cookiesText : p.termsText}</p>
      <p className="mt-3 font-medium text-slate-900" data-testid="consent-current">
        {ready ? format(t.current, { choice: choiceText }) : "\u00a0"}
      </p>
      <div className="mt-4 flex flex-wrap gap-3">
        <button
          type="button"
          onClick={openCookiePreferences}
          className="rounded-md border border-slate-300 bg-white px-4 py-2 font-medium text-slate-700 hover:bg-slate-100"
          data-testid="consent-open"
        >
          {open}
        </button>
        <button
          type="button"
          onClick={() => writeConsent({ analytics: true, marketing: true })}
          className="rounded-md bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700"
          data-testid="consent-accept"
        >
          {accept}
        </button>
      </div>
      <p role="status" aria-live="polite" className="mt-3 text-sm font-medium text-accent-600" data-testid="consent-saved">
        {saved ? t.saved : ""}
      </p>
    </section>
  );
}
