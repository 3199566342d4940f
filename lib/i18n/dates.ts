// Dates shown on pages, formatted once in the loader so server and browser render the same text.
import { langTag, type Lang } from "./languages";

/** "2025-01-15" → "January 15, 2025" / "2025年1月15日" / "2025年1月15日". */
export function formatIsoDate(iso: string, lang: Lang): string {
  const tag = langTag(lang);
  return new Intl.DateTimeFormat(tag, { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${iso}T00:00:00Z`));
}
