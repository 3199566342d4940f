// A refusal of a page's address as a browser shows it: a small page in the address's language with
// the refusal's translated message and a way back to the site, instead of the API's JSON, which a
// visitor saw as raw text (found by a stranger: `/ja/%ZZ`, a 20,000-letter address). The API, and
// any client that does not ask for HTML, keeps the JSON error (docs/reliability.md, "Attacks and
// their answers (hardening)"). Self-contained: such an address cannot be rendered by the site's
// pages, and Node's own refusals (server/http-server.ts) are written before any app code runs.
import type { ApiError } from "~/lib/http/api-error";
import { langTag, type Lang, type Localized } from "~/lib/i18n/languages";
import { localePath } from "~/lib/i18n/paths";

const TEXTS: Localized<{ title: string; unavailable: string; home: string }> = {
  en: { title: "This address cannot be opened", unavailable: "This page is not available right now", home: "Go to the home page" },
  ja: { title: "このアドレスは開けません", unavailable: "このページは現在ご利用いただけません", home: "ホームページへ" },
  zh: { title: "无法打开此地址", unavailable: "此页面暂时无法使用", home: "前往首页" },
};

/** An API path, also written with doubled or escaped slashes (server/request-edge.ts answers those the API's 404). */
const API_PATH = /^(?:\/|%2f)+api(?:\/|%2f|$)/i;

/** Whether a refusal of `path` is answered as a page: an address of the site's pages, asked for as HTML (a browser's Accept). */
export function answersAsPage(path: string, accept: string | undefined): boolean {
  return !API_PATH.test(path) && accept !== undefined && /\btext\/html\b/i.test(accept);
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** The page of a refusal, in `lang`; its status and headers are the refusal's own. */
export function refusalPage(error: ApiError, lang: Lang): string {
  const texts = TEXTS[lang];
  // A busy server or a request that took too long is no fault of the address (408, 5xx).
  const title = error.status === 408 || error.status >= 500 ? texts.unavailable : texts.title;
  const tag = langTag(lang);
  const message = escapeHtml(error.messageIn(lang));
  return (
    `<!doctype html><html lang="${tag}"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">` +
    `<title>${escapeHtml(title)}</title>` +
    `<style>body{margin:0;font-family:system-ui,sans-serif;color:#0f172a;background:#f8fafc}` +
    `main{max-width:36rem;margin:0 auto;padding:4rem 1.5rem}h1{font-size:1.5rem;line-height:1.3}` +
    `p{line-height:1.6}a{color:#1d4ed8;font-weight:600}</style></head>` +
    `<body><main><h1>${escapeHtml(title)}</h1><p>${message}</p>` +
    `<p><a href="${localePath(lang, "/")}">${escapeHtml(texts.home)}</a></p></main></body></html>`
  );
}
