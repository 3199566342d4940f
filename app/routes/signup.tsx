// /signup: name (optional), e-mail and password. Spec §5/§8 messages; field errors from the shared
// schema (checked here first, then by the server); success signs the new member in at once.
import { Fragment, useState } from "react";
import { Link } from "react-router";
import { pageLang } from "~/app/page-helpers/page-loader.server";
import { RegisterSchema } from "~/lib/contracts/user";
import { PUBLIC_PAGE_CACHE_CONTROL, QUERY_INDEPENDENT_PAGE, textPageMeta } from "~/app/page-helpers/seo";
import {
  AuthCard,
  AuthField,
  ShowPasswordToggle,
  submitButtonClass,
} from "~/app/components/auth-field";
import { StatusMessage } from "~/app/components/ui/status-message";
import { schemaProblem } from "~/app/components/ui/use-form";
import { emptyCredentials, useSignInForm } from "~/app/components/use-sign-in-form";
import { useMessages } from "~/app/components/language-provider";
import { LocalizedLink } from "~/app/components/localized-link";
import { common } from "~/content/messages/common";
import { formatParts } from "~/lib/i18n/format";
import { auth as authMessages } from "~/content/messages/auth";
import type { Route } from "./+types/signup";

export function loader({ params }: Route.LoaderArgs) {
  return { lang: pageLang(params) };
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": PUBLIC_PAGE_CACHE_CONTROL });
// The page renders no part of its query on the server (?next= joins the links once hydrated).
export const handle = QUERY_INDEPENDENT_PAGE;

export const meta: Route.MetaFunction = (args) =>
  textPageMeta(args, "/signup", (lang) => ({
    title: authMessages[lang].signup.seoTitle,
    description: authMessages[lang].signup.seoDescription,
  }));

const legalLinkClass = "font-medium text-brand-700 underline hover:text-brand-800";

export default function Signup() {
  const t = useMessages(authMessages);
  const { footer } = useMessages(common);
  const { pending, status, errors, onSubmit, crossHref, lang } = useSignInForm({
    endpoint: "POST /user/register",
    texts: { noResult: t.signup.falsy, success: t.signup.success, failed: t.signup.failed, error: t.signup.fallback },
    validate: ({ name = "", email = "", password = "" }) =>
      emptyCredentials({ email, password }, t.signup.fillAll, lang) ??
      schemaProblem(RegisterSchema, { name, email, password }, lang, { status: t.checkFields }),
    body: ({ name = "", email = "", password = "" }) => ({ name, email, password }),
  });
  const [showPassword, setShowPassword] = useState(false);
  const loginHref = crossHref("/login");

  return (
    <AuthCard title={t.signup.title} subtitle={t.signup.subtitle}>
      <form noValidate onSubmit={onSubmit} className="space-y-5" data-testid="signup-form">
        <AuthField
          id="name"
          type="text"
          label={
            <>
              {t.fields.name} <span className="font-normal text-slate-600">{t.fields.nameOptional}</span>
            </>
          }
          autoComplete="name"
          hint={t.fields.nameHint}
          error={errors.name}
        />
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
            autoComplete="new-password"
            required
            hint={t.fields.passwordHint}
            error={errors.password}
          />
          <ShowPasswordToggle id="show-password" label={t.fields.showPassword} checked={showPassword} onChange={setShowPassword} />
        </div>
        <p className="text-sm text-slate-700" data-testid="signup-agreement">
          {formatParts(t.signup.agreement, {
            terms: <LocalizedLink to="/terms" className={legalLinkClass}>{footer.terms}</LocalizedLink>,
            privacy: <LocalizedLink to="/privacy" className={legalLinkClass}>{footer.privacy}</LocalizedLink>,
          }).map((part, i) => (
            <Fragment key={i}>{part}</Fragment>
          ))}
        </p>
        <StatusMessage status={status} />
        <button type="submit" aria-disabled={pending} className={submitButtonClass}>
          {pending && status?.kind !== "success" ? t.signup.pending : t.signup.submit}
        </button>
      </form>
      <p className="mt-6 text-center text-sm text-slate-700">
        {t.signup.haveAccount}{" "}
        <Link to={loginHref} className="font-semibold text-brand-700 underline hover:text-brand-800">
          {t.signup.login}
        </Link>
      </p>
    </AuthCard>
  );
}
