// /account: the member's settings — name, password, e-mail address, signed-in devices, data export
// and account deletion. Every change is validated again by /api/v1/account (lib/contracts/account.ts).
// Member data is fetched in the browser after hydration, so the page HTML is the same for everyone.
import { useState } from "react";
import { useNavigate } from "react-router";
import { api, downloadFile } from "~/app/api/api.client";
import { useApiData } from "~/app/api/use-api-data";
import { AccountForm, clearFields } from "~/app/components/account/account-form";
import { LatestStatusProvider, useLatestStatus } from "~/app/components/account/latest-status";
import { SessionList } from "~/app/components/account/session-list";
import { AuthField } from "~/app/components/auth-field";
import { useAuth } from "~/app/components/auth-provider";
import { useLanguage, useMessages } from "~/app/components/language-provider";
import { LocalizedLink } from "~/app/components/localized-link";
import { noticeState } from "~/app/components/navigation-notice";
import { RequireAuth } from "~/app/components/require-auth";
import { pageLang } from "~/app/page-helpers/page-loader.server";
import { PRIVATE_PAGE_CACHE_CONTROL, SHARED_PRIVATE_PAGE, textPageMeta } from "~/app/page-helpers/seo";
import { account as accountMessages, type AccountMessages } from "~/content/messages/account";
import { auth as authMessages } from "~/content/messages/auth";
import { format } from "~/lib/i18n/format";
import { localePath } from "~/lib/i18n/paths";
import type { Route } from "./+types/account";

export function loader({ params }: Route.LoaderArgs) {
  return { lang: pageLang(params) };
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": PRIVATE_PAGE_CACHE_CONTROL });
export const handle = SHARED_PRIVATE_PAGE;

export const meta: Route.MetaFunction = (args) =>
  textPageMeta(args, "/account", (lang) => ({ title: accountMessages[lang].seoTitle, description: accountMessages[lang].seoDescription, noindex: true }));

function DataExport({ t }: { t: AccountMessages }) {
  const { token } = useAuth();
  const { lang } = useLanguage();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const latest = useLatestStatus();
  async function download() {
    if (pending) return;
    latest.claim();
    setPending(true);
    setError(null);
    try {
      await downloadFile("GET /account/export", { token, lang, fallbackName: "account-data.json" });
    } catch {
      latest.claim();
      setError(t.failed);
    } finally {
      setPending(false);
    }
  }
  return (
    <section aria-labelledby="data-title" className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
      <h2 id="data-title" className="text-lg font-semibold text-slate-900">
        {t.data.title}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t.data.intro}</p>
      <div role="alert">{error && latest.shown && <p className="mt-2 text-sm font-medium text-red-700">{error}</p>}</div>
      <button type="button" onClick={download} aria-disabled={pending} className="mt-4 rounded-md border border-slate-300 px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-100" data-testid="download-data">
        {pending ? t.data.downloading : t.data.download}
      </button>
    </section>
  );
}

function Settings() {
  const t = useMessages(accountMessages);
  // The same password rule as sign-up and reset: the account page said "at least 8 characters".
  const fields = useMessages(authMessages).fields;
  const auth = useAuth();
  const { lang } = useLanguage();
  const navigate = useNavigate();
  // Kept while it reloads (after an e-mail change), so the forms keep what was typed.
  const { data, error, reload } = useApiData("GET /account");
  const [sessionsVersion, setSessionsVersion] = useState(0);
  const context = { token: auth.token, lang };

  if (error) {
    return (
      <div role="alert" className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
        {t.loadError}{" "}
        <button type="button" onClick={reload} className="font-semibold underline">
          {t.retry}
        </button>
      </div>
    );
  }
  if (!data) return <p role="status">{t.loading}</p>;
  const profile = data.account;

  const common = { submitting: t.saving, failed: t.failed, checkFields: t.checkFields };
  return (
    <div className="space-y-6">
      <AccountForm
        id="name"
        title={t.profile.title}
        send={({ name = "" }) => api("POST /account/name", { body: { name }, ...context })}
        submit={t.save}
        {...common}
        onDone={({ name = "" }) => {
          if (auth.token && auth.user) auth.signIn({ token: auth.token, user: { ...auth.user, name: name.trim(), credits: auth.credits ?? 0 } });
        }}
      >
        {(errors) => (
          <AuthField id="account-name" name="name" type="text" label={t.profile.name} defaultValue={profile.name} autoComplete="name" maxLength={100} required error={errors.name} />
        )}
      </AccountForm>

      <AccountForm
        id="password"
        title={t.password.title}
        intro={t.password.intro}
        send={({ currentPassword = "", newPassword = "" }) => api("POST /account/password", { body: { currentPassword, newPassword }, ...context })}
        submit={t.password.submit}
        {...common}
        onDone={(_, form) => {
          clearFields(form, ["currentPassword", "newPassword"]);
          // A new password cancels an address change waiting for confirmation: the profile is read again;
          // it signs every other device out: so is the list of devices.
          reload();
          setSessionsVersion((version) => version + 1);
        }}
      >
        {(errors) => (
          <>
            <AccountUsername email={profile.email} />
            <AuthField id="current-password" name="currentPassword" type="password" label={t.currentPassword} autoComplete="current-password" required error={errors.currentPassword} />
            <AuthField id="new-password" name="newPassword" type="password" label={t.password.newPassword} autoComplete="new-password" hint={fields.passwordHint} required error={errors.newPassword} />
          </>
        )}
      </AccountForm>

      <AccountForm
        id="email"
        title={t.email.title}
        intro={
          <>
            <p>{format(t.email.current, { email: profile.email })}</p>
            {profile.pendingEmail && <p data-testid="pending-email">{format(t.email.pending, { email: profile.pendingEmail })}</p>}
          </>
        }
        send={({ email = "", currentPassword = "" }) => api("POST /account/email", { body: { email, currentPassword }, ...context })}
        submit={t.email.submit}
        {...common}
        onDone={(_, form) => {
          clearFields(form, ["currentPassword"]);
          reload();
        }}
      >
        {(errors) => (
          <>
            <AuthField id="new-email" name="email" type="email" label={t.email.newEmail} autoComplete="email" maxLength={254} required error={errors.email} />
            <AuthField id="email-password" name="currentPassword" type="password" label={t.currentPassword} autoComplete="current-password" required error={errors.currentPassword} />
          </>
        )}
      </AccountForm>

      {/* Signing a device out cancels an address change waiting for confirmation: the profile is read again. */}
      <SessionList t={t} onSignedOut={reload} version={sessionsVersion} />
      <DataExport t={t} />

      <AccountForm
        id="delete"
        title={t.delete.title}
        intro={t.delete.intro}
        send={({ currentPassword = "" }) => api("POST /account/delete", { body: { currentPassword }, ...context })}
        submit={t.delete.submit}
        danger
        {...common}
        precheck={(values) => (values.confirmed ? null : { fields: { confirmed: t.delete.confirmRequired }, status: t.delete.confirmRequired })}
        onDone={async () => {
          // signOut (not clear) so the guarded page waits for this navigation instead of sending to /login.
          await auth.signOut();
          navigate(localePath(lang, "/"), { state: noticeState("accountDeleted") });
        }}
      >
        {(errors) => (
          <>
            <AccountUsername email={profile.email} />
            <AuthField id="delete-password" name="currentPassword" type="password" label={t.currentPassword} autoComplete="current-password" required error={errors.currentPassword} />
            <label className="flex items-start gap-2 text-sm text-slate-800">
              <input type="checkbox" name="confirmed" value="yes" aria-invalid={errors.confirmed ? true : undefined} className="mt-1" data-testid="delete-confirm" />
              {t.delete.confirm}
            </label>
          </>
        )}
      </AccountForm>
    </div>
  );
}

export default function Account() {
  const t = useMessages(accountMessages);
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
      <LocalizedLink to="/explore" className="text-sm font-medium text-brand-700 hover:underline">
        <span aria-hidden>← </span>
        {t.backToExplore}
      </LocalizedLink>
      <h1 className="mt-4 text-3xl font-bold text-slate-900">{t.title}</h1>
      <p className="mt-2 mb-8 text-slate-600">{t.intro}</p>
      <RequireAuth>
        <LatestStatusProvider>
          <Settings />
        </LatestStatusProvider>
      </RequireAuth>
    </div>
  );
}

/** Tells password managers whose password a form asks for (a form with a password and no username is ambiguous to them). */
function AccountUsername({ email }: { email: string }) {
  return <input type="text" name="username" autoComplete="username" value={email} readOnly hidden />;
}
