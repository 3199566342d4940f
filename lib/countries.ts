// The countries a customer can be billed in: the checkout's country list (app/routes/checkout.tsx)
// and the payment contract's validation (lib/contracts/payment.ts) both use this one list.
// Isomorphic: names come from the runtime's Intl data (Node and browsers ship full ICU).
import { langTag, type Lang } from "~/lib/i18n/languages";

/**
 * ISO 3166-1 alpha-2, the 249 officially assigned codes (ISO 3166 Maintenance Agency's Online
 * Browsing Platform, https://www.iso.org/obp/ui/#search/code/), and XK for Kosovo, in alphabetical
 * order. XK is user-assigned, not ISO's, but the European Commission, the card networks and Stripe
 * bill Kosovo under it, so customers there can pay. Not included: exceptionally reserved (UK, EU,
 * AC, IC, TA...), transitionally reserved (AN, SU, YU...) and other user-assigned codes (AA, QM–QZ,
 * XA–XJ, XL–XZ, ZZ).
 */
export const COUNTRY_CODES = [
  "AD", "AE", "AF", "AG", "AI", "AL", "AM", "AO", "AQ", "AR", "AS", "AT", "AU", "AW", "AX", "AZ",
  "BA", "BB", "BD", "BE", "BF", "BG", "BH", "BI", "BJ", "BL", "BM", "BN", "BO", "BQ", "BR", "BS", "BT", "BV", "BW", "BY", "BZ",
  "CA", "CC", "CD", "CF", "CG", "CH", "CI", "CK", "CL", "CM", "CN", "CO", "CR", "CU", "CV", "CW", "CX", "CY", "CZ",
  "DE", "DJ", "DK", "DM", "DO", "DZ",
  "EC", "EE", "EG", "EH", "ER", "ES", "ET",
  "FI", "FJ", "FK", "FM", "FO", "FR",
  "GA", "GB", "GD", "GE", "GF", "GG", "GH", "GI", "GL", "GM", "GN", "GP", "GQ", "GR", "GS", "GT", "GU", "GW", "GY",
  "HK", "HM", "HN", "HR", "HT", "HU",
  "ID", "IE", "IL", "IM", "IN", "IO", "IQ", "IR", "IS", "IT",
  "JE", "JM", "JO", "JP",
  "KE", "KG", "KH", "KI", "KM", "KN", "KP", "KR", "KW", "KY", "KZ",
  "LA", "LB", "LC", "LI", "LK", "LR", "LS", "LT", "LU", "LV", "LY",
  "MA", "MC", "MD", "ME", "MF", "MG", "MH", "MK", "ML", "MM", "MN", "MO", "MP", "MQ", "MR", "MS", "MT", "MU", "MV", "MW", "MX", "MY", "MZ",
  "NA", "NC", "NE", "NF", "NG", "NI", "NL", "NO", "NP", "NR", "NU", "NZ",
  "OM",
  "PA", "PE", "PF", "PG", "PH", "PK", "PL", "PM", "PN", "PR", "PS", "PT", "PW", "PY",
  "QA",
  "RE", "RO", "RS", "RU", "RW",
  "SA", "SB", "SC", "SD", "SE", "SG", "SH", "SI", "SJ", "SK", "SL", "SM", "SN", "SO", "SR", "SS", "ST", "SV", "SX", "SY", "SZ",
  "TC", "TD", "TF", "TG", "TH", "TJ", "TK", "TL", "TM", "TN", "TO", "TR", "TT", "TV", "TW", "TZ",
  "UA", "UG", "UM", "US", "UY", "UZ",
  "VA", "VC", "VE", "VG", "VI", "VN", "VU",
  "WF", "WS",
  "XK",
  "YE", "YT",
  "ZA", "ZM", "ZW",
] as const;
export type CountryCode = (typeof COUNTRY_CODES)[number];

const CODES: ReadonlySet<string> = new Set(COUNTRY_CODES);

/** True for an officially assigned ISO 3166-1 alpha-2 code, exactly as listed ("JP", not "jp" or "JA"). */
export function isCountryCode(code: unknown): code is CountryCode {
  return typeof code === "string" && CODES.has(code);
}

export interface CountryOption {
  code: CountryCode;
  /** Intl.DisplayNames' name in the page's language ("Japan", "日本"). */
  name: string;
}

const optionsByLang = new Map<Lang, readonly CountryOption[]>();

/**
 * The country most readers of a language pay from, first in its list: sorted by name, Japanese puts
 * names in kana before those in kanji, so 日本 came 240th of 250.
 */
const FIRST_OF: Partial<Record<Lang, CountryCode>> = { ja: "JP", zh: "CN" };

/** Intl's name for a region, or its code where the runtime has no region names (very old browsers). */
function regionNamer(tag: string): (code: CountryCode) => string {
  try {
    const names = new Intl.DisplayNames([tag], { type: "region" });
    return (code) => names.of(code) ?? code;
  } catch {
    return (code) => code;
  }
}

/**
 * Every country named in `lang` (Chinese: zh-Hans) and sorted by that name in that language, the
 * language's own country first (FIRST_OF). The server and the browser compute it the same way, from
 * the same codes; cached per language.
 */
export function countryOptions(lang: Lang): readonly CountryOption[] {
  let options = optionsByLang.get(lang);
  if (!options) {
    const tag = langTag(lang);
    const name = regionNamer(tag);
    const collator = new Intl.Collator(tag);
    const first = FIRST_OF[lang];
    options = COUNTRY_CODES.map((code) => ({ code, name: name(code) })).sort(
      (a, b) => Number(b.code === first) - Number(a.code === first) || collator.compare(a.name, b.name) || (a.code < b.code ? -1 : 1),
    );
    optionsByLang.set(lang, options);
  }
  return options;
}
