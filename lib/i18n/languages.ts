// The site's languages. Isomorphic: used by the server (negotiation) and the browser (dropdown).
import { memberOf } from "~/lib/member-of";
export const LANGS = ["en", "ja", "zh"] as const;
export type Lang = (typeof LANGS)[number];
export const DEFAULT_LANG: Lang = "en";

export interface Language {
  code: Lang;
  name: string;
  flag: string;
  /** BCP 47 tag for <html lang>, hreflang and Intl. */
  tag: string;
  /** Open Graph's locale, language_TERRITORY (found by a stranger: "zh_Hans" is none). */
  ogLocale: string;
}

export const LANGUAGES: readonly Language[] = [
  { code: "en", name: "English", flag: "🇺🇸", tag: "en", ogLocale: "en_US" },
  { code: "ja", name: "日本語", flag: "🇯🇵", tag: "ja", ogLocale: "ja_JP" },
  { code: "zh", name: "中文", flag: "🇨🇳", tag: "zh-Hans", ogLocale: "zh_CN" },
];

export const isLang = memberOf(LANGS);

/** A language's entry in LANGUAGES. */
export const languageOf = (lang: Lang): Language => LANGUAGES.find((l) => l.code === lang) ?? LANGUAGES[0]!;

/** A language's BCP 47 tag, for Intl, <html lang>, hreflang and structured data. */
export const langTag = (lang: Lang): string => languageOf(lang).tag;

/** The lang attribute of text written in a stored language (a member's question, a message), if it is one of ours. */
export const langAttribute = (stored: string): string | undefined => (isLang(stored) ? langTag(stored) : undefined);

/** A language named by a tag in any letter case (`?lang=JA`): language tags ignore case (BCP 47). */
export const namedLangTag = (value: unknown): Lang | undefined => {
  const lower = typeof value === "string" ? value.toLowerCase() : undefined;
  return isLang(lower) ? lower : undefined;
};

/** A value written once per language; the type system refuses a missing language. */
export type Localized<T> = Record<Lang, T>;
