// The article ids the page cache trusts (app/routes/blog-article.tsx's handle) are exactly the
// articles' ids, in every language: an article the list lacked would be answered as not found.
import { describe, expect, it } from "vitest";
import { articles } from "~/content/blog";
import { LANGS } from "~/lib/i18n/languages";
import { BLOG_ARTICLE_IDS, isBlogArticleId } from "./blog";

describe("blog article ids", () => {
  it.each(LANGS)("lists every article of %s, and nothing else", (lang) => {
    expect(articles[lang].map((article) => article.id).sort()).toEqual([...BLOG_ARTICLE_IDS].sort());
  });

  it("knows no other id, nor an inherited name", () => {
    for (const id of ["0", "4", "01", "1 ", "constructor", "toString", ""]) expect(isBlogArticleId(id), id).toBe(false);
    expect(isBlogArticleId(1)).toBe(false);
  });
});
