// The signed-in state lives in the browser (local storage keys `token`, `user`, `credits`, as in the
// spec) and is checked against the server on load: a stale or revoked token quietly signs out.
import { createContext, startTransition, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import { useLocation } from "react-router";
import { api, ApiRequestError } from "~/app/api/api.client";
import type { PublicUser, SignInResponse, StoredUser } from "~/lib/contracts/user";

/** What signIn() takes: the token and user of a register or login answer. */
export type SignInData = Pick<SignInResponse, "token" | "user">;

interface AuthContextValue {
  /** False until local storage has been read (first render on the client matches the server's). */
  ready: boolean;
  token: string | null;
  user: StoredUser | null;
  credits: number | null;
  isAuthenticated: boolean;
  isAdmin: boolean;
  /** True from signOut() until the next page: a guarded page then waits for the caller's navigation instead of sending to /login. */
  signedOut: boolean;
  signIn: (data: SignInData) => void;
  /** Revokes the session on the server (best effort) and clears local storage. */
  signOut: () => Promise<void>;
  /**
   * Forgets the session locally only: the server says the token is no longer valid, or ("everywhere")
   * the member has just signed out every device, this one included. The login page says which.
   */
  clear: (reason?: SessionEnd) => void;
  /**
   * Forgets the session stored in this browser if it is `userId`'s, without a word on the login page:
   * the member has just ended it themselves (a password reset revokes every session of the account,
   * so a logout call would only be refused). Read from storage, which a page still hydrating knows
   * before its signed-in state does.
   */
  forgetIfSignedInAs: (userId: string) => void;
  setCredits: (credits: number) => void;
  /** Reads the member again from the server; resolves to the balance, or null when unknown. */
  refresh: () => Promise<number | null>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

/** Where this tab keeps its session (the early-click script reads the token's key: app/page-helpers/early-clicks.ts). */
export const SESSION_STORAGE_KEYS = { token: "token", user: "user", credits: "credits" } as const;
const KEYS = SESSION_STORAGE_KEYS;

/** Set when the server refused this tab's stored session, or another tab logged out; the login page reads it once. */
const SESSION_ENDED_KEY = "sessionEnded";

/** Why this tab's session ended: refused by the server or ended in another tab, or signed out everywhere from here. */
export type SessionEnd = "ended" | "everywhere";

/** Why this tab was signed out, if it was (see SessionEnd); forgotten once read. */
export function takeSessionEnded(): SessionEnd | null {
  try {
    const ended = sessionStorage.getItem(SESSION_ENDED_KEY);
    sessionStorage.removeItem(SESSION_ENDED_KEY);
    return ended === null ? null : ended === "everywhere" ? "everywhere" : "ended";
  } catch {
    return null;
  }
}

function noteSessionEnded(reason: SessionEnd = "ended") {
  try {
    sessionStorage.setItem(SESSION_ENDED_KEY, reason);
  } catch {
    // Storage unavailable: the login page says nothing.
  }
}

function readStorage(): { token: string | null; user: StoredUser | null; credits: number | null } {
  try {
    const token = localStorage.getItem(KEYS.token);
    const rawUser = localStorage.getItem(KEYS.user);
    const rawCredits = localStorage.getItem(KEYS.credits);
    const user = rawUser ? (JSON.parse(rawUser) as StoredUser) : null;
    const credits = rawCredits !== null && /^\d+$/.test(rawCredits) ? Number(rawCredits) : null;
    return { token, user: token ? user : null, credits: token ? credits : null };
  } catch {
    return { token: null, user: null, credits: null };
  }
}

/**
 * Writes to local storage, which a browser blocking site data refuses with an exception: the tab then
 * keeps the session in memory only (found by a stranger: a password reset that had succeeded said it
 * had failed, when forgetting the session threw).
 */
function writeStorage(write: () => void): void {
  try {
    write();
  } catch {
    // Storage unavailable: nothing to keep or forget beyond this tab.
  }
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<{ token: string | null; user: StoredUser | null; credits: number | null }>({
    token: null,
    user: null,
    credits: null,
  });
  const [ready, setReady] = useState(false);
  const [signedOut, setSignedOut] = useState(false);
  // signedOut only bridges the moment between logout and the caller's navigation.
  const { pathname } = useLocation();
  useEffect(() => setSignedOut(false), [pathname]);

  const forget = useCallback(() => {
    writeStorage(() => {
      for (const key of Object.values(KEYS)) localStorage.removeItem(key);
    });
    setState({ token: null, user: null, credits: null });
  }, []);
  // The server refused the stored session (401), or the member signed out everywhere: the login page
  // says which, once (takeSessionEnded).
  const clear = useCallback(
    (reason?: SessionEnd) => {
      if (readStorage().token) noteSessionEnded(reason);
      // The member's own act (signed out everywhere from here): as after signOut(), a guarded page
      // waits for the caller's navigation (found by a stranger: /login?next=/account, not /login).
      if (reason === "everywhere") setSignedOut(true);
      forget();
    },
    [forget],
  );

  const apply = useCallback((token: string, user: PublicUser) => {
    const stored: StoredUser = { id: user.id, email: user.email, name: user.name, isAuthenticated: true, role: user.role };
    writeStorage(() => {
      localStorage.setItem(KEYS.token, token);
      localStorage.setItem(KEYS.user, JSON.stringify(stored));
      localStorage.setItem(KEYS.credits, String(user.credits));
    });
    setState({ token, user: stored, credits: user.credits });
  }, []);

  const refresh = useCallback(async () => {
    const { token } = readStorage();
    if (!token) return null;
    try {
      const me = await api("GET /user/me", { token });
      apply(token, me.user);
      return me.user.credits;
    } catch (error) {
      if (error instanceof ApiRequestError && error.status === 401) clear();
      return null;
    }
  }, [apply, clear]);

  useEffect(() => {
    const stored = readStorage();
    // Right after hydration, the busiest moment of the page load: the signed-in state is not urgent,
    // so it renders as a transition (in slices React can interrupt), and a visitor with nothing
    // stored gets no new state object, only `ready` (docs/performance.md, "Lighthouse, mobile").
    startTransition(() => {
      if (stored.token) setState(stored);
      setReady(true);
    });
    void refresh();
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || Object.values(KEYS).includes(event.key as (typeof KEYS)[keyof typeof KEYS])) {
        const now = readStorage();
        // Signed out in another tab: this tab's login page says why, as after a refused session.
        if (!now.token && (event.key === null || event.key === KEYS.token) && event.oldValue !== null) noteSessionEnded();
        setState(now);
      }
    };
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, [refresh]);

  // Stable identity, so pages can list it as an effect dependency.
  const setCredits = useCallback((credits: number) => {
    writeStorage(() => localStorage.setItem(KEYS.credits, String(credits)));
    setState((s) => ({ ...s, credits }));
  }, []);

  const value = useMemo<AuthContextValue>(
    () => ({
      ready,
      ...state,
      isAuthenticated: Boolean(state.token),
      isAdmin: state.user?.role === "admin",
      signedOut,
      signIn: ({ token, user }) => {
        setSignedOut(false);
        apply(token, user);
      },
      signOut: async () => {
        const token = state.token;
        setSignedOut(true);
        forget();
        if (token) await api("POST /user/logout", { token }).catch(() => undefined);
      },
      clear,
      forgetIfSignedInAs: (userId: string) => {
        if (readStorage().user?.id === userId) forget();
      },
      setCredits,
      refresh,
    }),
    [ready, state, signedOut, apply, clear, forget, setCredits, refresh],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const context = useContext(AuthContext);
  if (!context) throw new Error("useAuth must be used within an AuthProvider");
  return context;
}
