// <head> tags every public page carries: title, description, canonical, hreflang alternates
// (with x-default), Open Graph and Twitter cards.
import type { MetaDescriptor, Params } from "react-router";
import { langTag, languageOf, LANGUAGES, type Lang } from "~/lib/i18n/languages";
import { alternates, localePath } from "~/lib/i18n/paths";
import { SHARE_IMAGE_HEIGHT, SHARE_IMAGE_WIDTH, shareImagePath, shareImageType } from "~/lib/share-images";
import { shareImageLabel } from "~/content/share-images";
import type { CommonMessages } from "~/content/messages/common";
import { rootDataFrom, type RootData } from "./root-data";

export interface SeoInput {
  lang: Lang;
  /** The page's unprefixed path, e.g. "/about". */
  path: string;
  title: string;
  /** Said after the title in brackets, "(Case study)", where the whole title still fits a search result. */
  titleLabel?: string;
  description: string;
  siteName: string;
  origin: string;
  type?: "website" | "article";
  /** The layout's text in the page's language (root data): names the share image in its alt text. */
  common?: Pick<CommonMessages, "nav" | "footer">;
  noindex?: boolean;
  jsonLd?: Record<string, unknown>[];
}

/** A title's width in a search result: a wide (Japanese, Chinese) character takes two Latin ones' room. */
export const titleWidth = (title: string) => [...title].reduce((width, char) => width + (/[\u3000-\u9fff\uff00-\uffef]/.test(char) ? 2 : 1), 0);

/** A search result shows about 60 Latin characters of a title (found by an audit: case studies ran to 72). */
const TITLE_WIDTH = 60;

function fittedTitle(title: string, label: string | undefined, siteName: string): string {
  const labelled = label ? `${title} (${label}) | ${siteName}` : "";
  return labelled && titleWidth(labelled) <= TITLE_WIDTH ? labelled : `${title} | ${siteName}`;
}

export function seoMeta(input: SeoInput): MetaDescriptor[] {
  const { lang, path, title, description, siteName, origin } = input;
  const url = origin + localePath(lang, path);
  const fullTitle = title === siteName ? siteName : fittedTitle(title, input.titleLabel, siteName);
  const language = languageOf(lang);
  // The page type's 1200×630 PNG in the page's language (lib/share-images.ts), at the configured origin.
  const shareType = shareImageType(path);
  const image = origin + shareImagePath(shareType, lang);
  const imageAlt = input.common ? `${siteName} — ${shareImageLabel(input.common, shareType)}` : siteName;
  const tags: MetaDescriptor[] = [
    { title: fullTitle },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    ...alternates(path).map((alt) => ({
      tagName: "link",
      rel: "alternate",
      hrefLang: langTag(alt.lang),
      href: origin + alt.href,
    })),
    { tagName: "link", rel: "alternate", hrefLang: "x-default", href: origin + path },
    { property: "og:type", content: input.type ?? "website" },
    { property: "og:site_name", content: siteName },
    { property: "og:title", content: fullTitle },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { property: "og:image:type", content: "image/png" },
    { property: "og:image:width", content: String(SHARE_IMAGE_WIDTH) },
    { property: "og:image:height", content: String(SHARE_IMAGE_HEIGHT) },
    { property: "og:image:alt", content: imageAlt },
    { property: "og:locale", content: language?.ogLocale ?? "en_US" },
    ...LANGUAGES.filter((l) => l.code !== lang).map((l) => ({ property: "og:locale:alternate", content: l.ogLocale })),
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: fullTitle },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: image },
    { name: "twitter:image:alt", content: imageAlt },
  ];
  if (input.noindex) tags.push({ name: "robots", content: "noindex, nofollow" });
  for (const data of input.jsonLd ?? []) tags.push({ "script:ld+json": data });
  return tags;
}

/** Cache-Control for public pages: browsers revalidate (ETag), a CDN may keep them briefly. */
export const PUBLIC_PAGE_CACHE_CONTROL = "public, max-age=0, s-maxage=300, stale-while-revalidate=86400";

/**
 * The route `handle` of a public page whose server render reads no query parameter: the page cache
 * (server/pages.ts) answers "/about?anything" from the entry of "/about" instead of rendering again.
 * A page that reads its query while rendering on the server (the reset token of /reset-password)
 * must not carry it; one that reads a few known values (contact's ?sent and ?service) carries
 * queryKeyedPage.
 */
export const QUERY_INDEPENDENT_PAGE = { pageCache: "ignore-query" } as const;

/**
 * QUERY_INDEPENDENT_PAGE for a page with a dynamic segment whose values the site's content lists
 * (an article id, a service slug): `exists` says from the path's params alone whether the loader
 * finds a page. Every other value is answered from one kept not-found page per page and language
 * without running the loader, by the fast path too (server/pages.ts; a flood of made-up ids cost
 * 10-14× a cached page, docs/performance.md). Runs in the browser as well: keep it small.
 */
export function contentPage(exists: (params: Params) => boolean) {
  return { ...QUERY_INDEPENDENT_PAGE, exists } as const;
}

/**
 * Like QUERY_INDEPENDENT_PAGE, except for the listed query parameters and values: the page cache
 * keeps one entry per listed value ("/portfolio?category=web"), so the number of entries stays
 * bounded, and renders every other query as the bare path.
 */
export function queryKeyedPage<K extends string>(keys: Record<K, readonly string[]>) {
  return { pageCache: "ignore-query", cacheQuery: keys } as const;
}

/**
 * Route `shouldRevalidate` for a loader that reads no query: a GET navigation that changes only the
 * query (a filter form) needs no data request.
 */
export function revalidateUnlessQueryOnly({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: {
  currentUrl: URL;
  nextUrl: URL;
  formMethod?: string;
  defaultShouldRevalidate: boolean;
}): boolean {
  const get = formMethod === undefined || formMethod.toUpperCase() === "GET";
  return get && currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate;
}
/** Pages that are not worth caching or indexing (member area, admin, checkout). */
export const PRIVATE_PAGE_CACHE_CONTROL = "private, no-cache";

/**
 * The route `handle` of a private page (PRIVATE_PAGE_CACHE_CONTROL: a member's or the admin's
 * screen, filled in the browser with the member's token) whose server render is the same for every
 * visitor: its loaders read the path's params and the configuration, never a cookie, a header or a
 * session. The page cache (server/pages.ts) keeps its render for the bare path and answers with the
 * private Cache-Control it was given; a query still renders it as asked. Not for a route with a
 * dynamic segment: made-up ids would fill the cache.
 */
export const SHARED_PRIVATE_PAGE = { pageCache: "private-shell" } as const;

interface ContentPageData {
  lang: Lang;
  content: { seo: { title: string; description: string } } | null;
}

/**
 * The meta tags of a page whose loader returns `{lang, content}` with `content.seo`: most public
 * pages. `path` is the unprefixed path, or computed from the loader data.
 */
export function contentPageMeta<D extends ContentPageData>(
  args: { data: D | undefined; matches: readonly ({ id: string; data?: unknown } | undefined)[] },
  path: string | ((data: D) => string),
  extra: Partial<Pick<SeoInput, "type" | "jsonLd">> | ((data: D, root: RootData) => Partial<SeoInput>) = {},
): MetaDescriptor[] {
  const root = rootDataFrom(args.matches);
  const data = args.data;
  if (!data?.content || !root) return [];
  return seoMeta({
    lang: data.lang,
    path: typeof path === "function" ? path(data) : path,
    title: data.content.seo.title,
    description: data.content.seo.description,
    siteName: root.siteName,
    origin: root.origin,
    common: root.messages.common,
    ...(typeof extra === "function" ? extra(data, root) : extra),
  });
}

/** The meta tags of a page whose loader returns `{lang}` and whose title comes from interface text. */
export function textPageMeta(
  args: { data: { lang: Lang } | undefined; matches: readonly ({ id: string; data?: unknown } | undefined)[] },
  path: string,
  text: (lang: Lang, root: RootData) => { title: string; description: string; noindex?: boolean },
): MetaDescriptor[] {
  const root = rootDataFrom(args.matches);
  if (!args.data || !root) return [];
  const { title, description, noindex } = text(args.data.lang, root);
  return seoMeta({
    lang: args.data.lang,
    path,
    title,
    description,
    siteName: root.siteName,
    origin: root.origin,
    common: root.messages.common,
    noindex,
  });
}
