// What the fast paths (server/page-fast-path.ts, server/member-read-fast-path.ts) check of a request
// without Express, exactly as the chain would: the Host the request edge accepts
// (docs/decisions/0006-one-configured-origin.md), whether the request came over TLS, and whether it
// announces a body.
import type { IncomingHttpHeaders, IncomingMessage } from "node:http";
import { isValidHostHeader } from "~/lib/http/origin.server";

const HOSTS_KEPT = 256;

/** isValidHostHeader, remembering the values already accepted (a site sees a handful; bounded). */
export function createHostCheck(): (host: string | undefined) => boolean {
  const validHosts = new Set<string>();
  return (host) => {
    if (host === undefined) return false;
    if (validHosts.has(host)) return true;
    if (!isValidHostHeader(host)) return false;
    if (validHosts.size >= HOSTS_KEPT) validHosts.clear();
    validHosts.add(host);
    return true;
  };
}

/** Express's req.secure: the socket's TLS, or X-Forwarded-Proto from a trusted proxy (`trust proxy fn`). */
export function isSecure(req: IncomingMessage, trustProxy: (address: string, hop: number) => boolean): boolean {
  const socket = req.socket as IncomingMessage["socket"] & { encrypted?: boolean };
  const own = socket.encrypted ? "https" : "http";
  if (!trustProxy(socket.remoteAddress ?? "", 0)) return own === "https";
  const header = req.headers["x-forwarded-proto"];
  const proto = (typeof header === "string" && header ? header : own).split(",")[0]!.trim();
  return proto === "https";
}

/** Whether the request's head announces a body: a length other than 0, or a transfer coding. */
export function announcesBody(headers: IncomingHttpHeaders): boolean {
  return headers["transfer-encoding"] !== undefined || (headers["content-length"] !== undefined && headers["content-length"] !== "0");
}
