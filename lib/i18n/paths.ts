// Public URLs per language: English at the root, Japanese under /ja, Chinese under /zh.
import { DEFAULT_LANG, isLang, LANGS, type Lang } from "./languages";

/** Splits "/ja/about" into { lang: "ja", path: "/about" }; an unprefixed path is English. */
export function splitLangPath(pathname: string): { lang: Lang; path: string; prefixed: boolean } {
  const match = /^\/([a-z]{2})(?=\/|$)(.*)$/.exec(pathname);
  if (match && isLang(match[1]) && match[1] !== DEFAULT_LANG) {
    return { lang: match[1], path: match[2] || "/", prefixed: true };
  }
  return { lang: DEFAULT_LANG, path: pathname || "/", prefixed: false };
}

/** The URL of `path` (an unprefixed path such as "/about") in `lang`. */
export function localePath(lang: Lang, path: string): string {
  const clean = path.startsWith("/") ? path : `/${path}`;
  if (lang === DEFAULT_LANG) return clean;
  return clean === "/" ? `/${lang}` : `/${lang}${clean}`;
}

/** Every language's URL of one page, for hreflang alternates and the sitemap. */
export function alternates(path: string): { lang: Lang; href: string }[] {
  return LANGS.map((lang) => ({ lang, href: localePath(lang, path) }));
}

/**
 * `path` as a same-site path: one leading slash, whatever run of slashes and backslashes it started
 * with ("//host" and "/\\host" are scheme-relative URLs to a browser, i.e. another site).
 */
export function sameSitePath(path: string): string {
  return "/" + path.replace(/^[\s/\\]+/, "");
}

/** A same-site path that is safe to redirect to after login (no scheme, no host, no "//"). */
export function safeRedirectPath(value: unknown, fallback = "/"): string {
  if (typeof value !== "string" || !value.startsWith("/") || value.startsWith("//") || value.includes("\\")) {
    return fallback;
  }
  try {
    const url = new URL(value, "http://local.invalid");
    if (url.origin !== "http://local.invalid") return fallback;
    // Dot segments are resolved above: "/.//host" has become "//host", which is not a path.
    if (/^\/[/\\]/.test(url.pathname)) return fallback;
    return url.pathname + url.search + url.hash;
  } catch {
    return fallback;
  }
}

/**
 * A query whose `next` (the page to go back to after logging in or signing up) is a same-site path,
 * with that page in `lang`: the language chosen on the login page holds for the page after it too
 * (found by a stranger). Any other query is returned as it is.
 */
export function inLanguage(search: string, lang: Lang): string {
  const params = new URLSearchParams(search);
  const named = params.getAll("next");
  const next = named.length === 1 ? safeRedirectPath(named[0], "") : "";
  if (!next) return search;
  const end = next.search(/[?#]/);
  const pathname = end === -1 ? next : next.slice(0, end);
  const moved = localePath(lang, splitLangPath(pathname).path) + (end === -1 ? "" : next.slice(end));
  // "/ja//host" would become "//host", another site (found by a review): such a `next` is left alone.
  if (safeRedirectPath(moved, "") !== moved) return search;
  params.set("next", moved);
  return `?${params.toString()}`;
}
