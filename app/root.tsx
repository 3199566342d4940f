import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useNavigation,
  useRouteError,
  useRouteLoaderData,
} from "react-router";
import { useEffect } from "react";
import { CONSENT_PROBE_SCRIPT } from "~/app/consent/consent";
import { EARLY_CLICK_SCRIPT, markHydrated, markReady } from "~/app/page-helpers/early-clicks";
import { companyLegalName } from "~/lib/env.server";
import { isLang, langTag, type Lang } from "~/lib/i18n/languages";
import { splitLangPath } from "~/lib/i18n/paths";
import type { RootData } from "./page-helpers/root-data";
import { revalidateUnlessQueryOnly } from "./page-helpers/seo";
import type { Route } from "./+types/root";
import stylesheetUrl from "./app.css?url";
import { AuthProvider, useAuth } from "./components/auth-provider";
import { CookieConsent, SKIP_LINK_ID } from "./components/cookie-consent";
import { ErrorPage } from "./components/error-page";
import { FocusOnNavigation } from "./components/focus-on-navigation";
import { LanguageProvider } from "./components/language-provider";
import { useCommonMessages } from "./components/root-messages";
import { SiteFooter } from "./components/site-footer";
import { SiteHeader } from "./components/site-header";
import { NavigationNotice } from "./components/navigation-notice";
import { common } from "~/content/messages/common";
import { consent } from "~/content/messages/consent";

export function loader({ params, context }: Route.LoaderArgs): RootData {
  const { env, site } = context.appContext;
  const lang: Lang = isLang(params.lang) ? params.lang : "en";
  const social = [
    env.SOCIAL_LINKEDIN_URL && { label: "LinkedIn", href: env.SOCIAL_LINKEDIN_URL },
    env.SOCIAL_X_URL && { label: "X", href: env.SOCIAL_X_URL },
    env.SOCIAL_GITHUB_URL && { label: "GitHub", href: env.SOCIAL_GITHUB_URL },
  ].filter(Boolean) as RootData["social"];
  return {
    lang,
    siteName: env.SITE_NAME,
    legalName: companyLegalName(env),
    origin: site.origin,
    siteUrlSet: site.configured,
    contact: { email: env.CONTACT_EMAIL ?? "", phone: env.CONTACT_PHONE ?? "", address: env.CONTACT_ADDRESS ?? "" },
    payments: env.STRIPE_PUBLISHABLE_KEY
      ? { provider: "stripe", publishableKey: env.STRIPE_PUBLISHABLE_KEY }
      : { provider: "test", publishableKey: null },
    ai: { configured: Boolean(env.AI_API_KEY) },
    social,
    messages: { common: common[lang], consent: consent[lang] },
  };
}

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

// Reads the language (and configuration) only: a change of query alone needs no data request.
export const shouldRevalidate = revalidateUnlessQueryOnly;

function NavigationProgress() {
  const navigation = useNavigation();
  const t = useCommonMessages();
  if (navigation.state !== "loading") return null;
  return (
    <div role="status" aria-live="polite" className="fixed inset-x-0 top-0 z-50 h-1 overflow-hidden bg-brand-100" data-testid="loading">
      <div className="h-full w-1/3 animate-pulse bg-brand-600" />
      <span className="sr-only">{t.loading}</span>
    </div>
  );
}

function SkipLink() {
  const t = useCommonMessages();
  return (
    <a
      id={SKIP_LINK_ID}
      href="#main"
      className="sr-only z-50 rounded bg-white px-4 py-2 text-brand-700 focus-visible:not-sr-only focus-visible:fixed focus-visible:left-4 focus-visible:top-4"
    >
      {t.skipToContent}
    </a>
  );
}

/**
 * Marks the page ready (html[data-hydrated]; the clicks kept by EARLY_CLICK_SCRIPT are played,
 * app/page-helpers/early-clicks.ts) once it also knows who is signed in: a signed-in member's header
 * lays its controls out at other breakpoints, and a click played before it did opened the language
 * menu in a header then hidden (found by a stranger).
 */
function MarkReadyWhenSignInKnown() {
  const { ready } = useAuth();
  useEffect(() => {
    if (ready) markReady();
  }, [ready]);
  return null;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRouteLoaderData<RootData>("root");
  const location = useLocation();
  const lang = root?.lang ?? splitLangPath(location.pathname).lang;
  const tag = langTag(lang);
  const siteName = root?.siteName ?? "TaxAtlas";
  // The layout's first effect runs after every effect of the hydrated page: React handles the
  // page's events from now on. Without root data nothing waits for the sign-in: ready too.
  useEffect(() => {
    markHydrated();
    if (!root) markReady();
  }, []); // eslint-disable-line react-hooks/exhaustive-deps -- once, for the hydrated page
  return (
    // CONSENT_PROBE_SCRIPT may add data-consent-pending to <html> before React hydrates it.
    <html lang={tag} suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1d4ed8" />
        {/* The first frame waits until <main> is parsed, so it shows all the page's content at once:
            otherwise a long text block below the hero (the largest element of /ja/about on a phone)
            is painted in a later frame, and Lighthouse's largest paint moves past the hydration
            work that starts after the first one. Costs only the parse of <main>; see
            docs/decisions/0015-first-frame-waits-for-main.md. */}
        <link rel="expect" href="#main" blocking="render" />
        <script dangerouslySetInnerHTML={{ __html: CONSENT_PROBE_SCRIPT }} />
        <script dangerouslySetInnerHTML={{ __html: EARLY_CLICK_SCRIPT }} />
        <Meta />
        <Links />
        {import.meta.env.DEV ? (
          <link rel="stylesheet" href={stylesheetUrl} />
        ) : (
          // The server writes the stylesheet's content right after this tag (server/pages.ts): one
          // small inline stylesheet beats a render-blocking request on mobile networks.
          <meta name="inline-stylesheet" content={stylesheetUrl} />
        )}
      </head>
      <body className="flex min-h-screen flex-col">
        {root ? (
          <LanguageProvider lang={lang}>
            <AuthProvider>
              {/* The consent banner comes first in the document, before the skip link: it covers the
                  bottom of every page until answered, so keyboard and screen-reader users meet it
                  before anything it could hide; once answered it is gone and the skip link is the
                  first stop again (docs/decisions/0011-cookie-banner-first.md). */}
              <CookieConsent />
              <SkipLink />
              <NavigationProgress />
              <SiteHeader siteName={siteName} />
              <main id="main" className="flex-1">
                <NavigationNotice />
                {children}
              </main>
              <SiteFooter root={root} />
              <FocusOnNavigation />
              <MarkReadyWhenSignInKnown />
            </AuthProvider>
          </LanguageProvider>
        ) : (
          // Without the root loader's data (it failed) there is no layout text to show.
          <main id="main">
            <h1>{siteName}</h1>
            <p>Internal Error Occurred. Try Again Later.</p>
          </main>
        )}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary() {
  const error = useRouteError();
  const root = useRouteLoaderData<RootData>("root");
  if (!root) return null;
  if (isRouteErrorResponse(error)) {
    if (error.status === 404) return <ErrorPage kind="notFound" ownTitle />;
    if (error.status === 403) return <ErrorPage kind="forbidden" ownTitle />;
  }
  return <ErrorPage kind="error" ownTitle />;
}

/** Used by routes for "not found": the root boundary renders the translated 404 page. */
export function notFound(): never {
  throw data(null, { status: 404 });
}
