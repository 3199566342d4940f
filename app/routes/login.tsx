// /login: e-mail and password. Spec §5/§8 messages; on success the token, user and credits are
// stored and the member goes back to `next` (same-site paths only), else home, an admin to /admin.
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { pageLang } from "~/app/page-helpers/page-loader.server";
import { PUBLIC_PAGE_CACHE_CONTROL, QUERY_INDEPENDENT_PAGE, textPageMeta } from "~/app/page-helpers/seo";
import {
  AuthCard,
  AuthField,
  ShowPasswordToggle,
  submitButtonClass,
} from "~/app/components/auth-field";
import { StatusMessage } from "~/app/components/ui/status-message";
import { emptyCredentials, useSignInForm } from "~/app/components/use-sign-in-form";
import { useLanguage, useMessages } from "~/app/components/language-provider";
import { LocalizedLink } from "~/app/components/localized-link";
import { auth as authMessages } from "~/content/messages/auth";
import type { Route } from "./+types/login";
import { takeSessionEnded, type SessionEnd } from "~/app/components/auth-provider";

export function loader({ params }: Route.LoaderArgs) {
  return { lang: pageLang(params) };
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": PUBLIC_PAGE_CACHE_CONTROL });
// The page renders no part of its query on the server (?next= joins the links once hydrated).
export const handle = QUERY_INDEPENDENT_PAGE;

export const meta: Route.MetaFunction = (args) =>
  textPageMeta(args, "/login", (lang) => ({
    title: authMessages[lang].login.seoTitle,
    description: authMessages[lang].login.seoDescription,
  }));

export default function Login() {
  const t = useMessages(authMessages);
  const { lang } = useLanguage();
  const { pending, status, errors, onSubmit, crossHref } = useSignInForm({
    endpoint: "POST /user/login",
    texts: { noResult: t.login.noResult, success: t.login.success, failed: t.login.failed, error: t.login.error },
    validate: (values) => emptyCredentials(values, t.login.bothRequired, lang),
    body: ({ email = "", password = "" }) => ({ email, password }),
  });
  const [showPassword, setShowPassword] = useState(false);
  const signupHref = crossHref("/signup");
  // Sent here because the server refused this tab's session (signed out elsewhere, expired), or the
  // member signed out every device from here: say which, once.
  const [sessionEnded, setSessionEnded] = useState<SessionEnd | null>(null);
  useEffect(() => setSessionEnded(takeSessionEnded()), []);

  return (
    <AuthCard title={t.login.title} subtitle={t.login.subtitle}>
      {sessionEnded && (
        <p role="status" className="mb-5 rounded-md border border-brand-100 bg-brand-50 px-4 py-3 text-sm text-slate-800" data-testid="session-ended">
          {sessionEnded === "everywhere" ? t.login.signedOutEverywhere : t.login.sessionEnded}
        </p>
      )}
      <form noValidate onSubmit={onSubmit} className="space-y-5" data-testid="login-form">
        <AuthField
          id="email"
          type="email"
          label={t.fields.email}
          autoComplete="email"
          required
          error={errors.email}
        />
        <div className="space-y-2">
          <AuthField
            id="password"
            type={showPassword ? "text" : "password"}
            label={t.fields.password}
            autoComplete="current-password"
            required
            error={errors.password}
          />
          <div className="flex flex-wrap items-center justify-between gap-2">
            <ShowPasswordToggle id="show-password" label={t.fields.showPassword} checked={showPassword} onChange={setShowPassword} />
            <LocalizedLink to="/forgot-password" className="text-sm font-medium text-brand-700 underline hover:text-brand-800">
              {t.login.forgot}
            </LocalizedLink>
          </div>
        </div>
        <StatusMessage status={status} />
        <button type="submit" aria-disabled={pending} className={submitButtonClass}>
          {pending && status?.kind !== "success" ? t.login.submitting : t.login.submit}
        </button>
      </form>
      <p className="mt-6 text-center text-sm text-slate-700">
        {t.login.noAccount}{" "}
        <Link to={signupHref} className="font-semibold text-brand-700 underline hover:text-brand-800">
          {t.login.signup}
        </Link>
      </p>
    </AuthCard>
  );
}
