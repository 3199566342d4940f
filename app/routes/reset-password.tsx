// /reset-password?token=...: sets a new password with the single-use token from the e-mail. The
// server signs the account out everywhere, so the member logs in again with the new password.
import { useState } from "react";
import { useSearchParams } from "react-router";
import { api } from "~/app/api/api.client";
import { pageLang } from "~/app/page-helpers/page-loader.server";
import { ResetPasswordSchema } from "~/lib/contracts/user";
import { PRIVATE_PAGE_CACHE_CONTROL, SHARED_PRIVATE_PAGE, textPageMeta } from "~/app/page-helpers/seo";
import {
  AuthCard,
  AuthField,
  ShowPasswordToggle,
  submitButtonClass,
} from "~/app/components/auth-field";
import { StatusMessage } from "~/app/components/ui/status-message";
import { schemaProblem, useForm } from "~/app/components/ui/use-form";
import { useAuth } from "~/app/components/auth-provider";
import { useLanguage, useMessages } from "~/app/components/language-provider";
import { LocalizedLink } from "~/app/components/localized-link";
import { useResetTokenCheck } from "~/app/components/use-reset-token-check";
import { auth as authMessages } from "~/content/messages/auth";
import type { Route } from "./+types/reset-password";

export function loader({ params }: Route.LoaderArgs) {
  return { lang: pageLang(params) };
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": PRIVATE_PAGE_CACHE_CONTROL });
export const handle = SHARED_PRIVATE_PAGE;

export const meta: Route.MetaFunction = (args) => [
  ...textPageMeta(args, "/reset-password", (lang) => ({ title: authMessages[lang].reset.seoTitle, description: authMessages[lang].reset.seoDescription, noindex: true })),
  // The token is in this page's URL: never send it to another site.
  { name: "referrer", content: "no-referrer" },
];

const NewPasswordSchema = ResetPasswordSchema.pick({ password: true });

const linkClass = "font-semibold text-brand-700 underline hover:text-brand-800";

export default function ResetPassword() {
  const t = useMessages(authMessages);
  const { lang } = useLanguage();
  const auth = useAuth();
  const [searchParams] = useSearchParams();
  const token = searchParams.get("token") ?? "";
  const [showPassword, setShowPassword] = useState(false);
  const [done, setDone] = useState(false);
  const [invalidToken, setInvalidToken] = useState(false);
  const tokenCheck = useResetTokenCheck(token, lang);
  const { pending, status, setStatus, errors, onSubmit, showFailure } = useForm({
    disabled: done,
    validate({ password = "", confirm = "" }) {
      if (!password || !confirm) return { status: t.reset.required };
      const weak = schemaProblem(NewPasswordSchema, { password }, lang, { status: t.checkFields });
      if (weak) return weak;
      return password !== confirm ? { fields: { confirm: t.reset.mismatch }, status: t.reset.mismatch } : null;
    },
    async submit({ password = "" }) {
      try {
        const { userId } = await api("POST /user/password/reset", { body: { token, password }, lang });
        // Every session of the account was revoked; forget this browser's one too if it was one of
        // them (the member did it: not a session that ended on them, which the login page would
        // mention). A browser signed in to another account stays so. From storage, not from the
        // signed-in state, which a form sent as the page hydrates may not know yet (found by a
        // stranger: the revoked token stayed, and the header still showed the member).
        auth.forgetIfSignedInAs(userId);
        setDone(true);
        setStatus({ kind: "success", text: t.reset.success });
      } catch (error) {
        const refused = showFailure(error, t.reset.failed);
        if (refused && refused.status !== 0 && refused.message) setInvalidToken(refused.code === "invalid_reset_token");
      }
    },
  });

  if (!token || (tokenCheck.state === "invalid" && !done)) {
    return (
      <AuthCard title={t.reset.title} subtitle={tokenCheck.state === "invalid" ? tokenCheck.message : t.reset.missingToken}>
        <LocalizedLink to="/forgot-password" className={linkClass} data-testid="reset-request-new">
          {t.reset.requestNew}
        </LocalizedLink>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t.reset.title} subtitle={t.reset.subtitle}>
      <form noValidate onSubmit={onSubmit} className="space-y-5" data-testid="reset-form">
        <AuthField
          id="password"
          type={showPassword ? "text" : "password"}
          label={t.fields.newPassword}
          autoComplete="new-password"
          required
          hint={t.fields.passwordHint}
          error={errors.password}
        />
        <div className="space-y-2">
          <AuthField
            id="confirm"
            type={showPassword ? "text" : "password"}
            label={t.fields.confirmPassword}
            autoComplete="new-password"
            required
            error={errors.confirm}
          />
          <ShowPasswordToggle id="show-password" label={t.fields.showPassword} checked={showPassword} onChange={setShowPassword} />
        </div>
        <StatusMessage status={status} />
        {!done && (
          <button type="submit" aria-disabled={pending} className={submitButtonClass}>
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
