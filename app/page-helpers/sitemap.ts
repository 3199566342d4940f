// The texts of /sitemap.xml (every public page in every language, with hreflang alternates) and
// /robots.txt (everything public may be crawled; the member area, admin area and API may not).
import { LANGS, langTag } from "~/lib/i18n/languages";
import { alternates, localePath } from "~/lib/i18n/paths";
import { articles } from "~/content/blog";
import { PUBLIC_PAGES } from "./public-pages";

const escapeXml = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");

/** The pages whose last change is known: an article's (the same in every language). */
const LAST_MODIFIED = new Map(articles.en.map((article) => [`/blog/${article.id}`, article.modified]));

export function sitemapXml(origin: string): string {
  const urls = PUBLIC_PAGES.flatMap((path) => {
    const links = [
      ...alternates(path).map(
        (alt) => `    <xhtml:link rel="alternate" hreflang="${langTag(alt.lang)}" href="${escapeXml(origin + alt.href)}"/>`,
      ),
      `    <xhtml:link rel="alternate" hreflang="x-default" href="${escapeXml(origin + path)}"/>`,
    ].join("\n");
    const date = LAST_MODIFIED.get(path);
    const lastmod = date ? `\n    <lastmod>${date}</lastmod>` : "";
    return LANGS.map((lang) => `  <url>\n    <loc>${escapeXml(origin + localePath(lang, path))}</loc>${lastmod}\n${links}\n  </url>`);
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    "</urlset>",
    "",
  ].join("\n");
}

const PRIVATE_PATHS = ["/admin", "/explore"];

export function robotsTxt(origin: string): string {
  const disallow = [...PRIVATE_PATHS.flatMap((path) => LANGS.map((lang) => localePath(lang, path))), "/api/"];
  return ["User-agent: *", "Allow: /", ...disallow.map((path) => `Disallow: ${path}`), "", `Sitemap: ${origin}/sitemap.xml`, ""].join("\n");
}
