// The blog's article ids (content/blog.ts has one article per id in every language): small enough
// for the browser, where a route's handle reads them (app/page-helpers/seo.ts contentPage).
import { memberOf } from "~/lib/member-of";
export const BLOG_ARTICLE_IDS = ["1", "2", "3"] as const;
export type BlogArticleId = (typeof BLOG_ARTICLE_IDS)[number];

export const isBlogArticleId = memberOf(BLOG_ARTICLE_IDS);
