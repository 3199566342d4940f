// Sticky header: brand, navigation, language dropdown, Login / Sign Up or the credit balance and
// logout icon, and a collapsing menu on small screens.
import { useEffect, useRef, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { format } from "~/lib/i18n/format";
import { useAuth } from "./auth-provider";
import { CloseIcon, LogoMark, LogoutIcon, MenuIcon } from "./icons";
import { LanguageSelect } from "./language-select";
import { useLanguage } from "./language-provider";
import { LocalizedLink, LocalizedNavLink } from "./localized-link";
import { useCommonMessages } from "./root-messages";

const NAV = ["home", "about", "services", "portfolio", "blog", "pricing", "contact"] as const;
const NAV_PATHS: Record<(typeof NAV)[number] | "explore", string> = {
  home: "/",
  about: "/about",
  services: "/services",
  portfolio: "/portfolio",
  blog: "/blog",
  pricing: "/pricing",
  contact: "/contact",
  explore: "/explore",
};

const navClass = ({ isActive }: { isActive: boolean }) =>
  `whitespace-nowrap rounded-md px-2 py-2 text-sm font-medium xl:px-3 ${isActive ? "text-brand-700 bg-brand-50" : "text-slate-700 hover:bg-slate-100"}`;

export function SiteHeader({ siteName }: { siteName: string }) {
  const t = useCommonMessages();
  const auth = useAuth();
  const { href } = useLanguage();
  const navigate = useNavigate();
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButtonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => setMenuOpen(false), [location.pathname]);

  // Escape closes the mobile menu and puts focus back on its button (the language menu handles its
  // own Escape first and stops it there).
  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setMenuOpen(false);
      menuButtonRef.current?.focus();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [menuOpen]);

  const items = [...NAV.slice(0, 1), ...(auth.isAuthenticated ? (["explore"] as const) : []), ...NAV.slice(1)];

  const logout = async () => {
    await auth.signOut();
    navigate(href("/"));
  };

  // Signed in, the bar holds one more page and the account's links: in Japanese an administrator's
  // bar broke its words over two lines up to 1366 px (found by a review), so it needs the xl width
  // and the menu button below it.
  const roomy = auth.isAuthenticated;
  const accountArea = auth.isAuthenticated ? (
    <div className="flex items-center gap-2">
      {auth.isAdmin && (
        <LocalizedLink to="/admin" className="whitespace-nowrap rounded-md px-2 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 xl:px-3">
          {t.nav.admin}
        </LocalizedLink>
      )}
      {auth.credits !== null && (
        <LocalizedLink
          to="/explore"
          className="whitespace-nowrap rounded-full bg-brand-50 px-3 py-1 text-sm font-semibold text-brand-700"
          aria-label={`${t.creditsLabel}: ${format(t.credits, { count: auth.credits })}`}
          data-testid="header-credits"
        >
          {format(t.credits, { count: auth.credits })}
        </LocalizedLink>
      )}
      <LocalizedLink to="/account" className="whitespace-nowrap rounded-md px-2 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 xl:px-3" data-testid="header-account">
        {t.nav.account}
      </LocalizedLink>
      <button
        type="button"
        onClick={logout}
        className="rounded-md p-2 text-slate-700 hover:bg-slate-100"
        aria-label={t.nav.logout}
        title={t.nav.logout}
        data-testid="logout-button"
      >
        <LogoutIcon />
      </button>
    </div>
  ) : (
    <div className="flex items-center gap-2">
      <LocalizedLink to="/login" className="whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100">
        {t.nav.login}
      </LocalizedLink>
      <LocalizedLink
        to="/signup"
        className="whitespace-nowrap rounded-md bg-brand-600 px-3 py-2 text-sm font-semibold text-white hover:bg-brand-700"
      >
        {t.nav.signup}
      </LocalizedLink>
    </div>
  );

  return (
    <header
      className="sticky top-0 z-40 border-b border-slate-200 bg-white print:hidden"
      // Focus moving to something outside the header (Tab past the menu's last link) closes the
      // mobile menu, which would otherwise cover the page link that receives it. Focus going nowhere
      // (a tap on the panel's background, another window) leaves it open.
      onBlur={(event) => {
        const next = event.relatedTarget;
        if (menuOpen && next instanceof Node && !event.currentTarget.contains(next)) setMenuOpen(false);
      }}
    >
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6">
        <LocalizedLink to="/" className="flex items-center gap-2 text-lg font-bold text-slate-900">
          <LogoMark />
          <span>{siteName}</span>
        </LocalizedLink>
        <nav aria-label={t.mainNavigation} className={roomy ? "hidden xl:block" : "hidden lg:block"}>
          <ul className="flex items-center gap-1">
            {items.map((key) => (
              <li key={key}>
                <LocalizedNavLink to={NAV_PATHS[key]} className={navClass}>
                  {t.nav[key]}
                </LocalizedNavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className={roomy ? "hidden items-center gap-2 xl:flex" : "hidden items-center gap-2 lg:flex"}>
          <LanguageSelect />
          {accountArea}
        </div>
        <div className={roomy ? "flex items-center gap-1 xl:hidden" : "flex items-center gap-1 lg:hidden"}>
          <LanguageSelect />
          <button
            ref={menuButtonRef}
            type="button"
            className="rounded-md p-2 text-slate-700 hover:bg-slate-100"
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            aria-label={menuOpen ? t.closeMenu : t.openMenu}
            onClick={() => setMenuOpen((o) => !o)}
            data-testid="mobile-menu-button"
          >
            {menuOpen ? <CloseIcon /> : <MenuIcon />}
          </button>
        </div>
      </div>
      {menuOpen && (
        <nav id="mobile-menu" aria-label={t.mainNavigation} className={`border-t border-slate-200 px-4 pb-4 ${roomy ? "xl:hidden" : "lg:hidden"}`} data-testid="mobile-menu">
          <ul className="flex flex-col gap-1 py-2">
            {items.map((key) => (
              <li key={key}>
                <LocalizedNavLink to={NAV_PATHS[key]} className={({ isActive }) => `block ${navClass({ isActive })}`}>
                  {t.nav[key]}
                </LocalizedNavLink>
              </li>
            ))}
          </ul>
          {accountArea}
        </nav>
      )}
    </header>
  );
}
