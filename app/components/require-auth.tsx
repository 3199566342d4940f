// Guard for signed-in-only pages (explore, checkout, admin). The token lives in local storage, so
// the check runs in the browser: a visitor is sent to /login?next=<this page>; a signed-in
// non-admin on an admin page sees the 403 page. The server enforces the same on every API call.
import { useCallback, useEffect, useRef, type ReactNode } from "react";
import { useLocation, useNavigate } from "react-router";
import { useAuth } from "./auth-provider";
import { ErrorPage } from "./error-page";
import { useCommonMessages } from "./root-messages";
import { useLanguage } from "./language-provider";

/** The login (or sign-up) URL that brings the visitor back to `next` (a same-site path) afterwards. */
export function useLoginPath(page: "/login" | "/signup" = "/login"): (next?: string) => string {
  const { href } = useLanguage();
  const { pathname, search } = useLocation();
  // Stable while the page stays the same, so it can sit in an effect's dependencies.
  return useCallback(
    (next?: string) => `${href(page)}?next=${encodeURIComponent(next ?? pathname + search)}`,
    [href, page, pathname, search],
  );
}

export function RequireAuth({ children, admin = false }: { children: ReactNode; admin?: boolean }) {
  const auth = useAuth();
  const navigate = useNavigate();
  const loginPath = useLoginPath();
  const { key } = useLocation();
  const t = useCommonMessages();
  // The location (history entry) already sent to /login. The navigation re-renders this page while
  // it loads; a second navigate() would cancel the first and start over, on and on (a storm of
  // login.data and __manifest requests that sometimes ends on the guarded page).
  const redirectedFrom = useRef<string | null>(null);
  const mustLogIn = auth.ready && !auth.isAuthenticated && !auth.signedOut;

  useEffect(() => {
    // After a deliberate logout the caller navigates (home); only a missing or expired session goes to /login.
    if (!mustLogIn || redirectedFrom.current === key) return;
    redirectedFrom.current = key;
    navigate(loginPath(), { replace: true });
  }, [mustLogIn, key, navigate, loginPath]);

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

