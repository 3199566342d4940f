// The site's one origin (docs/decisions/0006-one-configured-origin.md): absolute URLs in pages, the
// sitemap and e-mails come from SITE_URL or, without it, from the address the server listens on —
// never from the request's Host header or request-target, which any client can set.
import { isIPv4, isIPv6 } from "node:net";

/** `SITE_URL` reduced to its origin ("https://www.example.com/" → "https://www.example.com"). */
export function siteUrlOrigin(siteUrl: string): string {
  return new URL(siteUrl).origin;
}

/** The origin printed at start-up: `http://localhost:PORT` for a wildcard address, else `http://HOST:PORT`. */
export function listenOrigin(host: string, port: number): string {
  const wildcard = host === "0.0.0.0" || host === "::" || host === "" || host === "[::]";
  const shown = wildcard ? "localhost" : isIPv6(host) ? `[${host}]` : host;
  return `http://${shown}:${port}`;
}

const LABEL = /^(?!-)[a-z0-9_-]{1,63}(?<!-)$/i;

/**
 * A Host header value that is a hostname, an IPv4 address or a bracketed IPv6 literal, with an
 * optional port 1-65535 written without leading zeros. Anything else (paths, spaces, markup, an open bracket) is refused with 400.
 */
export function isValidHostHeader(value: string): boolean {
  if (value.length === 0 || value.length > 260) return false;
  let host = value;
  const portMatch = /:(\d+)$/.exec(value);
  if (portMatch && !(value.startsWith("[") && !value.slice(0, portMatch.index).endsWith("]"))) {
    // One spelling per port, as browsers send it: no leading zeros, whatever the length.
    if (!/^[1-9]\d{0,4}$/.test(portMatch[1]!) || Number(portMatch[1]) > 65535) return false;
    host = value.slice(0, portMatch.index);
  }
  if (host.startsWith("[")) return host.endsWith("]") && isIPv6(host.slice(1, -1));
  if (isIPv4(host)) return true;
  const name = host.endsWith(".") ? host.slice(0, -1) : host;
  if (name.length === 0 || name.length > 253) return false;
  return name.split(".").every((label) => LABEL.test(label));
}
