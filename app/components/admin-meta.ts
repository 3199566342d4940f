// <head> of the admin pages: translated title, noindex (never in search results).
import type { MetaDescriptor } from "react-router";
import { format } from "~/lib/i18n/format";
import { rootDataFrom } from "~/app/page-helpers/root-data";
import { seoMeta } from "~/app/page-helpers/seo";
import { admin, type AdminMessages } from "~/content/messages/admin";

export function adminMeta(
  matches: readonly ({ id: string; data?: unknown } | undefined)[],
  path: string,
  title: (t: AdminMessages) => string,
): MetaDescriptor[] {
  const root = rootDataFrom(matches);
  if (!root) return [];
  const t = admin[root.lang] ?? admin.en;
  return seoMeta({
    lang: root.lang,
    path,
    title: title(t),
    description: format(t.seoDescription, { siteName: root.siteName }),
    // "Dashboard | TaxAtlas Admin"
    siteName: format(t.layout.title, { siteName: root.siteName }),
    origin: root.origin,
    common: root.messages.common,
    noindex: true,
  });
}
