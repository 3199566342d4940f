// What /login and /signup share: the form (app/components/ui/use-form.ts), the call that signs the
// member in, the published failure texts, and the redirect to `next` (same-site only), an admin's to
// /admin, a new member's to the welcome on /explore, else home; a member already signed in is sent on
// from either page at once.
import { useEffect, useRef } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { api } from "~/app/api/api.client";
import type { BodyOf } from "~/lib/contracts/endpoints";
import { FIELD_ERRORS } from "~/lib/contracts/field-errors";
import type { Lang } from "~/lib/i18n/languages";
import type { Role, SignInResponse } from "~/lib/contracts/user";
import { safeRedirectPath } from "~/lib/i18n/paths";
import { SUCCESS_REDIRECT_MS } from "./auth-field";
import { useAuth } from "./auth-provider";
import { useLanguage } from "./language-provider";
import { useHydrated } from "./use-hydrated";
import type { WelcomeState } from "./welcome-panel";
import { useForm, type FormProblem, type FormValues } from "./ui/use-form";

/**
 * The refusal of a form whose e-mail or password is empty: `status` said, and each empty one marked
 * as required (aria-invalid, its own line), so the focus goes to the first (found by a screen-reader
 * user: "fill in all fields" alone named none of them). Null when both are filled in.
 */
export function emptyCredentials({ email = "", password = "" }: FormValues, status: string, lang: Lang): FormProblem | null {
  if (email.trim() && password) return null;
  return {
    status,
    fields: {
      ...(email.trim() ? {} : { email: FIELD_ERRORS.required[lang] }),
      ...(password ? {} : { password: FIELD_ERRORS.required[lang] }),
    },
  };
}

type SignInEndpoint = "POST /user/login" | "POST /user/register";

export interface SignInTexts {
  /** The server answered without a token or user. */
  noResult: string;
  success: string;
  /** The server refused without a message. */
  failed: string;
  /** The server could not be reached. */
  error: string;
}

export function useSignInForm(options: {
  endpoint: SignInEndpoint;
  texts: SignInTexts;
  validate: (values: FormValues) => FormProblem | null;
  body: (values: FormValues) => BodyOf<"POST /user/register">;
}) {
  const { lang, href } = useLanguage();
  const auth = useAuth();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const next = searchParams.get("next");
  // The server renders the link without `next` (and so does hydration), so /login and /signup render
  // the same whatever the query and the page cache keeps one entry each: a made-up ?next= rendered the
  // page anew, 6-9 ms of CPU (docs/performance.md, "2026-11-24, 05:00-06:00 UTC"). The link carries it
  // from the moment the page is hydrated.
  const hydrated = useHydrated();

  /** The other account page ("/login" or "/signup"), keeping where the visitor wants to go. */
  const crossHref = (path: string) =>
    next && hydrated ? `${href(path)}?next=${encodeURIComponent(safeRedirectPath(next))}` : href(path);

  /** Where a member goes once signed in: `next` (same-site only), else an admin's /admin, a new
   *  member's welcome; null leaves it to the caller. */
  const landing = (role: Role, signedUp: boolean) =>
    next
      ? safeRedirectPath(next, href("/"))
      : role === "admin"
        ? href("/admin")
        : signedUp
          ? `${href("/explore")}?welcome=1` // a new member starts with a short welcome
          : null;

  const form = useForm({
    validate: options.validate,
    async submit(values) {
      const { endpoint, texts } = options;
      const body = options.body(values);
      try {
        // An answer without a token or user (a misbehaving proxy) is refused below, not trusted.
        const result: Partial<SignInResponse> | null =
          endpoint === "POST /user/login" ? await api(endpoint, { body, lang }) : await api(endpoint, { body, lang });
        if (!result?.token || !result.user) {
          form.setStatus({ kind: "error", text: texts.noResult });
          return;
        }
        auth.signIn({ token: result.token, user: result.user });
        form.setStatus({ kind: "success", text: texts.success });
        const signedUp = endpoint === "POST /user/register";
        const target = landing(result.user.role, signedUp) ?? href("/");
        // The welcome names the credits the account started with: the balance it reads later may already
        // include a purchase (found by a stranger: "starts with 53 free credits" after buying Basic).
        const state: WelcomeState | undefined = signedUp && !next ? { startingCredits: result.user.credits } : undefined;
        timer.current = setTimeout(() => navigate(target, { replace: true, state }), SUCCESS_REDIRECT_MS);
        return "keep-pending";
      } catch (error) {
        form.showFailure(error, texts.error, texts.failed);
      }
    },
  });

  // A member who is already signed in has no form to fill here and goes on at once (a member without
  // `next` to /explore); not while this form's own sign-in shows its success message.
  const signedInTarget = auth.ready && auth.user ? (landing(auth.user.role, false) ?? href("/explore")) : null;
  useEffect(() => {
    if (signedInTarget && !form.pending) navigate(signedInTarget, { replace: true });
  }, [signedInTarget, form.pending, navigate]);

  return { lang, crossHref, ...form };
}
