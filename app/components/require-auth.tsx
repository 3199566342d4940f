// Guard for signed-in-only pages (explore, checkout, admin). The token lives in local storage, so
// the check runs in the browser: a visitor is sent to /login?next=<this page>; a signed-in
// non-admin on an admin page sees the 403 page. The server enforces the same on every API call.
import { useEffect, type ReactNode } from "react";
import { useLocation, useNavigate } from "react-router";
import { useAuth } from "./auth-provider";
import { ErrorPage } from "./error-page";
import { useCommonMessages } from "./root-messages";
import { useLanguage } from "./language-provider";

/** The login URL that brings the visitor back to `next` (a same-site path) afterwards. */
export function useLoginPath(): (next?: string) => string {
  const { href } = useLanguage();
  const location = useLocation();
  return (next) => {
    const target = next ?? location.pathname + location.search;
    return `${href("/login")}?next=${encodeURIComponent(target)}`;
  };
}

export function RequireAuth({ children, admin = false }: { children: ReactNode; admin?: boolean }) {
  const auth = useAuth();
  const navigate = useNavigate();
  const loginPath = useLoginPath();
  const location = useLocation();
  const t = useCommonMessages();

  useEffect(() => {
    // After a deliberate logout the caller navigates (home); only a missing or expired session goes to /login.
    if (auth.ready && !auth.isAuthenticated && !auth.signedOut) navigate(loginPath(), { replace: true });
  }, [auth.ready, auth.isAuthenticated, auth.signedOut, navigate, loginPath, location.pathname]);

  if (!auth.ready || !auth.isAuthenticated) {
    return (
      <div role="status" className="mx-auto max-w-3xl px-4 py-24 text-center text-slate-600" data-testid="auth-pending">
        {t.loading}
      </div>
    );
  }
  if (admin && !auth.isAdmin) return <ErrorPage kind="forbidden" />;
  return <>{children}</>;
}

