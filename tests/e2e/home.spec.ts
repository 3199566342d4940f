// The shared layout and the home page in a real browser: languages (server-rendered, stored,
// prefixed URLs), the language dropdown, the mobile menu, the 404 page, caching and accessibility.
import { expectNoAxeViolations } from "./axe";
import { LANGUAGES, type Lang } from "~/lib/i18n/languages";
import { home } from "~/content/home";
import { common } from "~/content/messages/common";
import { expect, readyWithConsent, test, waitForHydration } from "./fixtures";

const LANGS: Lang[] = ["en", "ja", "zh"];
const prefix = (lang: Lang) => (lang === "en" ? "" : `/${lang}`);
const htmlLang = (lang: Lang) => LANGUAGES.find((l) => l.code === lang)!.tag;

const hydrated = waitForHydration;

test.describe("server-rendered language", () => {
  for (const lang of LANGS) {
    test(`the first HTML is already in ${lang} when selectedLanguage=${lang} is stored`, async ({ request, baseURL }) => {
      // The stored choice beats the browser language: ask with a different Accept-Language.
      const response = await request.get(`${baseURL}/`, {
        headers: { Cookie: `selectedLanguage=${lang}`, "Accept-Language": lang === "en" ? "ja,zh;q=0.8" : "en-US,en;q=0.9" },
      });
      expect(response.status()).toBe(200);
      expect(new URL(response.url()).pathname).toBe(lang === "en" ? "/" : `/${lang}`);
      const html = await response.text();
      expect(html).toContain(`<html lang="${htmlLang(lang)}"`);
      expect(html).toContain(home[lang].hero.title);
      expect(html).toContain(common[lang].nav.login);
      for (const other of LANGS.filter((l) => l !== lang)) expect(html).not.toContain(home[other].hero.title);
    });
  }

  test("without a stored choice the browser language decides, unsupported codes fall back to English", async ({ request, baseURL }) => {
    const zh = await request.get(`${baseURL}/`, { headers: { "Accept-Language": "fr-FR,zh-CN;q=0.8,en;q=0.5" } });
    expect(new URL(zh.url()).pathname).toBe("/zh");
    expect(await zh.text()).toContain(home.zh.hero.title);

    const fallback = await request.get(`${baseURL}/`, {
      headers: { Cookie: "selectedLanguage=fr", "Accept-Language": "de-DE,fr;q=0.9" },
    });
    expect(new URL(fallback.url()).pathname).toBe("/");
    expect(await fallback.text()).toContain(home.en.hero.title);
  });

  test("the page is readable before any script runs", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
    await context.addCookies([{ name: "selectedLanguage", value: "ja", url: baseURL! }]);
    const page = await context.newPage();
    await page.goto("/");
    await expect(page).toHaveURL(/\/ja$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(home.ja.hero.title);
    await expect(page.locator("html")).toHaveAttribute("lang", "ja");
    await context.close();
  });
});

test.describe("home page", () => {
  for (const lang of LANGS) {
    test(`renders completely in ${lang}`, async ({ page }) => {
      const response = await page.goto(`${prefix(lang)}/`);
      expect(response?.status()).toBe(200);
      const content = home[lang];
      await expect(page.locator("html")).toHaveAttribute("lang", htmlLang(lang));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(content.hero.title);
      const cta = page.getByRole("link", { name: content.hero.cta });
      await expect(cta).toHaveAttribute("href", `${prefix(lang)}/signup`);
      for (const card of content.services.cards) {
        await expect(page.getByRole("heading", { name: card.title, exact: true })).toBeVisible();
      }
      for (const item of content.questions.items) await expect(page.getByText(item.question).first()).toBeVisible();
      // Head: canonical and one hreflang alternate per language plus x-default.
      await expect(page.locator('link[rel="canonical"]')).toHaveCount(1);
      await expect(page.locator('link[rel="alternate"][hreflang]')).toHaveCount(4);
      // Links stay within the language; every image is local.
      await expect(page.getByRole("navigation", { name: common[lang].mainNavigation }).getByRole("link", { name: common[lang].nav.about })).toHaveAttribute(
        "href",
        `${prefix(lang)}/about`,
      );
      const images = await page.locator("img").evaluateAll((imgs) => imgs.map((img) => (img as HTMLImageElement).src));
      for (const src of images) expect(new URL(src).origin).toBe(new URL(page.url()).origin);
      await expect(page.locator("footer")).toContainText(String(new Date().getFullYear()));
    });
  }

  test("/ja/ and /zh/ with a trailing slash are the same pages", async ({ page }) => {
    for (const lang of ["ja", "zh"] as const) {
      const response = await page.goto(`/${lang}/`);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(home[lang].hero.title);
    }
  });
});

test.describe("language dropdown", () => {
  test("switching language keeps the page, sets the cookie, closes the menu and survives a reload", async ({ page, context }) => {
    await page.goto("/");
    await hydrated(page);
    const button = page.getByTestId("language-button").filter({ visible: true });
    await button.click();
    const menu = page.getByTestId("language-menu").filter({ visible: true });
    await expect(menu).toBeVisible();
    await expect(button).toHaveAttribute("aria-expanded", "true");
    await menu.getByRole("menuitemradio", { name: "日本語" }).click();

    await expect(page).toHaveURL(/\/ja$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(home.ja.hero.title);
    await expect(page.locator("html")).toHaveAttribute("lang", "ja");
    // The dropdown closes by itself shortly (200 ms) after the choice.
    await expect(page.getByTestId("language-menu")).toHaveCount(0);
    const cookie = (await context.cookies()).find((c) => c.name === "selectedLanguage");
    expect(cookie?.value).toBe("ja");
    expect(await page.evaluate(() => localStorage.getItem("selectedLanguage"))).toBe("ja");

    await page.reload();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(home.ja.hero.title);
    // An unprefixed URL now opens in the stored language.
    await page.goto("/");
    await expect(page).toHaveURL(/\/ja$/);

    // Back to English from another page: stays on that page.
    await page.goto("/ja/about");
    await hydrated(page);
    await page.getByTestId("language-button").filter({ visible: true }).click();
    await page.getByTestId("language-menu").filter({ visible: true }).getByRole("menuitemradio", { name: "English" }).click();
    // /ja/about also ends in /about: wait for the exact path.
    await expect(page).toHaveURL((url) => url.pathname === "/about");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    expect((await context.cookies()).find((c) => c.name === "selectedLanguage")?.value).toBe("en");
  });

  test("Escape and a click outside close the dropdown", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    const button = page.getByTestId("language-button").filter({ visible: true });
    await button.click();
    await expect(page.getByTestId("language-menu").filter({ visible: true })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByTestId("language-menu")).toHaveCount(0);
    await button.click();
    await page.getByRole("heading", { level: 1 }).click();
    await expect(page.getByTestId("language-menu")).toHaveCount(0);
  });
});

test.describe("keyboard", () => {
  for (const [width, height] of [
    [390, 844],
    [1366, 768],
  ] as const) {
    test(`the language menu follows the menu-button pattern and shows names, not flags (${width} px)`, async ({ page }) => {
      await page.setViewportSize({ width, height });
      await page.goto("/");
      await hydrated(page);
      const button = page.getByTestId("language-button").filter({ visible: true });
      await expect(button).toHaveText("English");
      await expect(button).toHaveAttribute("aria-haspopup", "menu");
      const menu = page.getByTestId("language-menu");
      const item = (name: string) => menu.getByRole("menuitemradio", { name });

      // Enter opens on the first item; arrows move and wrap; Home and End jump.
      await button.focus();
      await page.keyboard.press("Enter");
      await expect(menu).toBeVisible();
      await expect(button).toHaveAttribute("aria-expanded", "true");
      await expect(menu.getByRole("menuitemradio")).toHaveCount(LANGUAGES.length);
      for (const [i, language] of LANGUAGES.entries()) await expect(menu.getByRole("menuitemradio").nth(i)).toHaveAccessibleName(language.name);
      expect(await menu.textContent()).not.toMatch(/\p{Regional_Indicator}/u);
      await expect(item("English")).toBeFocused();
      await expect(item("English")).toHaveAttribute("aria-checked", "true");
      await page.keyboard.press("ArrowDown");
      await expect(item("日本語")).toBeFocused();
      await page.keyboard.press("ArrowDown");
      await expect(item("中文")).toBeFocused();
      await page.keyboard.press("ArrowDown");
      await expect(item("English")).toBeFocused();
      await page.keyboard.press("ArrowUp");
      await expect(item("中文")).toBeFocused();
      await page.keyboard.press("Home");
      await expect(item("English")).toBeFocused();
      await page.keyboard.press("End");
      await expect(item("中文")).toBeFocused();

      // Escape closes and returns focus to the button.
      await page.keyboard.press("Escape");
      await expect(menu).toHaveCount(0);
      await expect(button).toBeFocused();
      await expect(button).toHaveAttribute("aria-expanded", "false");

      // Space and ArrowDown open on the first item too; Tab closes.
      await page.keyboard.press("Space");
      await expect(item("English")).toBeFocused();
      await page.keyboard.press("Tab");
      await expect(menu).toHaveCount(0);
      await button.focus();
      await page.keyboard.press("ArrowDown");
      await expect(item("English")).toBeFocused();

      // Choosing with the keyboard switches the language.
      await page.keyboard.press("ArrowDown");
      await page.keyboard.press("Enter");
      await expect(page).toHaveURL(/\/ja$/);
      await expect(page.locator("html")).toHaveAttribute("lang", "ja");
      await expect(menu).toHaveCount(0);
    });
  }

  test("Escape closes the mobile menu and returns focus to its button (390 px)", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/");
    await hydrated(page);
    const toggle = page.getByTestId("mobile-menu-button");
    await toggle.focus();
    await page.keyboard.press("Enter");
    const menu = page.getByTestId("mobile-menu");
    await expect(menu).toBeVisible();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("Tab");
    await expect(menu.getByRole("link").first()).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(menu).toHaveCount(0);
    await expect(toggle).toBeFocused();
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
  });

  for (const [width, height] of [
    [390, 844],
    [1366, 768],
  ] as const) {
    test(`focus rings are two-tone (dark blue inside, white outside), so they show on light and dark backgrounds (${width} px)`, async ({ page }) => {
      await page.setViewportSize({ width, height });
      await page.goto("/");
      await hydrated(page);
      // The hero's call to action sits on the navy hero; the language button on the white header.
      const targets = [page.getByTestId("hero-cta"), page.getByTestId("language-button").filter({ visible: true })];
      for (const target of targets) {
        await target.focus();
        // Focus by script does not always match :focus-visible; a Tab round trip does.
        await page.keyboard.press("Shift+Tab");
        await page.keyboard.press("Tab");
        await expect(target).toBeFocused();
        const ring = await target.evaluate((el) => {
          const style = getComputedStyle(el);
          return { outlineStyle: style.outlineStyle, outlineWidth: parseFloat(style.outlineWidth), outlineColor: style.outlineColor, boxShadow: style.boxShadow };
        });
        expect(ring.outlineStyle).toBe("solid");
        expect(ring.outlineWidth).toBeGreaterThanOrEqual(2);
        // Dark blue (#1e3a8a) inner ring: 10:1 on white. White outer ring: 14:1 on the navy hero.
        expect(ring.outlineColor).toBe("rgb(255, 255, 255)");
        expect(ring.boxShadow).toContain("rgb(30, 58, 138)");
      }
    });
  }
});

test.describe("mobile layout", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test("the menu opens and closes at 375 px and the page does not scroll sideways", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    const toggle = page.getByTestId("mobile-menu-button");
    await expect(toggle).toBeVisible();
    await expect(page.getByTestId("mobile-menu")).toHaveCount(0);
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(toggle).toHaveAccessibleName(common.en.openMenu);

    await toggle.click();
    const menu = page.getByTestId("mobile-menu");
    await expect(menu).toBeVisible();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await expect(toggle).toHaveAccessibleName(common.en.closeMenu);
    await expect(menu.getByRole("link", { name: common.en.nav.login })).toBeVisible();
    await expect(menu.getByRole("link", { name: common.en.nav.signup })).toBeVisible();

    await toggle.click();
    await expect(menu).toHaveCount(0);
    await expect(toggle).toHaveAttribute("aria-expanded", "false");

    // Following a link closes the menu too.
    await toggle.click();
    await menu.getByRole("link", { name: common.en.nav.about }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.getByTestId("mobile-menu")).toHaveCount(0);

    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });

  test("tabbing out of the open menu closes it, so focus never lands on a link hidden beneath it", async ({ page }) => {
    // Found by a stranger's review: past the menu's last link, Tab went to the page's links under the
    // open panel, which stayed open over them.
    await page.goto("/ja/about");
    await readyWithConsent(page, "ja");
    await page.getByTestId("mobile-menu-button").focus();
    await page.keyboard.press("Enter");
    const menu = page.getByTestId("mobile-menu");
    await expect(menu).toBeVisible();
    const last = menu.getByRole("link", { name: common.ja.nav.signup });
    await last.focus();
    await page.keyboard.press("Tab");
    await expect(menu).toHaveCount(0);
    await expect(page.getByTestId("mobile-menu-button")).toHaveAttribute("aria-expanded", "false");
    // Whatever has focus now is in view once the (smooth) scroll ends, not under the header.
    const covered = () =>
      page.evaluate(() => {
        const focused = document.activeElement as HTMLElement;
        const box = focused.getBoundingClientRect();
        const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
        return !(top && (focused === top || focused.contains(top)));
      });
    await expect.poll(covered).toBe(false);
  });
});

test.describe("errors and caching", () => {
  for (const lang of LANGS) {
    test(`an unknown path answers 404 with the translated page (${lang})`, async ({ page }) => {
      const response = await page.goto(`${prefix(lang)}/no-such-page-${lang}`);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(common[lang].notFound.title);
      await expect(page.getByTestId("error-notFound")).toBeVisible();
      await expect(page.locator("html")).toHaveAttribute("lang", htmlLang(lang));
    });
  }

  test("the home page is cacheable: ETag, 304 on revalidation, compressed, public Cache-Control", async ({ request, baseURL }) => {
    const first = await request.get(`${baseURL}/`, { headers: { "Accept-Encoding": "br, gzip" } });
    expect(first.status()).toBe(200);
    const etag = first.headers()["etag"];
    expect(etag).toBeTruthy();
    expect(first.headers()["cache-control"]).toContain("public");
    expect(first.headers()["content-encoding"]).toBe("br");
    expect(first.headers()["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(first.headers()["content-security-policy"]).not.toContain("'unsafe-inline' 'sha");
    const second = await request.get(`${baseURL}/`, { headers: { "If-None-Match": etag! } });
    expect(second.status()).toBe(304);
  });
});

test.describe("accessibility", () => {
  for (const lang of LANGS) {
    test(`axe finds no violations on the home page (${lang})`, async ({ page }) => {
      await page.goto(`${prefix(lang)}/`);
      await hydrated(page);
      await expectNoAxeViolations(page);
    });
  }

  test("axe finds no violations with the language dropdown and the mobile menu open", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto("/");
    await hydrated(page);
    await page.getByTestId("mobile-menu-button").click();
    await page.getByTestId("language-button").filter({ visible: true }).click();
    await expectNoAxeViolations(page);
  });
});
