// What every Playwright spec imports: `test` and `expect`, the `app` fixture and sign-in helpers.
// The servers are started once by tests/e2e/global-setup.ts:
//   baseURL     main server (production build, PGlite; AI = fake OpenAI server; SMTP = fake;
//               test-mode payments; admin admin@taxatlas.test / admin-password-123; 3 starting credits;
//               COMPANY_LEGAL_NAME "TaxAtlas Advisory Ltd.", COMPANY_TAX_ID "T1234567890123",
//               CONTACT_EMAIL only of the contact details)
//   app.kbURL   second server without an AI key (knowledge-base answers)
// Rate limits are on. Every test gets its own client address (`clientIp`), sent as X-Forwarded-For
// by the browser and by `app.api`, so per-address limits never carry over between tests; per-email
// limits are avoided by `uniqueEmail()`. A test of the limits themselves pins `clientIp` or starts
// its own server (tests/e2e/app-server.ts).
import { randomBytes } from "node:crypto";
import { test as base, expect, type Page, type Route } from "@playwright/test";
import { selectServerSet } from "./server-sets";

selectServerSet();
import { consent } from "~/content/messages/consent";
import type { Role } from "~/lib/contracts/user";
import type { Lang } from "~/lib/i18n/languages";

export { expect };

export interface ApiInit {
  method?: string;
  body?: unknown;
  token?: string;
  headers?: Record<string, string>;
}

export interface ApiResult {
  status: number;
  body: any;
}

export interface AppFixture {
  /** The second server (no AI key: knowledge base answers). */
  kbURL: string;
  /** Every mail the fake SMTP server has received so far, oldest first (filter by `to`). */
  mails(): Promise<{ to: string; subject: string; text: string }[]>;
  /** Switches the fake OpenAI server's behaviour (modes are defined in tests/fakes/fake-openai.ts). */
  aiMode(mode: string): Promise<void>;
  /** JSON call to the main server. `path` is "/api/v1/..." or short for it ("/user/me"). */
  api(path: string, init?: ApiInit): Promise<ApiResult>;
}

export interface Session {
  token: string;
  email: string;
  password: string;
  user: { id: string; email: string; name: string; credits: number; role?: Role; [key: string]: unknown };
}

function env(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the specs through \`npm run test:e2e\` (global setup starts the servers)`);
  return value;
}

/** A client address nobody else uses (TEST-NET-like 10.x range). */
export function uniqueIp(): string {
  const [a, b, c] = randomBytes(3);
  return `10.${a}.${b}.${Math.max(1, c! % 255)}`;
}

/** A fresh address on the .test domain, e.g. uniqueEmail("signup") → signup-1a2b3c4d@example.test. */
export function uniqueEmail(prefix = "user"): string {
  return `${prefix}-${Date.now().toString(36)}${randomBytes(4).toString("hex")}@example.test`.toLowerCase();
}

async function callApi(baseURL: string, path: string, init: ApiInit = {}, clientIp = uniqueIp()): Promise<ApiResult> {
  const url = baseURL + (path.startsWith("/api/") ? path : `/api/v1${path.startsWith("/") ? path : `/${path}`}`);
  const headers: Record<string, string> = { Accept: "application/json", "X-Forwarded-For": clientIp, ...init.headers };
  if (init.token) headers.Authorization = `Bearer ${init.token}`;
  let body: string | undefined;
  if (init.body !== undefined) {
    headers["Content-Type"] ??= "application/json";
    body = typeof init.body === "string" ? init.body : JSON.stringify(init.body);
  }
  const response = await fetch(url, { method: init.method ?? (body === undefined ? "GET" : "POST"), headers, body });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    // not JSON: keep the text
  }
  return { status: response.status, body: parsed };
}

/** Registers a new account through the API (unique email unless given) and returns its session. */
export async function signUpViaApi(options: { email?: string; password?: string; name?: string } = {}): Promise<Session> {
  const email = options.email ?? uniqueEmail("member");
  const password = options.password ?? "correct-horse-battery";
  const body: Record<string, string> = { email, password };
  if (options.name !== undefined) body.name = options.name;
  const result = await callApi(env("E2E_BASE_URL"), "/api/v1/user/register", { method: "POST", body });
  if (result.status !== 200 && result.status !== 201) {
    throw new Error(`sign-up of ${email} failed: ${result.status} ${JSON.stringify(result.body)}`);
  }
  if (!result.body?.token) throw new Error(`sign-up of ${email} returned no token: ${JSON.stringify(result.body)}`);
  return { token: result.body.token, email, password, user: result.body.user };
}

/** Logs in through the API. */
export async function logInViaApi(email: string, password: string): Promise<Session> {
  const result = await callApi(env("E2E_BASE_URL"), "/api/v1/user/login", { method: "POST", body: { email, password } });
  if (result.status !== 200 || !result.body?.token) {
    throw new Error(`login of ${email} failed: ${result.status} ${JSON.stringify(result.body)}`);
  }
  return { token: result.body.token, email, password, user: result.body.user };
}

let adminCache: Session | undefined;

/** A session of the admin account created at start-up (reused while its token stays valid). */
export async function adminSession(): Promise<Session> {
  if (adminCache) {
    const me = await callApi(env("E2E_BASE_URL"), "/api/v1/user/me", { token: adminCache.token });
    if (me.status === 200) return adminCache;
  }
  adminCache = await logInViaApi(env("E2E_ADMIN_EMAIL"), env("E2E_ADMIN_PASSWORD"));
  return adminCache;
}

/**
 * Waits until React has hydrated a page opened without a stored consent choice: the banner is in
 * the server HTML, and the root layout marks <html data-hydrated> once React handles events
 * (app/page-helpers/early-clicks.ts).
 */
export async function waitForHydration(page: Page): Promise<void> {
  await expect(page.getByTestId("cookie-banner")).toBeVisible();
  await expect(page.locator("html[data-hydrated]")).toBeAttached();
}

/** Waits for hydration, then accepts the cookie banner (which also keeps it off the forms and buttons). */
export async function readyWithConsent(page: Page, lang: Lang = "en"): Promise<void> {
  await waitForHydration(page);
  const banner = page.getByTestId("cookie-banner");
  await banner.getByRole("button", { name: consent[lang].acceptAll, exact: true }).click();
  await expect(banner).toBeHidden();
}

/** Puts a session into the page's local storage (keys token, user, credits) and reloads. */
export async function signInPage(page: Page, session: Pick<Session, "token" | "user">): Promise<void> {
  if (!page.url().startsWith("http")) await page.goto("/");
  await page.evaluate(
    ({ token, user }) => {
      localStorage.setItem("token", token);
      localStorage.setItem(
        "user",
        JSON.stringify({ id: user.id, email: user.email, name: user.name, isAuthenticated: true, role: user.role ?? "user" }),
      );
      localStorage.setItem("credits", String(user.credits ?? 0));
    },
    { token: session.token, user: session.user },
  );
  await page.reload();
}

/** Asks for a password reset of `email` and reads the link's token from the mail it is sent. */
export async function resetLinkToken(app: AppFixture, email: string): Promise<string> {
  await app.api("/user/password/forgot", { method: "POST", body: { email } });
  let token = "";
  await expect
    .poll(async () => {
      const mail = (await app.mails()).find((m) => m.to === email);
      token = decodeURIComponent(/reset-password\?token=([A-Za-z0-9_%-]+)/.exec(mail?.text ?? "")?.[1] ?? "");
      return token;
    })
    .not.toBe("");
  return token;
}

export const test = base.extend<{ app: AppFixture; clientIp: string }>({
  baseURL: async ({}, use) => {
    await use(env("E2E_BASE_URL"));
  },
  clientIp: async ({}, use) => {
    await use(uniqueIp());
  },
  context: async ({ context, clientIp, extraHTTPHeaders }, use) => {
    await context.setExtraHTTPHeaders({ ...extraHTTPHeaders, "X-Forwarded-For": clientIp });
    await use(context);
  },
  app: async ({ clientIp }, use) => {
    const baseURL = env("E2E_BASE_URL");
    const setAiMode = async (mode: string) => {
      const response = await fetch(`${env("E2E_AI_ORIGIN")}/__control`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ mode }),
      });
      if (!response.ok) throw new Error(`fake OpenAI refused mode ${mode}: ${response.status}`);
    };
    let aiModeChanged = false;
    await use({
      kbURL: env("E2E_KB_URL"),
      async mails() {
        const response = await fetch(`${env("E2E_MAIL_URL")}/mails`);
        return (await response.json()) as { to: string; subject: string; text: string }[];
      },
      async aiMode(mode: string) {
        aiModeChanged = true;
        await setAiMode(mode);
      },
      api: (path, init) => callApi(baseURL, path, init, clientIp),
    });
    // The next test starts with the fake answering normally.
    if (aiModeChanged) await setAiMode("ok");
  },
});

/**
 * Holds the page's requests to `url` (a request under way, for a busy button) until `release()`,
 * counting them; each then goes on with `answer` (the server by default).
 */
export async function holdRequests(
  page: Page,
  url: string,
  answer: (route: Route) => Promise<void> = (route) => route.continue(),
  method?: string,
): Promise<{ readonly count: number; release: () => void }> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  let count = 0;
  await page.route(url, async (route) => {
    if (method === undefined || route.request().method() === method) {
      count += 1;
      await held;
    }
    await answer(route);
  });
  return {
    get count() {
      return count;
    },
    release: () => release(),
  };
}
