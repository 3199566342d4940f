// The member's signed-in devices, each with "Sign out", and "Sign out everywhere" (this device too).
import { useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { api, ApiRequestError } from "~/app/api/api.client";
import { useApiData } from "~/app/api/use-api-data";
import { StatusMessage, type FormStatus } from "~/app/components/ui/status-message";
import { useAuth } from "~/app/components/auth-provider";
import { useLanguage } from "~/app/components/language-provider";
import type { AccountMessages } from "~/content/messages/account";
import { useLatestStatus } from "./latest-status";
import { format } from "~/lib/i18n/format";
import { localePath } from "~/lib/i18n/paths";
import { useDateTimeFormat } from "~/app/components/use-date-time-format";

/** "Chrome on Windows" from a user agent, or null. */
function deviceName(userAgent: string | null): string | null {
  if (!userAgent) return null;
  const browser = /Edg\//.test(userAgent) ? "Edge" : /Firefox\//.test(userAgent) ? "Firefox" : /Chrom(e|ium)\//.test(userAgent) ? "Chrome" : /Safari\//.test(userAgent) ? "Safari" : null;
  const os = /Windows/.test(userAgent) ? "Windows" : /Android/.test(userAgent) ? "Android" : /iPhone|iPad/.test(userAgent) ? "iOS" : /Mac OS X/.test(userAgent) ? "macOS" : /Linux/.test(userAgent) ? "Linux" : null;
  return [browser, os].filter(Boolean).join(" / ") || null;
}

/**
 * `version`: raised by the page when something else signed devices out (a new password): the list is
 * read again (found by a stranger: the devices stayed, and their Sign out said they did not exist).
 */
export function SessionList({ t, onSignedOut, version = 0 }: { t: AccountMessages; onSignedOut?: () => void; version?: number }) {
  const { token, clear } = useAuth();
  const { lang } = useLanguage();
  const navigate = useNavigate();
  const { data, error, reload } = useApiData("GET /account/sessions");
  const readFirst = useRef(version);
  useEffect(() => {
    if (version !== readFirst.current) reload();
  }, [version, reload]);
  // After a device's Sign out its row is gone: focus stays in the section, on its heading (found by a
  // stranger: it fell to the document, and a keyboard user started again from the top).
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [status, setStatus] = useState<FormStatus>(null);
  const latest = useLatestStatus();
  const shown: FormStatus = (latest.shown ? status : null) ?? (error ? { kind: "error", text: t.loadError } : null);

  /**
   * The sign-out under way ("all" for every device): its button is busy, and a second press does
   * nothing. The buttons are aria-disabled meanwhile, not disabled: a disabled button drops the
   * keyboard's focus to the page's body.
   */
  const [busy, setBusy] = useState<string | null>(null);
  const busyRef = useRef(false);

  /** Signs out one other device, or every device (this one too, so the member goes to log in). */
  async function signOut(sessionId: string | null) {
    // Found by a stranger: a double click sent two revokes, and the second's 404 replaced the first's success.
    if (busyRef.current) return;
    busyRef.current = true;
    setBusy(sessionId ?? "all");
    latest.claim();
    try {
      const result = sessionId
        ? await api("POST /account/sessions/:id/revoke", { params: { id: sessionId }, token, lang })
        : await api("POST /account/sessions/revoke-all", { token, lang });
      if (!sessionId) {
        clear("everywhere");
        navigate(localePath(lang, "/login"));
        return;
      }
      latest.claim();
      setStatus({ kind: "success", text: result.message });
      reload();
      headingRef.current?.focus();
      onSignedOut?.();
    } catch (failure) {
      if (failure instanceof ApiRequestError && failure.status === 401) clear();
      latest.claim();
      setStatus({ kind: "error", text: failure instanceof ApiRequestError && failure.message ? failure.message : t.failed });
      // Signed out elsewhere meanwhile: the refusal says so, and its row leaves the list.
      if (failure instanceof ApiRequestError && failure.status === 404) {
        reload();
        headingRef.current?.focus();
      }
    } finally {
      busyRef.current = false;
      setBusy(null);
    }
  }

  const date = useDateTimeFormat();
  return (
    <section aria-labelledby="sessions-title" className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm" data-testid="account-sessions">
      <h2 id="sessions-title" ref={headingRef} tabIndex={-1} className="text-lg font-semibold text-slate-900 focus:outline-none">
        {t.sessions.title}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t.sessions.intro}</p>
      <ul className="mt-4 divide-y divide-slate-200">
        {(data?.sessions ?? []).map((session) => (
          <li key={session.id} className="flex flex-wrap items-center justify-between gap-3 py-3" data-testid="session-item">
            <div className="text-sm">
              <p className="font-medium text-slate-900">
                {deviceName(session.userAgent) ?? t.sessions.unknownDevice}
                {session.current && <span className="ml-2 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-700">{t.sessions.current}</span>}
              </p>
              {/* The time a session was last used is kept to the hour (lib/accounts/sessions.server.ts): this device is in use now. */}
              <p className="text-slate-600">{session.current ? t.sessions.activeNow : format(t.sessions.lastUsed, { date: date(session.lastUsedAt) })}</p>
            </div>
            {!session.current && (
              <button
                type="button"
                onClick={() => signOut(session.id)}
                aria-disabled={busy !== null}
                aria-busy={busy === session.id}
                aria-label={format(t.sessions.signOutLabel, { date: date(session.lastUsedAt) })}
                className="rounded-md border border-slate-300 px-3 py-1 text-sm font-medium text-slate-800 hover:bg-slate-100 aria-disabled:cursor-not-allowed aria-disabled:opacity-60"
              >
                {t.sessions.signOut}
              </button>
            )}
          </li>
        ))}
      </ul>
      {data && data.total > data.sessions.length && (
        <p className="mt-2 text-sm text-slate-600" data-testid="sessions-not-listed">
          {format(t.sessions.notListed, { count: data.total - data.sessions.length })}
        </p>
      )}
      <StatusMessage status={shown} testId="account-sessions-status" />
      <button
        type="button"
        onClick={() => signOut(null)}
        aria-disabled={busy !== null}
        aria-busy={busy === "all"}
        className="mt-3 rounded-md border border-red-300 px-4 py-2 text-sm font-semibold text-red-800 hover:bg-red-50 aria-disabled:cursor-not-allowed aria-disabled:opacity-60"
        data-testid="sign-out-everywhere"
      >
        {t.sessions.signOutEverywhere}
      </button>
    </section>
  );
}
