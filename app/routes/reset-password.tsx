// /reset-password?token=...: sets a new password with the single-use token from the e-mail. The
// server signs the account out everywhere, so the member logs in again with the new password.
import { useState, type FormEvent } from "react";
import { useSearchParams } from "react-router";
import { api, ApiRequestError } from "~/app/api/api.client";
import { pageLang } from "~/app/page-helpers/page-loader.server";
import { rootDataFrom } from "~/app/page-helpers/root-data";
import { NewPasswordSchema } from "~/lib/contracts/user";
import { fieldErrorText } from "~/lib/contracts/field-errors";
import { PRIVATE_PAGE_CACHE_CONTROL, seoMeta } from "~/app/page-helpers/seo";
import {
  AuthCard,
  AuthField,
  FormStatusMessage,
  ShowPasswordToggle,
  submitButtonClass,
  type FormStatus,
} from "~/app/components/auth-field";
import { useAuth } from "~/app/components/auth-provider";
import { useLanguage, useMessages } from "~/app/components/language-provider";
import { LocalizedLink } from "~/app/components/localized-link";
import { auth as authMessages } from "~/content/messages/auth";
import type { Route } from "./+types/reset-password";

export function loader({ params }: Route.LoaderArgs) {
  return { lang: pageLang(params) };
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": PRIVATE_PAGE_CACHE_CONTROL });

export const meta: Route.MetaFunction = ({ data, matches }) => {
  const root = rootDataFrom(matches);
  if (!data || !root) return [];
  const t = authMessages[data.lang].reset;
  return [
    ...seoMeta({
      lang: data.lang,
      path: "/reset-password",
      title: t.seoTitle,
      description: t.seoDescription,
      siteName: root.siteName,
      origin: root.origin,
      noindex: true,
    }),
    // The token is in this page's URL: never send it to another site.
    { name: "referrer", content: "no-referrer" },
  ];
};

const linkClass = "font-semibold text-brand-700 underline hover:text-brand-800";

export default function ResetPassword() {
  const t = useMessages(authMessages);
  const { lang } = useLanguage();
  const auth = useAuth();
  const [searchParams] = useSearchParams();
  const token = searchParams.get("token") ?? "";
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [showPassword, setShowPassword] = useState(false);
  const [pending, setPending] = useState(false);
  const [done, setDone] = useState(false);
  const [invalidToken, setInvalidToken] = useState(false);
  const [status, setStatus] = useState<FormStatus>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});

  if (!token) {
    return (
      <AuthCard title={t.reset.title} subtitle={t.reset.missingToken}>
        <LocalizedLink to="/forgot-password" className={linkClass}>
          {t.reset.requestNew}
        </LocalizedLink>
      </AuthCard>
    );
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending || done) return;
    setFieldErrors({});
    if (!password || !confirm) {
      setStatus({ kind: "error", text: t.reset.required });
      return;
    }
    const checked = NewPasswordSchema.safeParse(password);
    if (!checked.success) {
      setFieldErrors({ password: fieldErrorText(checked.error.issues[0]!.message, lang) });
      setStatus({ kind: "error", text: t.checkFields });
      return;
    }
    if (password !== confirm) {
      setFieldErrors({ confirm: t.reset.mismatch });
      setStatus({ kind: "error", text: t.reset.mismatch });
      return;
    }
    setStatus(null);
    setPending(true);
    try {
      await api("POST /user/password/reset", { body: { token, password }, lang });
      // Every session of the account was revoked; forget this browser's one too.
      if (auth.isAuthenticated) auth.clear();
      setDone(true);
      setStatus({ kind: "success", text: t.reset.success });
    } catch (error) {
      if (error instanceof ApiRequestError && error.status !== 0 && error.message) {
        setFieldErrors(error.fields);
        setInvalidToken(error.code === "invalid_reset_token");
        setStatus({ kind: "error", text: error.message });
      } else {
        setStatus({ kind: "error", text: t.reset.failed });
      }
    } finally {
      setPending(false);
    }
  }

  return (
    <AuthCard title={t.reset.title} subtitle={t.reset.subtitle}>
      <form noValidate onSubmit={onSubmit} className="space-y-5" data-testid="reset-form">
        <AuthField
          id="password"
          type={showPassword ? "text" : "password"}
          label={t.fields.newPassword}
          value={password}
          onChange={setPassword}
          autoComplete="new-password"
          required
          hint={t.fields.passwordHint}
          error={fieldErrors.password}
        />
        <div className="space-y-2">
          <AuthField
            id="confirm"
            type={showPassword ? "text" : "password"}
            label={t.fields.confirmPassword}
            value={confirm}
            onChange={setConfirm}
            autoComplete="new-password"
            required
            error={fieldErrors.confirm}
          />
          <ShowPasswordToggle id="show-password" label={t.fields.showPassword} checked={showPassword} onChange={setShowPassword} />
        </div>
        <FormStatusMessage status={status} />
        {!done && (
          <button type="submit" disabled={pending} className={submitButtonClass}>
            {pending ? t.reset.submitting : t.reset.submit}
          </button>
        )}
      </form>
      {done && (
        <p className="mt-6 text-center">
          <LocalizedLink to="/login" className={linkClass} data-testid="reset-login-link">
            {t.reset.login}
          </LocalizedLink>
        </p>
      )}
      {invalidToken && (
        <p className="mt-6 text-center text-sm">
          <LocalizedLink to="/forgot-password" className={linkClass}>
            {t.reset.requestNew}
          </LocalizedLink>
        </p>
      )}
    </AuthCard>
  );
}
