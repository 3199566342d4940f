// The four services. The slug is the title lowercased with spaces turned into hyphens (docs/product.md › Assistant).
import { memberOf } from "~/lib/member-of";
import { localePath, splitLangPath } from "~/lib/i18n/paths";

export const SERVICE_SLUGS = [
  "tax-consultation",
  "technology-solutions",
  "security-services",
  "custom-software-development",
] as const;
export type ServiceSlug = (typeof SERVICE_SLUGS)[number];

export const isServiceSlug = memberOf(SERVICE_SLUGS);

/** Old slugs linked from the spec's home cards; they answer 301 to the canonical page. */
export const LEGACY_SERVICE_SLUGS: Record<string, ServiceSlug> = {
  "software-development": "custom-software-development",
  security: "security-services",
};

/**
 * Where a GET of an old service path is redirected ("/ja/services/security/" to
 * "/ja/services/security-services"), else null: answered before the pages (server/app.ts), so the
 * page fast path leaves such a path to the chain (server/pages.ts sharesKeptPage).
 */
export function legacyServiceRedirect(pathname: string): string | null {
  const { lang, path } = splitLangPath(pathname);
  const legacy = /^\/services\/([^/]+)\/?$/.exec(path)?.[1];
  // Own keys only: "/services/constructor" named an inherited property of the object.
  return legacy && Object.hasOwn(LEGACY_SERVICE_SLUGS, legacy) ? localePath(lang, `/services/${LEGACY_SERVICE_SLUGS[legacy]}`) : null;
}
