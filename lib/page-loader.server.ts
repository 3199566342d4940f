// What most public page loaders do: pick the language from the URL, take the content in that
// language (English as fallback), fill {siteName} and the contact placeholders.
import type { AppServices } from "./app-services.server";
import type { Env } from "./env.server";
import { pickLocalized } from "./content";
import { companyLegalName } from "./env.server";
import { fillContent } from "./i18n/format";
import { isLang, type Lang, type Localized } from "./i18n/languages";

export function pageLang(params: { lang?: string }): Lang {
  return isLang(params.lang) ? params.lang : "en";
}

export function contentVars(services: AppServices): Record<string, string> {
  return envContentVars(services.env);
}

/** The placeholder values of the content ({siteName}, {contactEmail}, ...). */
export function envContentVars(env: Env): Record<string, string> {
  return {
    siteName: env.SITE_NAME,
    legalName: companyLegalName(env),
    contactEmail: env.CONTACT_EMAIL ?? "",
    contactPhone: env.CONTACT_PHONE ?? "",
    contactAddress: env.CONTACT_ADDRESS ?? "",
  };
}

/** The content in the page's language with placeholders filled, or null ('Content not available'). */
export function localizedContent<T>(services: AppServices, content: Partial<Localized<T>>, lang: Lang): T | null {
  const picked = pickLocalized(content, lang);
  return picked === null ? null : fillContent(picked, contentVars(services));
}
