// What most public page loaders do: pick the language from the URL, take the content in that
// language (English as fallback), fill {siteName} and the contact placeholders.
import type { AppContext } from "~/lib/app-context.server";
import { pickLocalized } from "./pick-localized";
import { envContentVars } from "~/lib/env.server";
import { fillContent } from "~/lib/i18n/format";
import { isLang, type Lang, type Localized } from "~/lib/i18n/languages";

export function pageLang(params: { lang?: string }): Lang {
  return isLang(params.lang) ? params.lang : "en";
}

export function contentVars(appContext: AppContext): Record<string, string> {
  return envContentVars(appContext.env);
}

/** The content in the page's language with placeholders filled, or null ('Content not available'). */
export function localizedContent<T>(appContext: AppContext, content: Partial<Localized<T>>, lang: Lang): T | null {
  const picked = pickLocalized(content, lang);
  return picked === null ? null : fillContent(picked, contentVars(appContext));
}
