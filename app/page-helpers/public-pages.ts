// Every public, indexable page (unprefixed paths; each exists in every language). Read by
// /sitemap.xml and the end-to-end tests, so a page added here is listed and tested everywhere.
import { BLOG_ARTICLE_IDS } from "~/lib/blog";
import { PROJECT_SLUGS } from "~/lib/portfolio";
import { SERVICE_SLUGS } from "~/lib/service-catalog";

export const PUBLIC_PAGES: readonly string[] = [
  "/",
  "/about",
  "/services",
  ...SERVICE_SLUGS.map((slug) => `/services/${slug}`),
  "/portfolio",
  ...PROJECT_SLUGS.map((slug) => `/portfolio/${slug}`),
  "/blog",
  ...BLOG_ARTICLE_IDS.map((id) => `/blog/${id}`),
  "/contact",
  "/pricing",
  "/privacy",
  "/terms",
  "/cookies",
];
