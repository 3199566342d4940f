import { createContext, useCallback, useContext, useMemo, type ReactNode } from "react";
import { useLocation, useNavigate } from "react-router";
import { isLang, type Lang, type Localized } from "~/lib/i18n/languages";
import { LANGUAGE_COOKIE, LANGUAGE_STORAGE_KEY } from "~/lib/i18n/negotiate";
import { inLanguage, localePath, splitLangPath } from "~/lib/i18n/paths";

interface LanguageContextValue {
  lang: Lang;
  /** Stores the choice (local storage and cookie) and shows the same page in that language. Unsupported codes are ignored. */
  setLanguage: (code: string) => void;
  /** The URL of an unprefixed path in the current language. */
  href: (path: string) => string;
}

const LanguageContext = createContext<LanguageContextValue | null>(null);

export function storeLanguage(code: Lang): void {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, code);
  } catch {
    // Storage can be unavailable (private mode); the cookie still carries the choice.
  }
  document.cookie = `${LANGUAGE_COOKIE}=${code}; Path=/; Max-Age=31536000; SameSite=Lax`;
}

export function LanguageProvider({ lang, children }: { lang: Lang; children: ReactNode }) {
  const location = useLocation();
  const navigate = useNavigate();
  const setLanguage = useCallback(
    (code: string) => {
      if (!isLang(code)) return;
      storeLanguage(code);
      if (code === lang) return;
      const { path } = splitLangPath(location.pathname);
      // The address bar's query, not the router's: a page may name what it shows there in place
      // (the assistant's ?thread=, history.replaceState), which the router does not see. The page a
      // login goes back to (?next=) follows the choice too.
      navigate(localePath(code, path) + inLanguage(window.location.search, code) + window.location.hash);
    },
    [lang, location.pathname, navigate],
  );
  const value = useMemo(() => ({ lang, setLanguage, href: (path: string) => localePath(lang, path) }), [lang, setLanguage]);
  return <LanguageContext.Provider value={value}>{children}</LanguageContext.Provider>;
}

export function useLanguage(): LanguageContextValue {
  const context = useContext(LanguageContext);
  if (!context) throw new Error("useLanguage must be used within a LanguageProvider");
  return context;
}

/** The current language's entry of a message module (English when the language has none). */
export function useMessages<T>(messages: Localized<T>): T {
  const { lang } = useLanguage();
  return messages[lang] ?? messages.en;
}
