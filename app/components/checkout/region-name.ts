// A country's name in the page's language ("JP" → "Japan" / "日本"), or null.
import { LANGUAGES, type Lang } from "~/lib/i18n/languages";

export function regionName(code: string, lang: Lang): string | null {
  try {
    const tag = LANGUAGES.find((l) => l.code === lang)?.tag ?? "en";
    return new Intl.DisplayNames([tag], { type: "region", fallback: "none" }).of(code) ?? null;
  } catch {
    return null;
  }
}
