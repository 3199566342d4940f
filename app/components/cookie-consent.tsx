// The consent banner (first visit) and the preferences dialog (from the banner, the footer, /cookies
// and /terms). Nothing non-essential is loaded: the site sets no analytics or marketing cookies, and
// any added later must check `readConsent()` first.
import { useEffect, useLayoutEffect, useRef, useState, type ComponentProps } from "react";
import { CONSENT_CHANGED, CONSENT_PENDING_ATTRIBUTE, type Consent } from "~/app/consent/consent";
import { readConsent, writeConsent } from "~/app/consent/consent-storage.client";
import { OPEN_COOKIE_PREFERENCES } from "./cookie-consent-events";
import { useConsentMessages } from "./root-messages";

/** The layout's skip link (app/root.tsx): where a keyboard user's focus goes once the banner is answered. */
export const SKIP_LINK_ID = "skip-link";

const BANNER_HEIGHT = "--consent-banner-height";

export function CookieConsent() {
  const t = useConsentMessages();
  const [choice, setChoice] = useState<Consent | null>(null);
  // The banner is server-rendered (shown or hidden by CONSENT_PROBE_SCRIPT); a click on its buttons
  // before React has hydrated is kept and played then (app/page-helpers/early-clicks.ts).
  const [dialogOpen, setDialogOpen] = useState(false);
  const [analytics, setAnalytics] = useState(false);
  const [marketing, setMarketing] = useState(false);
  // The attribute follows `choice` only once the stored choice has been read (the mount effect).
  const choiceRead = useRef(false);

  useEffect(() => {
    if (choiceRead.current) document.documentElement.toggleAttribute(CONSENT_PENDING_ATTRIBUTE, !choice);
  }, [choice]);

  useEffect(() => {
    // Set directly rather than through a second state: with no stored choice (a first visit) the
    // banner needs no render after hydration at all, which is the busiest moment of the page load
    // (docs/performance.md, "Lighthouse, mobile").
    const stored = readConsent();
    document.documentElement.toggleAttribute(CONSENT_PENDING_ATTRIBUTE, !stored);
    choiceRead.current = true;
    setChoice(stored);
    const open = () => {
      const current = readConsent();
      setAnalytics(current?.analytics ?? false);
      setMarketing(current?.marketing ?? false);
      setDialogOpen(true);
    };
    const changed = () => setChoice(readConsent());
    window.addEventListener(OPEN_COOKIE_PREFERENCES, open);
    window.addEventListener(CONSENT_CHANGED, changed);
    return () => {
      window.removeEventListener(OPEN_COOKIE_PREFERENCES, open);
      window.removeEventListener(CONSENT_CHANGED, changed);
    };
  }, []);

  // While the banner covers the bottom of the window, the page keeps focus and its end clear of it
  // (WCAG 2.4.11, app/app.css): its height, measured, as --consent-banner-height.
  const banner = useRef<HTMLElement>(null);
  const shown = !choice;
  useEffect(() => {
    const element = banner.current;
    if (!shown || !element) return;
    const root = document.documentElement.style;
    const observer = new ResizeObserver(() => root.setProperty(BANNER_HEIGHT, `${element.offsetHeight}px`));
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.removeProperty(BANNER_HEIGHT);
    };
  }, [shown]);

  // A choice is confirmed in a status region every page has (one that arrives with its text is not
  // read out), and the focus the banner held goes to the page's first stop, the skip link, not to the
  // document (found by a keyboard user). The skip link shows only for keyboard focus, so a mouse
  // user's view is left as it is.
  const [saved, setSaved] = useState<{ heldFocus: boolean } | null>(null);
  const save = (value: { analytics: boolean; marketing: boolean }) => {
    setSaved({ heldFocus: Boolean(document.activeElement?.closest("[data-testid=cookie-banner], dialog")) });
    setChoice(writeConsent(value));
    setDialogOpen(false);
  };
  useEffect(() => {
    if (!saved?.heldFocus) return;
    if (!document.activeElement || document.activeElement === document.body) document.getElementById(SKIP_LINK_ID)?.focus();
  }, [saved]);

  const toggle = (label: string, text: string, checked: boolean, onChange: (v: boolean) => void, id: string) => (
    <div className="flex items-start justify-between gap-4 border-t border-slate-200 py-3">
      <div>
        <label htmlFor={id} className="font-medium text-slate-900">
          {label}
        </label>
        <p className="text-sm text-slate-600">{text}</p>
      </div>
      <input
        id={id}
        type="checkbox"
        className="mt-1 h-5 w-5 accent-brand-600"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
      />
    </div>
  );

  return (
    <>
      <p role="status" className="sr-only" data-testid="consent-banner-saved">
        {saved ? t.saved : ""}
      </p>
      {/* The banner stays while its dialog is open (the modal dialog makes it inert), so closing
          the dialog returns focus to the Preferences button that opened it. */}
      {!choice && (
        <section
          ref={banner}
          aria-label={t.bannerTitle}
          className="cookie-banner fixed inset-x-0 bottom-0 z-50 border-t border-slate-200 bg-white p-4 shadow-2xl sm:p-6 print:hidden"
          data-testid="cookie-banner"
        >
          <div className="mx-auto flex max-w-5xl flex-col gap-4 md:flex-row md:items-center md:justify-between">
            <div>
              <h2 className="font-semibold text-slate-900">{t.bannerTitle}</h2>
              <p className="mt-1 text-sm text-slate-600">{t.bannerText}</p>
            </div>
            <div className="flex shrink-0 flex-wrap gap-2">
              <button
                type="button"
                className="rounded-md border border-slate-300 px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50"
                onClick={() => {
                  setAnalytics(false);
                  setMarketing(false);
                  setDialogOpen(true);
                }}
              >
                {t.preferences}
              </button>
              <button
                type="button"
                className="rounded-md border border-slate-300 px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50"
                onClick={() => save({ analytics: false, marketing: false })}
              >
                {t.rejectAll}
              </button>
              <button
                type="button"
                className="rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700"
                onClick={() => save({ analytics: true, marketing: true })}
              >
                {t.acceptAll}
              </button>
            </div>
          </div>
        </section>
      )}
      {/* Rendered only while open: every page would otherwise carry (and hydrate) a dialog that most
          visitors never open. */}
      {dialogOpen && (
        <ModalDialog
          aria-labelledby="cookie-dialog-title"
          className="m-auto w-[min(32rem,calc(100%-2rem))] rounded-lg p-0 shadow-2xl backdrop:bg-slate-900/50"
          onClose={() => setDialogOpen(false)}
          // A modal dialog makes the page inert, but Tab past its last control would still leave for
          // the browser's own toolbar: keep it cycling within the dialog.
          onKeyDown={(event) => {
            if (event.key !== "Tab") return;
            const controls = [...event.currentTarget.querySelectorAll<HTMLElement>("input, button")];
            const first = controls[0];
            const last = controls.at(-1);
            if (event.shiftKey && document.activeElement === first) {
              event.preventDefault();
              last?.focus();
            } else if (!event.shiftKey && document.activeElement === last) {
              event.preventDefault();
              first?.focus();
            }
          }}
          data-testid="cookie-dialog"
        >
          <form
            method="dialog"
            className="p-6"
            onSubmit={(e) => {
              e.preventDefault();
              save({ analytics, marketing });
            }}
          >
            <h2 id="cookie-dialog-title" className="text-lg font-semibold text-slate-900">
              {t.dialogTitle}
            </h2>
            <p className="mt-2 text-sm text-slate-600">{t.dialogText}</p>
            <div className="mt-4">
              <div className="flex items-start justify-between gap-4 py-3">
                <div>
                  <p className="font-medium text-slate-900">{t.necessary}</p>
                  <p className="text-sm text-slate-600">{t.necessaryText}</p>
                </div>
                <span className="mt-1 shrink-0 whitespace-nowrap text-sm font-medium text-accent-600">{t.alwaysOn}</span>
              </div>
              {toggle(t.analytics, t.analyticsText, analytics, setAnalytics, "consent-analytics")}
              {toggle(t.marketing, t.marketingText, marketing, setMarketing, "consent-marketing")}
            </div>
            <div className="mt-6 flex flex-wrap justify-end gap-2">
              <button
                type="button"
                className="rounded-md border border-slate-300 px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50"
                onClick={() => setDialogOpen(false)}
              >
                {t.close}
              </button>
              <button
                type="button"
                className="rounded-md border border-slate-300 px-4 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50"
                onClick={() => save({ analytics: true, marketing: true })}
              >
                {t.acceptAll}
              </button>
              <button type="submit" className="rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700">
                {t.save}
              </button>
            </div>
          </form>
        </ModalDialog>
      )}
    </>
  );
}

/** A <dialog> shown as a modal while it is mounted, and closed (focus returns where it was) before it is removed. */
function ModalDialog(props: ComponentProps<"dialog">) {
  const ref = useRef<HTMLDialogElement>(null);
  useLayoutEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => {
      if (dialog?.open) dialog.close();
    };
  }, []);
  return <dialog ref={ref} {...props} />;
}
