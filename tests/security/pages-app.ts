// The real Express app with the production page build, listening on loopback, for HTTP-level tests
// of pages (headers, origin, redirects, page cache). Same handle shape as createTestApp.
import type http from "node:http";
import { pathToFileURL } from "node:url";
import { pino } from "pino";
import type { ServerBuild } from "react-router";
import { createAppContext } from "~/lib/app-context.server";
import { parseEnv } from "~/lib/env.server";
import type { MailMessage } from "~/lib/mail.server";
import { createApp, type CreateAppOptions } from "~/server/app";
import { createHttpServer } from "~/server/http-server";
import type { FastPath } from "~/server/page-fast-path";
import type { PageHandler } from "~/server/pages";
import { rawExchange, unchunk } from "../helpers/raw-http";
import { capturingMailer, type TestApp } from "../helpers/test-app";
import { resetDatabase, testDatabase } from "../helpers/test-db";
import { ensureProductionBuild, serverBuildEntry } from "./production-build";

export interface PagesTestApp extends TestApp {
  port: number;
  server: http.Server;
  pageHandler: PageHandler;
  fastPath?: FastPath;
}

/** The production build (built first when missing) on a fresh pages app; for a beforeAll. */
export async function productionPagesApp(
  env: Record<string, string> = {},
  pageOptions: Partial<NonNullable<CreateAppOptions["pages"]>> = {},
): Promise<PagesTestApp> {
  await ensureProductionBuild();
  const build = (await import(pathToFileURL(serverBuildEntry).href)) as ServerBuild;
  return pagesApp(async () => build, env, pageOptions);
}

export async function pagesApp(
  build: () => Promise<ServerBuild>,
  env: Record<string, string> = {},
  pageOptions: Partial<NonNullable<CreateAppOptions["pages"]>> = {},
): Promise<PagesTestApp> {
  const database = await testDatabase();
  await resetDatabase(database);
  const mails: MailMessage[] = [];
  const mailer = capturingMailer(mails);
  const appContext = await createAppContext(parseEnv({ NODE_ENV: "production", LOG_LEVEL: "silent", RATE_LIMITS: "false", ...env }), {
    database: { ...database, close: async () => {} },
    logger: pino({ level: "silent" }),
    mailer,
  });
  const { app, pageHandler, fastPath, securityHeaders } = createApp({ appContext, pages: { build, mode: "production", cache: true, ...pageOptions } });
  const server = createHttpServer(app, securityHeaders);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as { port: number }).port;
  return {
    appContext,
    app,
    mails,
    port,
    server,
    pageHandler: pageHandler!,
    fastPath,
    url: async () => `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        fastPath?.stop();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Sample values for the dynamic segments of page routes; a new segment must be added here. */
const PARAM_SAMPLES: Record<string, string> = {
  slug: "tax-consultation",
  id: "1",
  package: "basic",
  project: "ai-vat-classification",
};
const ADMIN_USER_ID = "00000000-0000-4000-8000-000000000000";

/** Every concrete page path of the build: each route in English and under /ja and /zh. */
export function pagePaths(build: ServerBuild): string[] {
  const routes = build.routes as Record<string, { path?: string; parentId?: string; index?: boolean }>;
  const fullPath = (id: string): string[] => {
    const route = routes[id]!;
    const own = route.path ?? "";
    const parent = route.parentId ? fullPath(route.parentId) : [];
    return [...parent, own].filter((segment) => segment !== "");
  };
  const paths = new Set<string>();
  for (const id of Object.keys(routes)) {
    const segments = fullPath(id);
    const hasChildren = Object.values(routes).some((r) => r.parentId === id);
    if (hasChildren && !routes[id]!.index) {
      // A layout is reached through its index route (or its children).
      continue;
    }
    for (const lang of ["", "ja", "zh"]) {
      const parts: string[] = [];
      for (const segment of segments) {
        if (segment === ":lang?") {
          if (lang) parts.push(lang);
        } else if (segment === "*") parts.push("no-such-page");
        else if (segment.startsWith(":")) {
          const name = segment.slice(1).replace(/\?$/, "");
          const value = segments.join("/").includes("admin") && name === "id" ? ADMIN_USER_ID : PARAM_SAMPLES[name];
          if (value === undefined) throw new Error(`add a sample value for :${name} (route ${id}) to PARAM_SAMPLES`);
          parts.push(value);
        } else parts.push(segment);
      }
      // Routes outside the language layout (sitemap.xml, robots.txt) exist once.
      if (lang && !segments.includes(":lang?")) continue;
      paths.add(`/${parts.join("/")}`);
    }
  }
  return [...paths].sort();
}

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * Sends `head` (request line and headers, without the final blank line) exactly as written, so a
 * test can send what fetch() refuses to: an absolute-form request-target, any Host, any method.
 */
export async function rawRequest(port: number, head: string, body = ""): Promise<RawResponse> {
  const length = body ? `\r\nContent-Length: ${Buffer.byteLength(body)}` : "";
  const raw = await rawExchange(port, `${head.replace(/\r?\n/g, "\r\n")}${length}\r\nConnection: close\r\n\r\n${body}`);
  const split = raw.indexOf("\r\n\r\n");
  const lines = raw.subarray(0, split < 0 ? raw.length : split).toString("latin1").split("\r\n");
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(lines[0] ?? "")?.[1] ?? 0);
  const headers: Record<string, string> = {};
  for (const line of lines.slice(1)) {
    const colon = line.indexOf(":");
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  let answer: Buffer = split >= 0 ? raw.subarray(split + 4) : Buffer.alloc(0);
  if (headers["transfer-encoding"] === "chunked") answer = unchunk(answer);
  return { status, headers, body: answer.toString("utf8") };
}
