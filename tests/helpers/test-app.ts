// Builds the real Express app (API only, no pages) on the worker's test database, with a captured
// mailer and a silent logger. Each call resets the database.
import type { AddressInfo } from "node:net";
import type http from "node:http";
import { pino } from "pino";
import { createAppContext, type AppContext } from "~/lib/app-context.server";
import { parseEnv } from "~/lib/env.server";
import type { MailMessage, Mailer } from "~/lib/mail.server";
import { createApp } from "~/server/app";
import { createHttpServer } from "~/server/http-server";
import { resetDatabase, testDatabase } from "./test-db";

export interface TestApp {
  appContext: AppContext;
  app: ReturnType<typeof createApp>["app"];
  mails: MailMessage[];
  /** Base URL of the app listening on loopback (started on first use). */
  url(): Promise<string>;
  close(): Promise<void>;
}

/** A mailer that keeps what it is asked to send in `mails`. */
export function capturingMailer(mails: MailMessage[]): Mailer {
  return {
    transport: "log",
    async send(message) {
      mails.push(message);
    },
    close() {},
  };
}

export async function createTestApp(envOverrides: Record<string, string> = {}): Promise<TestApp> {
  const database = await testDatabase();
  await resetDatabase(database);
  const env = parseEnv({ NODE_ENV: "test", LOG_LEVEL: "silent", ...envOverrides });
  const mails: MailMessage[] = [];
  const mailer = capturingMailer(mails);
  const appContext = await createAppContext(env, {
    // The database is shared by the worker's tests; closing the app must not close it.
    database: { ...database, close: async () => {} },
    logger: pino({ level: "silent" }),
    mailer,
  });
  const { app, securityHeaders } = createApp({ appContext });
  let server: http.Server | undefined;
  // One listen for every caller, even when several requests start before the server is up.
  let listening: Promise<string> | undefined;
  return {
    appContext,
    app,
    mails,
    url() {
      listening ??= new Promise<string>((resolve) => {
        server = createHttpServer(app, securityHeaders);
        server.listen(0, "127.0.0.1", () => resolve(`http://127.0.0.1:${(server!.address() as AddressInfo).port}`));
      });
      return listening;
    },
    async close() {
      // Pending session touches are written now, not by a timer during a later test.
      await appContext.sessionTouches.close();
      if (server) await new Promise<void>((resolve) => server!.close(() => resolve()));
    },
  };
}

/** fetch() against the test app with JSON in and out. */
export async function request(
  testApp: TestApp,
  method: string,
  path: string,
  options: { body?: unknown; token?: string; headers?: Record<string, string>; raw?: string } = {},
): Promise<{ status: number; body: any; headers: Headers }> {
  const base = await testApp.url();
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  let body: string | undefined = options.raw;
  if (options.body !== undefined) {
    headers["Content-Type"] ??= "application/json";
    body = JSON.stringify(options.body);
  }
  const response = await fetch(base + path, { method, headers, body });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // Not JSON; keep the text.
  }
  return { status: response.status, body: parsed, headers: response.headers };
}
