// /login: e-mail and password. Spec §5/§8 messages; on success the token, user and credits are
// stored and the member goes back to `next` (same-site paths only), else home, an admin to /admin.
import { useState, type FormEvent } from "react";
import { Link } from "react-router";
import { pageLang } from "~/app/page-helpers/page-loader.server";
import { PUBLIC_PAGE_CACHE_CONTROL, textPageMeta } from "~/app/page-helpers/seo";
import {
  AuthCard,
  AuthField,
  FormStatusMessage,
  ShowPasswordToggle,
  submitButtonClass,
} from "~/app/components/auth-field";
import { useSignInForm } from "~/app/components/use-sign-in-form";
import { useMessages } from "~/app/components/language-provider";
import { LocalizedLink } from "~/app/components/localized-link";
import { auth as authMessages } from "~/content/messages/auth";
import type { Route } from "./+types/login";

export function loader({ params }: Route.LoaderArgs) {
  return { lang: pageLang(params) };
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": PUBLIC_PAGE_CACHE_CONTROL });

export const meta: Route.MetaFunction = (args) =>
  textPageMeta(args, "/login", (lang) => ({
    title: authMessages[lang].login.seoTitle,
    description: authMessages[lang].login.seoDescription,
  }));

export default function Login() {
  const t = useMessages(authMessages);
  const { pending, status, setStatus, fieldErrors, setFieldErrors, crossHref, submit } = useSignInForm();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [showPassword, setShowPassword] = useState(false);
  const signupHref = crossHref("/signup");

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    setFieldErrors({});
    if (!email.trim() || !password) {
      setStatus({ kind: "error", text: t.login.bothRequired });
      return;
    }
    await submit("POST /user/login", { email, password }, {
      noResult: t.login.noResult,
      success: t.login.success,
      failed: t.login.failed,
      error: t.login.error,
    });
  }

  return (
    <AuthCard title={t.login.title} subtitle={t.login.subtitle}>
      <form noValidate onSubmit={onSubmit} className="space-y-5" data-testid="login-form">
        <AuthField
          id="email"
          type="email"
          label={t.fields.email}
          value={email}
          onChange={setEmail}
          autoComplete="email"
          required
          error={fieldErrors.email}
        />
        <div className="space-y-2">
          <AuthField
            id="password"
            type={showPassword ? "text" : "password"}
            label={t.fields.password}
            value={password}
            onChange={setPassword}
            autoComplete="current-password"
            required
            error={fieldErrors.password}
          />
          <div className="flex flex-wrap items-center justify-between gap-2">
            <ShowPasswordToggle id="show-password" label={t.fields.showPassword} checked={showPassword} onChange={setShowPassword} />
            <LocalizedLink to="/forgot-password" className="text-sm font-medium text-brand-700 underline hover:text-brand-800">
              {t.login.forgot}
            </LocalizedLink>
          </div>
        </div>
        <FormStatusMessage status={status} />
        <button type="submit" disabled={pending} className={submitButtonClass}>
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
