// The language choice (docs/product.md › Languages): stored choice, then the browser's language, then English.
import { DEFAULT_LANG, isLang, type Lang } from "./languages";

/** Primary subtags from an Accept-Language header, best first ("ja-JP;q=0.9" → "ja"). */
export function parseAcceptLanguage(header: string | null | undefined): string[] {
  if (!header) return [];
  return header
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
      const quality = q ? Number(q.slice(2)) : 1;
      return { tag: tag.trim().toLowerCase(), quality: Number.isFinite(quality) ? quality : 0, index };
    })
    .filter((entry) => entry.tag && entry.tag !== "*" && entry.quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index)
    .map((entry) => entry.tag.split("-")[0] ?? "");
}

/**
 * Picks the language: a supported stored code wins; an unsupported stored code is ignored; then the
 * first supported browser language; then English.
 */
export function chooseLanguage(stored: string | null | undefined, browserLanguages: readonly string[]): Lang {
  if (isLang(stored)) return stored;
  return firstSupported(browserLanguages) ?? DEFAULT_LANG;
}

/** The first of the browser's languages the site speaks, if any. */
export function firstSupported(browserLanguages: readonly string[]): Lang | undefined {
  for (const tag of browserLanguages) {
    const primary = tag.toLowerCase().split("-")[0];
    if (isLang(primary)) return primary;
  }
  return undefined;
}

/** Reads one cookie's value from a Cookie header. */
export function readCookie(header: string | null | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq === -1) continue;
    if (part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim());
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

export const LANGUAGE_COOKIE = "selectedLanguage";
export const LANGUAGE_STORAGE_KEY = "selectedLanguage";
