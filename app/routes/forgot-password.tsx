// /forgot-password: asks for a reset link. The answer is the same whether or not the account exists.
import { useState, type FormEvent } from "react";
import { api, ApiRequestError } from "~/app/api/api.client";
import { pageLang } from "~/app/page-helpers/page-loader.server";
import { PUBLIC_PAGE_CACHE_CONTROL, textPageMeta } from "~/app/page-helpers/seo";
import { AuthCard, AuthField, FormStatusMessage, submitButtonClass, type FormStatus } from "~/app/components/auth-field";
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
  const [email, setEmail] = useState("");
  const [pending, setPending] = useState(false);
  const [status, setStatus] = useState<FormStatus>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    setFieldErrors({});
    if (!email.trim()) {
      setStatus({ kind: "error", text: t.forgot.required });
      return;
    }
    setStatus(null);
    setPending(true);
    try {
      await api("POST /user/password/forgot", { body: { email }, lang });
      setStatus({ kind: "success", text: t.forgot.sent });
    } catch (error) {
      if (error instanceof ApiRequestError && error.status !== 0 && error.message) {
        setFieldErrors(error.fields);
        setStatus({ kind: "error", text: error.message });
      } else {
        setStatus({ kind: "error", text: t.forgot.failed });
      }
    } finally {
      setPending(false);
    }
  }

  return (
    <AuthCard title={t.forgot.title} subtitle={t.forgot.subtitle}>
      <form noValidate onSubmit={onSubmit} className="space-y-5" data-testid="forgot-form">
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
        <FormStatusMessage status={status} />
        <button type="submit" disabled={pending} className={submitButtonClass}>
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
