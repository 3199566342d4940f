// /forgot-password: asks for a reset link. The answer is the same whether or not the account exists.
import { api } from "~/app/api/api.client";
import { pageLang } from "~/app/page-helpers/page-loader.server";
import { PUBLIC_PAGE_CACHE_CONTROL, textPageMeta } from "~/app/page-helpers/seo";
import { AuthCard, AuthField, submitButtonClass } from "~/app/components/auth-field";
import { StatusMessage } from "~/app/components/ui/status-message";
import { useForm } from "~/app/components/ui/use-form";
import { useLanguage, useMessages } from "~/app/components/language-provider";
import { LocalizedLink } from "~/app/components/localized-link";
import { auth as authMessages } from "~/content/messages/auth";
import type { Route } from "./+types/forgot-password";

export function loader({ params }: Route.LoaderArgs) {
  return { lang: pageLang(params) };
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": PUBLIC_PAGE_CACHE_CONTROL });

export const meta: Route.MetaFunction = (args) =>
  textPageMeta(args, "/forgot-password", (lang) => {
    const t = authMessages[lang].forgot;
    return { title: t.seoTitle, description: t.seoDescription, noindex: true };
  });

export default function ForgotPassword() {
  const t = useMessages(authMessages);
  const { lang } = useLanguage();
  const { pending, status, setStatus, errors, onSubmit, showFailure } = useForm({
    validate: ({ email = "" }) => (!email.trim() ? { status: t.forgot.required } : null),
    async submit({ email = "" }) {
      try {
        await api("POST /user/password/forgot", { body: { email }, lang });
        setStatus({ kind: "success", text: t.forgot.sent });
      } catch (error) {
        showFailure(error, t.forgot.failed);
      }
    },
  });

  return (
    <AuthCard title={t.forgot.title} subtitle={t.forgot.subtitle}>
      <form noValidate onSubmit={onSubmit} className="space-y-5" data-testid="forgot-form">
        <AuthField
          id="email"
          type="email"
          label={t.fields.email}
          autoComplete="email"
          required
          error={errors.email}
        />
        <StatusMessage status={status} />
        <button type="submit" aria-disabled={pending} className={submitButtonClass}>
          {pending ? t.forgot.submitting : t.forgot.submit}
        </button>
      </form>
      <p className="mt-6 text-center text-sm">
        <LocalizedLink to="/login" className="font-semibold text-brand-700 underline hover:text-brand-800">
          {t.forgot.backToLogin}
        </LocalizedLink>
      </p>
    </AuthCard>
  );
}
