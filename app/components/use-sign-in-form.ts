// What /login and /signup share: form state, the call that signs the member in, the spec §8
// failure texts, and the redirect to `next` (same-site only), an admin's to /admin, else home.
import { useEffect, useRef, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { api, ApiRequestError } from "~/app/api/api.client";
import { safeRedirectPath } from "~/lib/i18n/paths";
import { SUCCESS_REDIRECT_MS, type FormStatus } from "./auth-field";
import type { BodyOf } from "~/lib/contracts/endpoints";
import type { SignInResponse } from "~/lib/contracts/user";
import { useAuth } from "./auth-provider";
import { useLanguage } from "./language-provider";

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

export function useSignInForm() {
  const { lang, href } = useLanguage();
  const auth = useAuth();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [pending, setPending] = useState(false);
  const [status, setStatus] = useState<FormStatus>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const next = searchParams.get("next");

  /** The other account page ("/login" or "/signup"), keeping where the visitor wants to go. */
  const crossHref = (path: string) =>
    next ? `${href(path)}?next=${encodeURIComponent(safeRedirectPath(next))}` : href(path);

  async function submit(endpoint: SignInEndpoint, body: BodyOf<"POST /user/register">, texts: SignInTexts) {
    setStatus(null);
    setPending(true);
    try {
      // An answer without a token or user (a misbehaving proxy) is refused below, not trusted.
      const result: Partial<SignInResponse> | null =
        endpoint === "POST /user/login" ? await api(endpoint, { body, lang }) : await api(endpoint, { body, lang });
      if (!result?.token || !result.user) {
        setStatus({ kind: "error", text: texts.noResult });
        setPending(false);
        return;
      }
      auth.signIn({ token: result.token, user: result.user });
      setStatus({ kind: "success", text: texts.success });
      const target = next
        ? safeRedirectPath(next, href("/"))
        : result.user.role === "admin"
          ? href("/admin")
          : href("/");
      timer.current = setTimeout(() => navigate(target, { replace: true }), SUCCESS_REDIRECT_MS);
    } catch (error) {
      if (error instanceof ApiRequestError && error.status !== 0) {
        setFieldErrors(error.fields);
        setStatus({ kind: "error", text: error.message || texts.failed });
      } else {
        setStatus({ kind: "error", text: texts.error });
      }
      setPending(false);
    }
  }

  return { lang, pending, status, setStatus, fieldErrors, setFieldErrors, crossHref, submit };
}
