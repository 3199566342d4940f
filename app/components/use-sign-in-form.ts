// What /login and /signup share: form state, the call that signs the member in, the published
// failure texts, and the redirect to `next` (same-site only), an admin's to /admin, else home.
import { useEffect, useRef, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { api, ApiRequestError } from "~/lib/api-client";
import { safeRedirectPath } from "~/lib/i18n/paths";
import { SUCCESS_REDIRECT_MS, type FormStatus } from "./auth-field";
import { useAuth, type SignInData } from "./auth-provider";
import { useLanguage } from "./language-provider";

type AuthResponse = Partial<SignInData> & { message?: string };

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

  async function submit(endpoint: "/user/login" | "/user/register", body: Record<string, string>, texts: SignInTexts) {
    setStatus(null);
    setPending(true);
    try {
      const result = await api<AuthResponse | null>(endpoint, { method: "POST", body, lang });
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
