// /account/confirm-email?token=...: the link from the confirmation e-mail. Works without being signed
// in (the token is the proof); answers at once whether the address was changed.
import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { AuthCard } from "~/app/components/auth-field";
import { useAuth } from "~/app/components/auth-provider";
import { useLanguage, useMessages } from "~/app/components/language-provider";
import { LocalizedLink } from "~/app/components/localized-link";
import { pageLang } from "~/app/page-helpers/page-loader.server";
import { PRIVATE_PAGE_CACHE_CONTROL, SHARED_PRIVATE_PAGE, textPageMeta } from "~/app/page-helpers/seo";
import { account as accountMessages } from "~/content/messages/account";
import { api, ApiRequestError } from "~/app/api/api.client";
import { format } from "~/lib/i18n/format";
import type { Route } from "./+types/account-confirm-email";

export function loader({ params }: Route.LoaderArgs) {
  return { lang: pageLang(params) };
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": PRIVATE_PAGE_CACHE_CONTROL });
export const handle = SHARED_PRIVATE_PAGE;

export const meta: Route.MetaFunction = (args) => [
  ...textPageMeta(args, "/account/confirm-email", (lang) => {
    const { seoTitle } = accountMessages[lang].confirmEmail;
    return { title: seoTitle, description: seoTitle, noindex: true };
  }),
  // The token is in this page's URL: never send it to another site.
  { name: "referrer", content: "no-referrer" },
];

export default function ConfirmEmail() {
  const t = useMessages(accountMessages);
  const { lang } = useLanguage();
  const auth = useAuth();
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const [result, setResult] = useState<{ ok: true; text: string; email: string; signedInRead: boolean } | { ok: false; text: string } | null>(null);

  useEffect(() => {
    if (!token) return;
    api("POST /account/email/confirm", { body: { token }, lang })
      // The member signed in here is read again (no request without one): the header and the account
      // show the new address, and the link may be another account's (below).
      .then(async (body) => {
        const signedInRead = (await auth.refresh()) !== null;
        setResult({ ok: true, text: body.message, email: body.email, signedInRead });
      })
      .catch((error: unknown) => setResult({ ok: false, text: error instanceof ApiRequestError && error.message ? error.message : t.failed }));
    // Once per token: a second request would only report the link as used.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [token]);

  // The link changed another account than the one signed in here: "your address is now …" would tell
  // this member that theirs changed (found by a stranger). Only said once the signed-in account has
  // been read again: an unread one still holds its old address (found by a review).
  const signedInAs = auth.isAuthenticated ? auth.user?.email : undefined;
  const otherAccount = result?.ok && result.signedInRead && signedInAs !== undefined && signedInAs.toLowerCase() !== result.email.toLowerCase();
  const text = !token
    ? t.confirmEmail.missingToken
    : otherAccount
      ? format(t.confirmEmail.otherAccount, { email: result.email, current: signedInAs })
      : (result?.text ?? t.confirmEmail.confirming);
  return (
    <AuthCard title={t.confirmEmail.title} subtitle="">
      <p role={result?.ok === false || !token ? "alert" : "status"} className="text-slate-800" data-testid="confirm-email-result">
        {text}
      </p>
      {result && (
        <p className="mt-6 text-center">
          <LocalizedLink to={auth.isAuthenticated ? "/account" : "/login"} className="font-semibold text-brand-700 underline">
            {auth.isAuthenticated ? t.confirmEmail.toAccount : t.confirmEmail.toLogin}
          </LocalizedLink>
        </p>
      )}
    </AuthCard>
  );
}
