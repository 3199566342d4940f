// The public pages the platform and proxy benches measure (every page type in English, Japanese and
// Chinese), and a page's compressed bytes exactly as a server sent them.
import { request } from "node:http";

export const PAGE_TYPES = [
  ["home", "/"],
  ["about", "/about"],
  ["services", "/services"],
  ["service page", "/services/tax-consultation"],
  ["portfolio", "/portfolio"],
  ["case study", "/portfolio/ai-vat-classification"],
  ["blog", "/blog"],
  ["article", "/blog/1"],
  ["contact", "/contact"],
  ["pricing", "/pricing"],
  ["legal", "/terms"],
];
export const LANG_PREFIX = { en: "", ja: "/ja", zh: "/zh" };
export const GZIP = { "Accept-Encoding": "gzip" };

/** Every measured page: its path, type and language. */
export function publicPages() {
  const pages = [];
  for (const [type, pagePath] of PAGE_TYPES) {
    for (const [lang, prefix] of Object.entries(LANG_PREFIX)) {
      pages.push({ url: prefix + (pagePath === "/" && prefix ? "" : pagePath), type, lang });
    }
  }
  return pages;
}

/**
 * The gzip body and headers as sent (node's fetch decompresses, so read it over a plain socket);
 * `rawHeaders` keeps the header lines' names, order and repeats (name, value, name, value, ...).
 */
export function rawGzip(url) {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: GZIP }, (res) => {
      const chunks = [];
      res.on("data", (chunk) => chunks.push(chunk));
      res.on("end", () => resolve(Object.assign(Buffer.concat(chunks), { headers: res.headers, rawHeaders: res.rawHeaders, status: res.statusCode })));
    });
    req.on("error", reject);
    req.end();
  });
}
