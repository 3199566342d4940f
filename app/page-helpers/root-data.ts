// What the root loader hands every page: public configuration only (this is sent to the browser).
import type { CommonMessages } from "~/content/messages/common";
import type { ConsentMessages } from "~/content/messages/consent";
import type { Lang } from "~/lib/i18n/languages";

export interface RootData {
  lang: Lang;
  siteName: string;
  /** COMPANY_LEGAL_NAME, else the site name: the Terms, the footer and the contact page. */
  legalName: string;
  /** Absolute origin for canonical links: SITE_URL, else the listening address (never the request's Host). */
  origin: string;
  /** False while SITE_URL is unset (the admin area says so). */
  siteUrlSet: boolean;
  contact: { email: string; phone: string; address: string };
  payments: { provider: "test" | "stripe"; publishableKey: string | null };
  ai: { configured: boolean };
  social: { label: string; href: string }[];
  /** The layout's interface text in `lang`. */
  messages: { common: CommonMessages; consent: ConsentMessages };
}

/** Finds the root loader's data among a meta function's matches. */
export function rootDataFrom(matches: readonly ({ id: string; data?: unknown } | undefined)[]): RootData | undefined {
  return matches.find((m) => m?.id === "root")?.data as RootData | undefined;
}
