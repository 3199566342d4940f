// Content lookup with the fallbacks of docs/product.md › Languages: the chosen language, then English, then nothing
// (the page then shows 'Content not available').
import type { Lang, Localized } from "~/lib/i18n/languages";

export function pickLocalized<T>(content: Partial<Localized<T>> | undefined, lang: Lang): T | null {
  if (!content) return null;
  return content[lang] ?? content.en ?? null;
}
