import { describe, expect, it } from "vitest";
import { articles } from "~/content/blog";
import { PUBLIC_PAGES } from "./public-pages";
import { robotsTxt, sitemapXml } from "./sitemap";

describe("sitemap and robots", () => {
  it("lists every public page in every language with hreflang alternates and x-default", () => {
    const xml = sitemapXml("https://taxatlas.example");
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toHaveLength(PUBLIC_PAGES.length * 3);
    expect(locs).toContain("https://taxatlas.example/");
    expect(locs).toContain("https://taxatlas.example/ja");
    expect(locs).toContain("https://taxatlas.example/zh/blog/1");
    expect(locs).toContain("https://taxatlas.example/ja/services/tax-consultation");
    const first = xml.split("</url>")[0]!;
    expect(first).toContain('hreflang="en" href="https://taxatlas.example/"');
    expect(first).toContain('hreflang="ja" href="https://taxatlas.example/ja"');
    expect(first).toContain('hreflang="zh-Hans" href="https://taxatlas.example/zh"');
    expect(first).toContain('hreflang="x-default" href="https://taxatlas.example/"');
    expect(xml).not.toMatch(/admin|explore|login|pricing\/basic/);
  });

  it("dates an article by its last change, in every language, and no page whose date it does not know", () => {
    const xml = sitemapXml("https://taxatlas.example");
    const entry = (loc: string) => xml.split("</url>").find((url) => url.includes(`<loc>${loc}</loc>`))!;
    for (const loc of ["https://taxatlas.example/blog/1", "https://taxatlas.example/ja/blog/1", "https://taxatlas.example/zh/blog/1"]) {
      expect(entry(loc)).toContain(`<lastmod>${articles.en[0]!.modified}</lastmod>`);
    }
    // Not its publication: the page changed since (found by a review: its title was shortened).
    expect(articles.en[0]!.modified > articles.en[0]!.date).toBe(true);
    expect([...xml.matchAll(/<lastmod>/g)]).toHaveLength(3 * 3);
  });

  it("allows public pages and disallows admin, explore and the API in every language", () => {
    const txt = robotsTxt("https://taxatlas.example");
    expect(txt).toContain("User-agent: *\nAllow: /\n");
    for (const path of ["/admin", "/ja/admin", "/zh/admin", "/explore", "/ja/explore", "/zh/explore", "/api/"]) {
      expect(txt).toContain(`Disallow: ${path}\n`);
    }
    expect(txt).toContain("Sitemap: https://taxatlas.example/sitemap.xml");
  });
});
