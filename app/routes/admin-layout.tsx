// /admin/*: signed-in admins only (visitors go to /login, members see the 403 page; the API checks
// the role on every call). Sidebar with the product's admin name, the admin's name and role in the
// header, and the sub-page in the content area. Below md width the sidebar collapses into a menu.
// Banners name the embedded defaults an operator must replace: payments in test mode without Stripe
// keys, and links built from the start-up address without SITE_URL (docs/decisions/0006).
import { useEffect, useId, useState } from "react";
import { NavLink, Outlet, useLocation, useRouteLoaderData } from "react-router";
import { format } from "~/lib/i18n/format";
import type { RootData } from "~/app/page-helpers/root-data";
import { PRIVATE_PAGE_CACHE_CONTROL } from "~/app/page-helpers/seo";
import { adminMeta } from "~/app/components/admin-meta";
import { useAuth } from "~/app/components/auth-provider";
import { CloseIcon, MenuIcon } from "~/app/components/icons";
import { useLanguage, useMessages } from "~/app/components/language-provider";
import { RequireAuth } from "~/app/components/require-auth";
import { admin } from "~/content/messages/admin";
import type { Route } from "./+types/admin-layout";

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": PRIVATE_PAGE_CACHE_CONTROL });

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "/admin", (t) => t.dashboard.title);

export default function AdminLayout() {
  return (
    <RequireAuth admin>
      <AdminShell />
    </RequireAuth>
  );
}

const SECTIONS = [
  {
    key: "home",
    items: [
      { key: "dashboard", path: "/admin", end: true },
      { key: "users", path: "/admin/users", end: false },
      { key: "messages", path: "/admin/messages", end: false },
    ],
  },
  { key: "system", items: [{ key: "pricing", path: "/admin/pricing", end: false }] },
] as const;

/** An embedded default still in use, said on every admin page until the operator replaces it. */
function AdminNotice({ badge, testId, children }: { badge: string; testId: string; children: React.ReactNode }) {
  return (
    <div role="note" className="mx-4 mt-4 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950 md:mx-0" data-testid={testId}>
      <span className="mr-2 inline-block rounded bg-amber-200 px-2 py-0.5 text-xs font-bold uppercase tracking-wide">{badge}</span>
      {children}
    </div>
  );
}

function AdminShell() {
  const t = useMessages(admin);
  const root = useRouteLoaderData<RootData>("root");
  const { href } = useLanguage();
  const { user } = useAuth();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const navId = useId();
  const title = format(t.layout.title, { siteName: root?.siteName ?? "TaxAtlas" });

  useEffect(() => setOpen(false), [location.pathname]);

  const linkClass = ({ isActive }: { isActive: boolean }) =>
    `block rounded-md px-3 py-2 text-sm font-medium ${
      isActive ? "bg-brand-600 text-white" : "text-slate-700 hover:bg-slate-100"
    }`;

  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col md:flex-row md:gap-6 md:px-6 md:py-8" data-testid="admin-layout">
      <aside className="border-b border-slate-200 bg-slate-50 md:w-60 md:shrink-0 md:rounded-lg md:border">
        <div className="flex items-center justify-between px-4 py-3">
          <p className="text-lg font-bold text-slate-900" data-testid="admin-title">
            {title}
          </p>
          <button
            type="button"
            className="inline-flex items-center gap-1 rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-700 md:hidden"
            aria-expanded={open}
            aria-controls={navId}
            aria-label={open ? t.layout.closeMenu : t.layout.openMenu}
            onClick={() => setOpen((o) => !o)}
            data-testid="admin-menu-toggle"
          >
            {open ? <CloseIcon /> : <MenuIcon />}
            <span>{t.layout.menu}</span>
          </button>
        </div>
        <nav id={navId} aria-label={t.layout.navigation} className={`${open ? "block" : "hidden"} px-2 pb-4 md:block`}>
          {SECTIONS.map((section) => (
            <div key={section.key} className="mt-2">
              <p id={`${navId}-${section.key}`} className="px-3 py-1 text-xs font-semibold uppercase tracking-wide text-slate-600">
                {t.layout.sections[section.key]}
              </p>
              <ul aria-labelledby={`${navId}-${section.key}`} className="space-y-1">
                {section.items.map((item) => (
                  <li key={item.key}>
                    <NavLink to={href(item.path)} end={item.end} className={linkClass}>
                      {t.layout.nav[item.key]}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
      </aside>
      <div className="min-w-0 flex-1">
        <div
          className="flex flex-wrap items-center justify-end gap-2 border-b border-slate-200 px-4 py-3 text-sm md:rounded-lg md:border"
          data-testid="admin-header"
        >
          <span className="text-slate-600">{t.layout.signedInAs}</span>
          <span className="font-semibold text-slate-900" data-testid="admin-user-name">
            {user?.name}
          </span>
          <span className="sr-only">{t.layout.role}:</span>
          <span className="rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-700" data-testid="admin-user-role">
            {t.roles[user?.role ?? "admin"]}
          </span>
        </div>
        {root?.payments.provider === "test" && (
          <AdminNotice badge={t.layout.testMode.badge} testId="admin-test-mode">
            {t.layout.testMode.text}
          </AdminNotice>
        )}
        {root && !root.siteUrlSet && (
          <AdminNotice badge={t.layout.siteUrl.badge} testId="admin-site-url-unset">
            {format(t.layout.siteUrl.text, { origin: root.origin })}
          </AdminNotice>
        )}
        <div className="px-4 py-6 md:px-0">
          <Outlet />
        </div>
      </div>
    </div>
  );
}
