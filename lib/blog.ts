// The blog's article ids (content/blog.ts has one article per id in every language): small enough
// for the browser, where a route's handle reads them (app/page-helpers/seo.ts contentPage).
export const BLOG_ARTICLE_IDS = ["1", "2", "3"] as const;
export type BlogArticleId = (typeof BLOG_ARTICLE_IDS)[number];

export function isBlogArticleId(value: unknown): value is BlogArticleId {
  return typeof value === "string" && (BLOG_ARTICLE_IDS as readonly string[]).includes(value);
}
