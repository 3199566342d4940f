// Starts, once for the whole Playwright run and once per worker (tests/e2e/server-sets.ts): the fake
// SMTP server with an HTTP endpoint listing the captured mails, the fake OpenAI-compatible server,
// and two production servers:
//   main (E2E_BASE_URL): AI provider = the fake, SMTP = the fake, admin account, 3 starting credits;
//   kb   (E2E_KB_URL):   no AI key, so the AI pages answer from the built-in knowledge base.
// Their addresses reach the test workers through environment variables (workers inherit them).
// Rate limits stay on: each test gets its own client address through X-Forwarded-For (trusted from
// loopback only), see tests/e2e/fixtures.ts. A spec that needs low limits starts its own server with
// startAppServer() from ./app-server.
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import type { FullConfig } from "@playwright/test";
import { startFakeOpenAI } from "~/tests/fakes/fake-openai";
import { startFakeSmtp } from "~/tests/fakes/fake-smtp";
import { e2eLogDir, startAppServer, type AppServer } from "./app-server";
import { type SET_VARIABLES } from "./server-sets";

export const ADMIN_EMAIL = "admin@taxatlas.test";
export const ADMIN_PASSWORD = "admin-password-123";

export interface E2EHandle {
  close(): Promise<void>;
}

declare global {
  var __taxatlasE2E: E2EHandle | undefined;
}

export default async function globalSetup(config: FullConfig): Promise<void> {
  const cleanups: (() => Promise<void>)[] = [];
  const close = async () => {
    for (const cleanup of cleanups.reverse()) {
      await cleanup().catch((error: unknown) => console.warn("e2e teardown:", error));
    }
  };
  globalThis.__taxatlasE2E = { close };

  try {
    // One server set per worker (tests/e2e/server-sets.ts); set 0 also fills the plain variables.
    for (let index = 0; index < Math.max(1, config.workers); index++) {
      const set = await startServerSet(index, cleanups);
      for (const [name, value] of Object.entries(set)) {
        process.env[`${name}_${index}`] = value;
        if (index === 0) process.env[name] = value;
      }
      console.log(`e2e server set ${index}: main ${set.E2E_BASE_URL}, kb ${set.E2E_KB_URL}`);
    }
    process.env.E2E_ADMIN_EMAIL = ADMIN_EMAIL;
    process.env.E2E_ADMIN_PASSWORD = ADMIN_PASSWORD;
    console.log(`e2e server logs in ${path.relative(process.cwd(), e2eLogDir)}/`);
  } catch (error) {
    await close();
    globalThis.__taxatlasE2E = undefined;
    throw error;
  }
}

async function startServerSet(index: number, cleanups: (() => Promise<void>)[]): Promise<Record<(typeof SET_VARIABLES)[number], string>> {
  const smtp = await startFakeSmtp();
  cleanups.push(() => smtp.close());

  const mailServer = http.createServer((req, res) => {
    if (req.url === "/mails" && req.method === "GET") {
      res.setHeader("Content-Type", "application/json");
      res.end(JSON.stringify(smtp.messages));
      return;
    }
    res.statusCode = 404;
    res.end();
  });
  await new Promise<void>((resolve) => mailServer.listen(0, "127.0.0.1", resolve));
  cleanups.push(() => new Promise<void>((resolve) => mailServer.close(() => resolve())));
  const mailURL = `http://127.0.0.1:${(mailServer.address() as AddressInfo).port}`;

  const ai = await startFakeOpenAI();
  cleanups.push(() => ai.close());

  const common = {
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    STARTING_CREDITS: "3",
    SMTP_URL: smtp.url,
    MAIL_FROM: "TaxAtlas <no-reply@taxatlas.test>",
    CONTACT_EMAIL: "contact@taxatlas.test",
    COMPANY_LEGAL_NAME: "TaxAtlas Advisory Ltd.",
    COMPANY_TAX_ID: "T1234567890123",
    RATE_LIMITS: "true",
    TRUST_PROXY: "loopback",
  };
  // Started one after the other: each migrates its own PGlite and two at once only slow both down.
  const main: AppServer = await startAppServer(index === 0 ? "main" : `main-${index}`, { ...common, AI_API_KEY: "test-key", AI_BASE_URL: ai.baseURL });
  cleanups.push(() => main.stop());
  const kb: AppServer = await startAppServer(index === 0 ? "kb" : `kb-${index}`, common);
  cleanups.push(() => kb.stop());

  return {
    E2E_BASE_URL: main.url,
    E2E_KB_URL: kb.url,
    E2E_MAIL_URL: mailURL,
    E2E_AI_ORIGIN: ai.origin,
    E2E_AI_BASE_URL: ai.baseURL,
    E2E_SMTP_URL: smtp.url,
  } satisfies Record<(typeof SET_VARIABLES)[number], string>;
}
