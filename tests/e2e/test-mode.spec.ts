// Without Stripe keys (the e2e main server) payments use the built-in test provider, and the site
// says so: every checkout page, in every language and before signing in, shows the "Test mode"
// notice with the test cards; every admin page shows a banner naming the keys that take real
// payments. The Stripe-mode server (tests/e2e/checkout.spec.ts) shows neither.
import { expectNoAxeViolations } from "./axe";
import { admin } from "~/content/messages/admin";
import { checkout } from "~/content/messages/checkout";
import { PACKAGES } from "~/lib/catalog";
import type { Lang } from "~/lib/i18n/languages";
import { adminSession, expect, signInPage, signUpViaApi, test } from "./fixtures";

const LANGS: Lang[] = ["en", "ja", "zh"];
const prefixed = (lang: Lang, path: string) => (lang === "en" ? path : `/${lang}${path}`);
const TEST_CARDS = ["4242 4242 4242 4242", "4000 0000 0000 0002", "4000 0000 0000 9995"];

test.describe("payments in test mode", () => {
  test.describe.configure({ timeout: 120_000 });

  test("every checkout page's HTML carries the test-mode notice, before any sign-in", async ({ request, baseURL }) => {
    for (const lang of LANGS) {
      for (const pkg of PACKAGES) {
        const response = await request.get(baseURL + prefixed(lang, `/pricing/${pkg.id}`));
        expect(response.status()).toBe(200);
        const html = await response.text();
        expect(html).toContain('data-testid="test-mode"');
        expect(html).toContain(checkout[lang].testMode.badge);
        for (const card of TEST_CARDS) expect(html).toContain(card);
      }
    }
  });

  test("a member sees the notice with the test cards on every checkout page, in every language", async ({ page }) => {
    await signInPage(page, await signUpViaApi());
    for (const lang of LANGS) {
      for (const pkg of PACKAGES) {
        await page.goto(prefixed(lang, `/pricing/${pkg.id}`));
        await expect(page.getByTestId("checkout-form")).toBeVisible();
        const notice = page.getByRole("note").filter({ hasText: checkout[lang].testMode.badge });
        await expect(notice).toBeVisible();
        await expect(notice).toContainText(checkout[lang].testMode.text);
        for (const card of TEST_CARDS) await expect(notice).toContainText(card);
      }
    }
    await expectNoAxeViolations(page);
  });

  test("every admin page shows the test-mode banner naming the Stripe keys, and that SITE_URL is unset, in every language", async ({ page, baseURL }) => {
    const session = await adminSession();
    await signInPage(page, session);
    for (const lang of LANGS) {
      const t = admin[lang].layout.testMode;
      for (const path of ["/admin", "/admin/users", `/admin/users/${session.user.id}`, "/admin/messages", "/admin/pricing"]) {
        await page.goto(prefixed(lang, path));
        await expect(page.getByTestId("admin-layout")).toBeVisible({ timeout: 15_000 });
        const banner = page.getByTestId("admin-test-mode");
        await expect(banner).toBeVisible();
        await expect(banner).toHaveAttribute("role", "note");
        await expect(banner).toContainText(t.badge);
        await expect(banner).toContainText(t.text);
        await expect(banner).toContainText("STRIPE_SECRET_KEY");
        await expect(banner).toContainText("STRIPE_PUBLISHABLE_KEY");
        // The e2e servers run without SITE_URL: links use the origin printed at start-up.
        const siteUrl = page.getByTestId("admin-site-url-unset");
        await expect(siteUrl).toHaveAttribute("role", "note");
        await expect(siteUrl).toContainText(admin[lang].layout.siteUrl.badge);
        await expect(siteUrl).toContainText(new URL(baseURL!).origin);
      }
    }
    await page.goto("/admin/users");
    await expect(page.getByTestId("admin-test-mode")).toBeVisible({ timeout: 15_000 });
    await expect(page.getByTestId("user-row").first()).toBeVisible();
    await expectNoAxeViolations(page);
  });
});
