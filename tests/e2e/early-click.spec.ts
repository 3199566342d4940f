// A click made as soon as a control is visible must work, even before React has hydrated the page
// (hydration starts after the first paint: docs/decisions/0005). The CPU is throttled 4x (like
// Lighthouse's mobile profile) and the page's JavaScript is held back until the click has been made,
// so every click here lands on server HTML that React has not hydrated yet. Then the scripts are
// released and the click must have taken effect: at once for what works without JavaScript (the
// portfolio filter is a GET form the server renders filtered), after hydration for the rest (the
// early click is replayed, docs/decisions/0014).
import type { Page } from "@playwright/test";
import { CONSENT_COOKIE } from "~/app/consent/consent";
import { auth as authMessages } from "~/content/messages/auth";
import { common } from "~/content/messages/common";
import { consent } from "~/content/messages/consent";
import { contactMessages } from "~/content/messages/contact";
import { portfolioMessages } from "~/content/messages/portfolio";
import { portfolio } from "~/content/portfolio";
import { format } from "~/lib/i18n/format";
import type { Lang } from "~/lib/i18n/languages";
import { expect, resetLinkToken, signInPage, signUpViaApi, test } from "./fixtures";

const LANGS: Lang[] = ["en", "ja", "zh"];
const prefix = (lang: Lang) => (lang === "en" ? "" : `/${lang}`);
// Hydration under 4x throttling on a shared machine can take a while.
const AFTER_HYDRATION = { timeout: 30_000 };

let consoleErrors: string[] = [];

test.beforeEach(async ({ page }) => {
  test.setTimeout(90_000);
  consoleErrors = [];
  page.on("console", (message) => {
    if (message.type() === "error") consoleErrors.push(message.text());
  });
  page.on("pageerror", (error) => consoleErrors.push(String(error)));
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
});

test.afterEach(() => {
  expect(consoleErrors).toEqual([]);
});

/** Holds every JavaScript module of the page until the returned function is called. */
async function holdScripts(page: Page): Promise<() => void> {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/[^?]+\.js(\?.*)?$/, async (route) => {
    await gate;
    await route.continue();
  });
  return release;
}

/** True once React has hydrated the document (it keeps its fiber on every hydrated node). */
async function waitUntilHydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => Object.keys(document.body).some((key) => key.startsWith("__reactFiber")), null, AFTER_HYDRATION);
}

/** Whether React has hydrated the page yet. */
const isHydrated = (page: Page) => page.evaluate(() => Object.keys(document.body).some((key) => key.startsWith("__reactFiber")));

/** A stored consent choice, so the banner does not cover the page. */
async function withConsent(page: Page): Promise<void> {
  const value = JSON.stringify({ v: 1, analytics: false, marketing: false, at: new Date().toISOString() });
  const url = new URL(process.env.E2E_BASE_URL!);
  await page.context().addCookies([{ name: CONSENT_COOKIE, value: encodeURIComponent(value), domain: url.hostname, path: "/" }]);
}

/** Clicks as a visitor does: as soon as the control is visible, whether or not it looks ready. */
async function earlyClick(page: Page, locator: ReturnType<Page["locator"]>): Promise<void> {
  await expect(locator).toBeVisible();
  expect(await isHydrated(page)).toBe(false);
  await locator.click({ force: true });
}

test.describe("portfolio filter clicked before hydration", () => {
  for (const lang of LANGS) {
    test(`filters at once and stays filtered after hydration (${lang})`, async ({ page }) => {
      await withConsent(page);
      const release = await holdScripts(page);
      const t = portfolioMessages[lang];
      const projects = portfolio[lang].projects;
      const expected = projects.filter((p) => p.category === "security").length;
      await page.goto(`${prefix(lang)}/portfolio`, { waitUntil: "commit" });
      const filters = page.getByTestId("portfolio-filters");
      await earlyClick(page, filters.getByRole("button", { name: t.filters.security, exact: true }));

      // Without any JavaScript yet: the server rendered the filtered page, and its URL can be shared.
      await expect(page).toHaveURL(new RegExp(`${prefix(lang)}/portfolio\\?category=security$`));
      const cards = page.getByTestId("project-card");
      await expect(cards).toHaveCount(expected);
      await expect(filters.getByRole("button", { name: t.filters.security, exact: true })).toHaveAttribute("aria-pressed", "true");

      release();
      await waitUntilHydrated(page);
      await expect(cards).toHaveCount(expected);
      for (const category of await cards.evaluateAll((items) => items.map((item) => item.getAttribute("data-category")))) {
        expect(category).toBe("security");
      }
      // After hydration the same buttons filter in place, and the URL follows.
      await filters.getByRole("button", { name: t.filters.all, exact: true }).click();
      await expect(cards).toHaveCount(projects.length, AFTER_HYDRATION);
      await expect(page).toHaveURL(new RegExp(`${prefix(lang)}/portfolio$`));
      await expect(filters.getByRole("button", { name: t.filters.all, exact: true })).toHaveAttribute("aria-pressed", "true");
    });
  }

  test("an unknown category shows every project", async ({ page }) => {
    await withConsent(page);
    await page.goto("/portfolio?category=nonsense");
    await expect(page.getByTestId("project-card")).toHaveCount(portfolio.en.projects.length);
    await expect(
      page.getByTestId("portfolio-filters").getByRole("button", { name: portfolioMessages.en.filters.all, exact: true }),
    ).toHaveAttribute("aria-pressed", "true");
  });

  test("View Details clicked before hydration opens the dialog once React is there", async ({ page }) => {
    await withConsent(page);
    const release = await holdScripts(page);
    const project = portfolio.en.projects[0]!;
    await page.goto("/portfolio", { waitUntil: "commit" });
    await earlyClick(page, page.getByRole("button", { name: `View Details: ${project.title}` }));
    release();
    await expect(page.getByTestId("project-dialog")).toBeVisible(AFTER_HYDRATION);
    await expect(page.getByTestId("project-dialog").getByRole("heading", { name: project.title })).toBeVisible();
  });
});

test.describe("cookie banner clicked before hydration", () => {
  test("Accept all is kept and the banner goes away", async ({ page }) => {
    const release = await holdScripts(page);
    await page.goto("/", { waitUntil: "commit" });
    const banner = page.getByTestId("cookie-banner");
    await earlyClick(page, banner.getByRole("button", { name: consent.en.acceptAll }));
    release();
    await expect(banner).toBeHidden(AFTER_HYDRATION);
    const stored = (await page.context().cookies()).find((c) => c.name === CONSENT_COOKIE);
    expect(JSON.parse(decodeURIComponent(stored!.value))).toMatchObject({ v: 1, analytics: true, marketing: true });
  });

  test("Reject all is kept (ja)", async ({ page }) => {
    const release = await holdScripts(page);
    await page.goto("/ja/about", { waitUntil: "commit" });
    const banner = page.getByTestId("cookie-banner");
    await earlyClick(page, banner.getByRole("button", { name: consent.ja.rejectAll }));
    release();
    await expect(banner).toBeHidden(AFTER_HYDRATION);
    const stored = (await page.context().cookies()).find((c) => c.name === CONSENT_COOKIE);
    expect(JSON.parse(decodeURIComponent(stored!.value))).toMatchObject({ v: 1, analytics: false, marketing: false });
  });

  test("Preferences opens the dialog (zh)", async ({ page }) => {
    const release = await holdScripts(page);
    await page.goto("/zh/pricing", { waitUntil: "commit" });
    await earlyClick(page, page.getByTestId("cookie-banner").getByRole("button", { name: consent.zh.preferences }));
    release();
    await expect(page.getByTestId("cookie-dialog")).toBeVisible(AFTER_HYDRATION);
  });
});

test.describe("header controls clicked before hydration", () => {
  test("the language menu opens and a language can be chosen", async ({ page }) => {
    await withConsent(page);
    const release = await holdScripts(page);
    await page.goto("/about", { waitUntil: "commit" });
    const button = page.getByTestId("language-button").filter({ visible: true });
    await earlyClick(page, button);
    release();
    const menu = page.getByTestId("language-menu").filter({ visible: true });
    await expect(menu).toBeVisible(AFTER_HYDRATION);
    await expect(button).toHaveAttribute("aria-expanded", "true");
    await menu.getByRole("menuitemradio", { name: "日本語" }).click();
    await expect(page).toHaveURL(/\/ja\/about$/, AFTER_HYDRATION);
  });

  test("the mobile menu opens at 390 px", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await withConsent(page);
    const release = await holdScripts(page);
    await page.goto("/ja", { waitUntil: "commit" });
    const toggle = page.getByTestId("mobile-menu-button");
    await earlyClick(page, toggle);
    release();
    await expect(page.getByTestId("mobile-menu")).toBeVisible(AFTER_HYDRATION);
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await expect(toggle).toHaveAccessibleName(common.ja.closeMenu);
  });
});

test.describe("clicked twice or before the sign-in is known (found by a stranger)", () => {
  test("the mobile menu tapped twice before hydration opens once", async ({ page }) => {
    // Both taps were played again after hydration: the menu opened and closed.
    await page.setViewportSize({ width: 390, height: 844 });
    await withConsent(page);
    const release = await holdScripts(page);
    await page.goto("/about", { waitUntil: "commit" });
    const toggle = page.getByTestId("mobile-menu-button");
    await earlyClick(page, toggle);
    await page.waitForTimeout(300);
    await earlyClick(page, toggle);
    release();
    await expect(page.getByTestId("mobile-menu")).toBeVisible(AFTER_HYDRATION);
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
  });

  test("the contact form sent twice before hydration on a slow network is sent once", async ({ page, app }) => {
    // The second tap resubmitted the form (nothing seemed to happen): two messages reached the inbox.
    await withConsent(page);
    const release = await holdScripts(page);
    await page.goto("/contact", { waitUntil: "commit" });
    const subject = `Early twice ${Date.now().toString(36)}`;
    const values = { name: "Grace Hopper", email: "grace@example.test", subject, message: "We need help with VAT registration in Japan." };
    for (const [field, value] of Object.entries(values)) await page.locator(`#contact-${field}`).fill(value);
    // A slow network: the post reaches the server, its answer takes a while to come back.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 300, downloadThroughput: 200_000, uploadThroughput: 90_000 });
    const send = page.getByTestId("contact-submit");
    await expect(send).toBeVisible();
    expect(await isHydrated(page)).toBe(false);
    // Two taps 300 ms apart while the page is still the form (made in the page: the navigation the
    // first starts is not waited for).
    await send.evaluate((button: HTMLButtonElement) => {
      button.click();
      setTimeout(() => button.click(), 300);
    });
    await page.waitForTimeout(600);
    release();
    const sent = async () => (await app.mails()).filter((m) => m.to.includes("contact@taxatlas.test") && m.subject.includes(subject)).length;
    await expect.poll(sent, { timeout: 20_000 }).toBeGreaterThan(0);
    await page.waitForTimeout(3_000);
    expect(await sent()).toBe(1);
  });

  test("a signed-in member's message sent before hydration goes out as the member's, with the copy mailed", async ({ page, app }) => {
    // Found by a stranger: the form posted natively, without the token only the browser holds, so the
    // message went out anonymous and the member's confirmation was never mailed.
    const session = await signUpViaApi();
    await withConsent(page);
    await signInPage(page, session);
    const release = await holdScripts(page);
    await page.goto("/contact", { waitUntil: "commit" });
    const subject = `Early member ${Date.now().toString(36)}`;
    const values = { name: "Grace Hopper", email: session.email, subject, message: "We need help with VAT registration in Japan." };
    for (const [field, value] of Object.entries(values)) await page.locator(`#contact-${field}`).fill(value);
    const send = page.getByTestId("contact-submit");
    await expect(send).toBeVisible();
    expect(await isHydrated(page)).toBe(false);
    await send.evaluate((button: HTMLButtonElement) => button.click());
    await page.waitForTimeout(300);
    release();
    await expect(page.getByTestId("contact-copy-sent")).toHaveText(format(contactMessages.en.copySent, { email: session.email }), AFTER_HYDRATION);
    const toMember = async () => (await app.mails()).filter((m) => m.to.includes(session.email)).length;
    const toTeam = async () => (await app.mails()).filter((m) => m.to.includes("contact@taxatlas.test") && m.subject.includes(subject)).length;
    await expect.poll(toMember, { timeout: 20_000 }).toBe(1);
    expect(await toTeam()).toBe(1);
  });

  test("a signed-in member's Send pressed before a header button is played before it", async ({ page, app }) => {
    // Found by a stranger: the kept form was sent after every kept click, whatever the order they came in.
    const session = await signUpViaApi();
    await withConsent(page);
    await signInPage(page, session);
    // What happens first once the page is ready: the message leaves, or the language menu opens.
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { seen: string[] }).seen = seen;
      const send = window.fetch;
      window.fetch = (input, init) => {
        if (String(input instanceof Request ? input.url : input).includes("/api/v1/contact")) seen.push("send");
        return send(input, init);
      };
      new MutationObserver(() => {
        if (!seen.includes("menu") && document.querySelector('[data-testid="language-menu"]')) seen.push("menu");
      }).observe(document, { childList: true, subtree: true });
    });
    const release = await holdScripts(page);
    await page.goto("/contact", { waitUntil: "commit" });
    const subject = `Order ${Date.now().toString(36)}`;
    const values = { name: "Grace Hopper", email: session.email, subject, message: "We need help with VAT registration in Japan." };
    for (const [field, value] of Object.entries(values)) await page.locator(`#contact-${field}`).fill(value);
    await expect(page.getByTestId("contact-submit")).toBeVisible();
    expect(await isHydrated(page)).toBe(false);
    await page.getByTestId("contact-submit").evaluate((button: HTMLButtonElement) => button.click());
    await page.getByTestId("language-button").first().evaluate((button: HTMLButtonElement) => button.click());
    release();
    await expect.poll(() => page.evaluate(() => (window as unknown as { seen: string[] }).seen), AFTER_HYDRATION).toEqual(["send", "menu"]);
    await expect.poll(async () => (await app.mails()).filter((m) => m.to.includes(session.email)).length, { timeout: 20_000 }).toBe(1);
  });

  for (const lang of ["en", "zh"] as const) {
    test(`Generate pressed before hydration asks the question once the page knows who is signed in (${lang})`, async ({ page }) => {
      // The replayed click came before the sign-in state, and Generate returned without a word.
      await withConsent(page);
      const release = await holdScripts(page);
      await page.goto(`${prefix(lang)}/services/tax-consultation`, { waitUntil: "commit" });
      const box = page.getByTestId("question-input");
      await expect(box).toBeVisible();
      const text = lang === "en" ? "Do we need transfer pricing documentation?" : "我们需要准备转让定价文档吗？";
      await box.fill(text);
      await earlyClick(page, page.getByTestId("generate-button"));
      release();
      // Signed out: sent to log in, the question kept for after it.
      await expect(page).toHaveURL(new RegExp(`${prefix(lang)}/login`), AFTER_HYDRATION);
    });
  }
});

test.describe("ticked before hydration (found by a stranger)", () => {
  for (const path of ["/login", "/ja/signup"]) {
    test(`"Show password" ticked before hydration shows the password once the page is ready (${path})`, async ({ page }) => {
      // Hydration unticked the box and the password stayed hidden.
      await withConsent(page);
      const release = await holdScripts(page);
      await page.goto(path, { waitUntil: "commit" });
      const password = page.locator("#password");
      await expect(password).toBeVisible();
      await password.fill("correct horse battery");
      await earlyClick(page, page.locator("#show-password"));
      release();
      await waitUntilHydrated(page);
      await expect(page.locator("#show-password")).toBeChecked();
      await expect(password).toHaveAttribute("type", "text", AFTER_HYDRATION);
      await page.locator("#show-password").click();
      await expect(password).toHaveAttribute("type", "password");
    });
  }
});

test.describe("links need no JavaScript", () => {
  test("a pricing link clicked before hydration navigates", async ({ page }) => {
    await withConsent(page);
    const release = await holdScripts(page);
    await page.goto("/pricing", { waitUntil: "commit" });
    const contact = page.getByRole("main").getByRole("link", { name: /contact/i }).first();
    await earlyClick(page, contact);
    await expect(page).toHaveURL(/\/contact/);
    release();
  });
});

test.describe("typing before hydration", () => {
  for (const lang of ["en", "ja"] as const) {
    test(`a question typed into the assistant's box before hydration is kept (${lang})`, async ({ page }) => {
      // Found by a stranger: React emptied the box when it hydrated, and Generate then did nothing.
      await withConsent(page);
      const release = await holdScripts(page);
      await page.goto(`${prefix(lang)}/services/tax-consultation`, { waitUntil: "commit" });
      const box = page.getByTestId("question-input");
      await expect(box).toBeVisible();
      expect(await isHydrated(page)).toBe(false);
      const text = lang === "en" ? "Do we need transfer pricing documentation?" : "移転価格の文書化は必要ですか";
      await box.fill(text);
      release();
      await waitUntilHydrated(page);
      await expect(box).toHaveValue(text);
      // The page's own state has it too: the counter counts it, and Generate asks it (a visitor is sent to log in).
      await expect(page.locator(`#${await box.getAttribute("aria-describedby")}`)).toContainText(String(text.length));
      await page.getByTestId("generate-button").click();
      await expect(page).toHaveURL(new RegExp(`${prefix(lang)}/login`));
    });
  }
});

test.describe("a signed-in member's controls before hydration (found by a stranger)", () => {
  /** The bodies of the assistant's ask requests, as the page sends them. */
  function askBodies(page: Page): { question: string; parentId?: string }[] {
    const bodies: { question: string; parentId?: string }[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST" && new URL(request.url()).pathname === "/api/v1/ai/ask") bodies.push(request.postDataJSON());
    });
    return bodies;
  }

  /** A new member signed in on the assistant's page, its scripts held: the ask requests it sends, and the release. */
  async function memberOnAssistantPage(page: Page, inTab?: (page: Page) => Promise<unknown>) {
    const session = await signUpViaApi();
    await withConsent(page);
    await signInPage(page, session);
    await inTab?.(page);
    const asked = askBodies(page);
    const release = await holdScripts(page);
    await page.goto("/services/tax-consultation", { waitUntil: "commit" });
    return { asked, release };
  }

  /** Types `text` and presses Generate before hydration: once the page is there, `text` alone is asked and charged. */
  async function askBeforeHydration(page: Page, { asked, release }: Awaited<ReturnType<typeof memberOnAssistantPage>>, text: string) {
    const box = page.getByTestId("question-input");
    await expect(box).toBeVisible();
    await box.fill(text);
    await earlyClick(page, page.getByTestId("generate-button"));
    release();
    await expect(page.getByTestId("ai-charge")).toBeVisible(AFTER_HYDRATION);
    expect(asked.map((body) => body.question)).toEqual([text]);
  }

  test("Generate asks once, and the box is empty after the answer (en)", async ({ page }) => {
    // The question came back into the box (the draft it keeps was restored): one click from being paid for twice.
    await askBeforeHydration(page, await memberOnAssistantPage(page), "Do we need transfer pricing documentation?");
    await expect(page.getByTestId("question-input")).toHaveValue("");
  });

  test("a question kept from running out of credits does not come back after a newer one asked before hydration (en)", async ({ page }) => {
    // The early question left the kept one in the tab's storage, and the next visit put it back in the box.
    const member = await memberOnAssistantPage(page, (tab) =>
      tab.evaluate(() =>
        sessionStorage.setItem("ai-pending-question", JSON.stringify({ path: "/services/tax-consultation", topic: "tax-consultation", text: "An older question kept for after buying credits" })),
      ),
    );
    await askBeforeHydration(page, member, "Do we need transfer pricing documentation?");
    await page.goto("/services/tax-consultation");
    await waitUntilHydrated(page);
    await expect(page.locator("html[data-hydrated]")).toBeAttached(AFTER_HYDRATION);
    await page.waitForTimeout(300);
    await expect(page.getByTestId("question-input")).toHaveValue("");
    expect(await page.evaluate(() => sessionStorage.getItem("ai-pending-question"))).toBeNull();
  });

  test("a follow-up asked on a reopened thread goes out as a follow-up, and its answer joins the thread (ja)", async ({ page, app }) => {
    // It went out as a new question, and the thread, shown a moment later, covered its paid answer.
    const session = await signUpViaApi();
    const first = await app.api("/ai/ask", { method: "POST", token: session.token, body: { topic: "tax-consultation", question: "移転価格文書は必要ですか？", lang: "ja" } });
    expect(first.status).toBe(200);
    const history = await app.api("/ai/history", { token: session.token });
    const { threadId, id: firstId } = history.body.questions[0] as { threadId: string; id: string };
    await withConsent(page);
    await signInPage(page, { token: session.token, user: { ...session.user, credits: 2 } });
    const asked = askBodies(page);
    const release = await holdScripts(page);
    await page.goto(`/ja/services/tax-consultation?thread=${threadId}`, { waitUntil: "commit" });
    const box = page.getByTestId("question-input");
    await expect(box).toBeVisible();
    await box.fill("文書化の期限はいつですか？");
    await earlyClick(page, page.getByTestId("generate-button"));
    release();
    const answers = page.getByTestId("ai-answer");
    await expect(answers).toHaveCount(2, AFTER_HYDRATION);
    await expect(answers.nth(1).getByTestId("ai-charge")).toBeVisible();
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({ question: "文書化の期限はいつですか？", parentId: firstId });
  });

  test("an example question and Generate, both clicked before hydration, ask the example once (en)", async ({ page }) => {
    // The two clicks were played in one task: Generate still saw an empty box and asked nothing.
    const { asked, release } = await memberOnAssistantPage(page);
    const example = page.getByTestId("example-question").first();
    await expect(example).toBeVisible();
    const text = (await example.textContent())!.trim();
    await earlyClick(page, example);
    await earlyClick(page, page.getByTestId("generate-button"));
    release();
    await expect(page.getByTestId("ai-charge")).toBeVisible(AFTER_HYDRATION);
    expect(asked.map((body) => body.question)).toEqual([text]);
  });

  test("a password reset sent before hydration forgets this browser's session too (zh)", async ({ page, app }) => {
    // The reset revoked every session, but the browser kept its token and still showed the member.
    const session = await signUpViaApi();
    const token = await resetLinkToken(app, session.email);
    await withConsent(page);
    await signInPage(page, session);
    const release = await holdScripts(page);
    await page.goto(`/zh/reset-password?token=${encodeURIComponent(token)}`, { waitUntil: "commit" });
    const password = page.locator("#password");
    await expect(password).toBeVisible();
    await password.fill("a brand new secret");
    await page.locator("#confirm").fill("a brand new secret");
    await page.getByTestId("reset-form").getByRole("button", { name: authMessages.zh.reset.submit }).evaluate((button: HTMLButtonElement) => button.click());
    await page.waitForTimeout(300);
    release();
    await expect(page.getByRole("status").filter({ hasText: authMessages.zh.reset.success })).toBeVisible(AFTER_HYDRATION);
    await expect.poll(() => page.evaluate(() => localStorage.getItem("token"))).toBeNull();
    await expect(page.getByTestId("header-account")).toHaveCount(0);
  });

  test("the language menu opened before hydration on a signed-in header at 1100 px is the one shown", async ({ page }) => {
    // The signed-in header moves its controls below 1280 px: the menu opened in the hidden one.
    await page.setViewportSize({ width: 1100, height: 800 });
    const session = await signUpViaApi();
    await withConsent(page);
    await signInPage(page, session);
    const release = await holdScripts(page);
    await page.goto("/about", { waitUntil: "commit" });
    await earlyClick(page, page.getByTestId("language-button").first());
    release();
    // Once the header is the signed-in one, the menu is open where it can be seen.
    await expect(page.getByTestId("header-credits").first()).toBeAttached(AFTER_HYDRATION);
    await page.waitForTimeout(500);
    await expect(page.getByTestId("language-menu").filter({ visible: true })).toHaveCount(1);
  });
});

test.describe("between hydration and the sign-in being known, and without scripts (found by a stranger)", () => {
  const values = (subject: string, email = "grace@example.test") => ({ name: "Grace Hopper", email, subject, message: "We need help with VAT registration in Japan." });
  const teamMails = async (app: { mails(): Promise<{ to: string; subject: string }[]> }, subject: string) =>
    (await app.mails()).filter((m) => m.to.includes("contact@taxatlas.test") && m.subject.includes(subject)).length;

  test("a visitor's Send pressed once React has the form, before the page knows who is signed in, is sent once", async ({ page, app }) => {
    // The form held its submit until the sign-in was known, and the head script then blocked it as a second one.
    await withConsent(page);
    const release = await holdScripts(page);
    await page.goto("/contact", { waitUntil: "commit" });
    const subject = `Gap ${Date.now().toString(36)}`;
    for (const [field, value] of Object.entries(values(subject))) await page.locator(`#contact-${field}`).fill(value);
    release();
    // Pressed in the first frame where React has the form (it sets novalidate) and the page is not yet ready.
    const pressedInGap = await page.waitForFunction(
      () => {
        const form = document.querySelector<HTMLFormElement>('[data-testid="contact-form"]');
        if (document.documentElement.hasAttribute("data-hydrated")) return "late";
        if (!form?.noValidate) return false;
        form.querySelector<HTMLButtonElement>('[data-testid="contact-submit"]')!.click();
        return "gap";
      },
      null,
      { polling: "raf", ...AFTER_HYDRATION },
    );
    expect(await pressedInGap.jsonValue()).toBe("gap");
    await expect(page).toHaveURL(/\/contact\?sent=1$/, AFTER_HYDRATION);
    await expect.poll(() => teamMails(app, subject), { timeout: 20_000 }).toBe(1);
  });

  test("a signed-in member's message is still sent when the page's scripts never load", async ({ page, app }) => {
    // The head script held the member's form for the scripts, which never came: Send did nothing, for good.
    test.setTimeout(120_000);
    const session = await signUpViaApi();
    await withConsent(page);
    await signInPage(page, session);
    await page.route(/\/assets\/[^?]+\.js(\?.*)?$/, (route) => route.abort());
    await page.goto("/contact", { waitUntil: "commit" });
    const subject = `No scripts ${Date.now().toString(36)}`;
    for (const [field, value] of Object.entries(values(subject, session.email))) await page.locator(`#contact-${field}`).fill(value);
    await page.getByTestId("contact-submit").evaluate((button: HTMLButtonElement) => button.click());
    await expect(page).toHaveURL(/\/contact\?sent=1$/, { timeout: 30_000 });
    expect(await teamMails(app, subject)).toBe(1);
    // The scripts that failed to load are the page's own errors, not the test's.
    consoleErrors = consoleErrors.filter((text) => !/Failed to load resource|Failed to fetch dynamically imported module|error loading dynamically imported module|net::ERR_FAILED/i.test(text));
  });

  /** Sets a new password through the reset page, once it is ready, and sees it succeed. */
  async function resetOnPage(page: Page, token: string) {
    await page.goto(`/reset-password?token=${encodeURIComponent(token)}`);
    await page.waitForSelector("html[data-hydrated]", AFTER_HYDRATION);
    await page.locator("#password").fill("a brand new secret");
    await page.locator("#confirm").fill("a brand new secret");
    await page.getByTestId("reset-form").getByRole("button", { name: authMessages.en.reset.submit }).click();
    await expect(page.getByRole("status").filter({ hasText: authMessages.en.reset.success })).toBeVisible();
  }

  test("a password reset with the browser's storage blocked says it succeeded", async ({ page, app }) => {
    // Forgetting the session threw, and a reset the server had made was reported as failed.
    const session = await signUpViaApi();
    const token = await resetLinkToken(app, session.email);
    await withConsent(page);
    await page.addInitScript(() => {
      Object.defineProperty(window, "localStorage", {
        get() {
          throw new DOMException("The operation is insecure.", "SecurityError");
        },
      });
    });
    await resetOnPage(page, token);
  });

  test("resetting another account's password leaves this browser's member signed in", async ({ page, app }) => {
    // The browser forgot the member's session, which the reset of another account had not ended.
    const member = await signUpViaApi();
    const other = await signUpViaApi();
    const token = await resetLinkToken(app, other.email);
    await withConsent(page);
    await signInPage(page, member);
    await resetOnPage(page, token);
    expect(await page.evaluate(() => localStorage.getItem("token"))).toBe(member.token);
    expect((await app.api("/user/me", { token: member.token })).status).toBe(200);
  });
});
