// The browser-side guards of the member and admin pages (the session is a bearer token in local
// storage, so the check runs after hydration): a signed-out visit to any guarded page is sent to
// the login page of its language once, with `next` = that page, in a handful of data requests (a
// guard that navigates again on every render fires hundreds of login.data/__manifest requests);
// after logging in the visitor is back on that page; a signed-in member on an admin page gets 403.
import type { Page } from "@playwright/test";
import { auth as authMessages } from "~/content/messages/auth";
import type { Lang } from "~/lib/i18n/languages";
import { PACKAGES } from "~/lib/catalog";
import { adminSession, expect, signInPage, signUpViaApi, test } from "./fixtures";

/** One navigation to the login page costs its loader data and perhaps a route-manifest patch. */
const MAX_DATA_REQUESTS = 5;

const LANGS: Lang[] = ["en", "ja", "zh"];
const prefixed = (lang: Lang, path: string) => (lang === "en" ? path : `/${lang}${path}`);

/** Every guarded page (app/routes.ts), unprefixed; `:id` is filled with a real user's id. */
const GUARDED = [
  "/explore",
  ...PACKAGES.map((pkg) => `/pricing/${pkg.id}`),
  "/admin",
  "/admin/users",
  "/admin/users/:id",
  "/admin/messages",
  "/admin/pricing",
];

/** Counts the router's data requests (`*.data`, `/__manifest`) and collects console errors from now on. */
function watch(page: Page) {
  const dataRequests: string[] = [];
  const consoleErrors: string[] = [];
  page.on("request", (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.endsWith(".data") || pathname === "/__manifest") dataRequests.push(request.url());
  });
  page.on("console", (message) => {
    if (message.type() === "error") consoleErrors.push(message.text());
  });
  page.on("pageerror", (error) => consoleErrors.push(String(error)));
  return { dataRequests, consoleErrors };
}

async function loginURLFor(page: Page, lang: Lang, target: string) {
  const expected = `${prefixed(lang, "/login")}?next=${encodeURIComponent(target)}`;
  // The guard runs after hydration, which can take a while on a cold server.
  await expect(page).toHaveURL((url) => url.pathname + url.search === expected, { timeout: 15_000 });
  return expected;
}

test.describe("signed-out guards", () => {
  for (const lang of LANGS) {
    for (const path of GUARDED) {
      test(`${prefixed(lang, path)}: a visitor is sent to the login page once, with next = that page`, async ({ page }) => {
        // Each test has a fresh browser context: nothing stored, no route manifest cached.
        const target = prefixed(lang, path.replace(":id", (await adminSession()).user.id));
        const { dataRequests, consoleErrors } = watch(page);
        await page.goto(target);
        const expected = await loginURLFor(page, lang, target);
        await expect(page.getByTestId("login-form")).toBeVisible();
        // Settled: no more requests are going out, and the page is still the login page.
        await page.waitForLoadState("networkidle");
        const url = new URL(page.url());
        expect(url.pathname + url.search).toBe(expected);
        expect(dataRequests.length, `${dataRequests.length} data requests:\n${dataRequests.slice(0, 10).join("\n")}`).toBeLessThanOrEqual(
          MAX_DATA_REQUESTS,
        );
        expect(consoleErrors).toEqual([]);
      });
    }
  }

  for (const lang of LANGS) {
    test(`/${lang}: after logging in, the visitor is back on the page that asked for it`, async ({ page }) => {
      const session = await signUpViaApi();
      const target = prefixed(lang, "/explore");
      await page.goto(target);
      await loginURLFor(page, lang, target);
      const t = authMessages[lang];
      await page.getByLabel(t.fields.email, { exact: true }).fill(session.email);
      await page.getByLabel(t.fields.password, { exact: true }).fill(session.password);
      await page.getByRole("button", { name: t.login.submit, exact: true }).click();
      await expect(page).toHaveURL((url) => url.pathname === target && url.search === "");
      await expect(page.getByTestId("explore-credits")).toBeVisible();
    });
  }

  test("a visitor who switches language on the login page is back on the page that asked for it in that language (390 px)", async ({ page }) => {
    // Found by a stranger: switched from Chinese to Japanese on /zh/login?next=/zh/pricing/basic, the member landed on the Chinese page.
    await page.setViewportSize({ width: 390, height: 844 });
    const session = await signUpViaApi();
    await page.goto("/zh/pricing/basic");
    await loginURLFor(page, "zh", "/zh/pricing/basic");
    await page.getByTestId("language-button").filter({ visible: true }).click();
    await page.getByTestId("language-menu").filter({ visible: true }).getByTestId("language-option-ja").click();
    await expect(page).toHaveURL((url) => url.pathname === "/ja/login" && url.searchParams.get("next") === "/ja/pricing/basic");
    const t = authMessages.ja;
    await page.getByLabel(t.fields.email, { exact: true }).fill(session.email);
    await page.getByLabel(t.fields.password, { exact: true }).fill(session.password);
    await page.getByRole("button", { name: t.login.submit, exact: true }).click();
    await expect(page).toHaveURL((url) => url.pathname === "/ja/pricing/basic");
    await expect(page.locator("html")).toHaveAttribute("lang", "ja");
  });

  test("an admin sent to login from a user's page comes back to it", async ({ page }) => {
    const admin = await adminSession();
    const target = `/zh/admin/users/${admin.user.id}`;
    await page.goto(target);
    await loginURLFor(page, "zh", target);
    const t = authMessages.zh;
    await page.getByLabel(t.fields.email, { exact: true }).fill(admin.email);
    await page.getByLabel(t.fields.password, { exact: true }).fill(admin.password);
    await page.getByRole("button", { name: t.login.submit, exact: true }).click();
    await expect(page).toHaveURL((url) => url.pathname === target);
    await expect(page.getByTestId("admin-layout")).toBeVisible();
  });

  test("a signed-in member on an admin page sees the 403 page and stays there", async ({ page }) => {
    const member = await signUpViaApi();
    await signInPage(page, member);
    for (const path of ["/admin", "/ja/admin/users"]) {
      const { dataRequests, consoleErrors } = watch(page);
      await page.goto(path);
      await expect(page.getByTestId("error-forbidden")).toBeVisible({ timeout: 15_000 });
      await page.waitForLoadState("networkidle");
      expect(new URL(page.url()).pathname).toBe(path);
      await expect(page.getByTestId("admin-layout")).toHaveCount(0);
      // No navigation at all: only the router's discovery of the links on the page.
      expect(dataRequests.filter((url) => new URL(url).pathname.endsWith(".data"))).toEqual([]);
      expect(dataRequests.length).toBeLessThanOrEqual(MAX_DATA_REQUESTS);
      expect(consoleErrors).toEqual([]);
    }
  });
});
