// The AI tax assistant on the service pages in a real browser: example questions, the streamed
// answer and the credit it costs, the ignored empty question, the trip through the login page,
// the pricing link at 0 credits and the answers from the published material of a server without a key.
import { expectNoAxeViolations } from "./axe";
import type { Page } from "@playwright/test";
import { ai as aiMessages } from "~/content/messages/ai";
import { explore as exploreMessages } from "~/content/messages/explore";
import { AI_ERRORS } from "~/lib/ai/errors";
import { KNOWLEDGE_BASE } from "~/lib/ai/knowledge-base";
import { format } from "~/lib/i18n/format";
import { expect, readyWithConsent, signInPage, signUpViaApi, test, uniqueEmail, waitForHydration, type Session } from "./fixtures";

const PAGE = "/services/tax-consultation";
const t = aiMessages.en;

/** A new member signed in on PAGE, with `question` in the box. */
async function memberAtTheBox(page: Page, question: string): Promise<Session> {
  const session = await signUpViaApi();
  await page.goto(PAGE);
  await signInPage(page, session);
  await readyWithConsent(page);
  await page.getByLabel(t.questionLabel).fill(question);
  return session;
}

/** The server answers the next question in full; the answer stays on its way (a slow network) until `deliver`. */
async function holdAnswerOnTheWay(page: Page): Promise<{ serverDone: Promise<void>; deliver: () => void }> {
  let deliver!: () => void;
  const delivered = new Promise<void>((resolve) => (deliver = resolve));
  let answered!: () => void;
  const serverDone = new Promise<void>((resolve) => (answered = resolve));
  await page.route("**/api/v1/ai/ask", async (route) => {
    const response = await route.fetch();
    answered();
    await delivered;
    // The page may have gone meanwhile.
    await route.fulfill({ response }).catch(() => undefined);
  });
  return { serverDone, deliver };
}


const askRequests = (page: Page) => {
  const seen: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/api/v1/ai/ask")) seen.push(request.url());
  });
  return seen;
};

test.describe("the AI assistant on a service page", () => {
  test("a member asks an example question, sees the answer stream in and the balance drop by 1", async ({ page, app }) => {
    const session = await signUpViaApi();
    expect(session.user.credits).toBe(3);
    await page.goto(PAGE);
    await signInPage(page, session);
    await readyWithConsent(page);
    await expect(page.getByTestId("header-credits").first()).toContainText("3");

    const examples = page.getByTestId("example-question");
    await expect(examples).toHaveCount(5);
    const example = KNOWLEDGE_BASE["tax-consultation"][2]!.en.question;
    await examples.nth(2).click();
    const box = page.getByLabel(t.questionLabel);
    await expect(box).toHaveValue(example);
    await expect(box).toBeFocused();

    await app.aiMode("stream-slow");
    const generate = page.getByTestId("generate-button");
    await generate.click();
    await expect(generate).toBeDisabled();
    await expect(generate).toHaveText(t.generating);
    await expect(box).toHaveValue("");
    const answer = page.getByTestId("ai-answer");
    // Part of the answer is on the page before it is complete.
    await expect(answer.getByRole("heading", { name: "Short answer" })).toBeVisible();
    await expect(answer).toContainText(example);
    await expect(page.getByTestId("ai-cursor")).toBeVisible();

    await expect(generate).toHaveText(t.generate, { timeout: 10_000 });
    await expect(generate).toBeEnabled();
    await expect(answer.locator("strong", { hasText: "general answer" })).toBeVisible();
    // The answer's own list (the Sources list under it is counted separately).
    await expect(answer.locator("ul").getByRole("listitem")).toHaveCount(2);
    // The model was given the site's passages: the page lists them as Sources.
    await expect(page.getByTestId("ai-sources").getByRole("link").first()).toHaveAttribute("href", /^\/services\//);
    await expect(answer).toContainText(t.sourceModel);
    await expect(page.getByTestId("ai-charge")).toHaveText("1 credit used. Your balance: 2 credits.");
    // The live status says what the answer cost, not only that it is ready (found by a screen-reader user).
    await expect(page.getByRole("status").filter({ hasText: `${t.statusDone} 1 credit used. Your balance: 2 credits.` })).toHaveCount(1);
    await expect(page.getByTestId("header-credits").first()).toContainText("2");
    expect(await page.evaluate(() => localStorage.getItem("credits"))).toBe("2");

    const history = await app.api("/ai/history", { token: session.token });
    expect(history.body.questions).toHaveLength(1);
    expect(history.body.questions[0]).toMatchObject({ question: example, status: "answered", creditsSpent: 1 });

    await expectNoAxeViolations(page);

    // The address names the thread: a reload shows the answer again, with nothing charged (found by
    // a stranger's review: a reload lost the answer just paid for).
    const threadId = history.body.questions[0].threadId as string;
    await expect(page).toHaveURL(new RegExp(`[?&]thread=${threadId}$`));
    await page.reload();
    await expect(page.locator("html[data-hydrated]")).toBeAttached();
    await expect(page.getByTestId("ai-answer")).toContainText(example);
    await expect(page.getByTestId("ai-answer").locator("strong", { hasText: "general answer" })).toBeVisible();
    expect((await app.api("/ai/history", { token: session.token })).body.questions).toHaveLength(1);
  });

  test("the Stop button ends a streaming answer: no credit used, no partial answer kept, stored as stopped", async ({ page, app }) => {
    const session = await signUpViaApi();
    await page.goto(PAGE);
    await signInPage(page, session);
    await readyWithConsent(page);
    await expect(page.getByTestId("header-credits").first()).toContainText("3");
    const question = "Can I deduct the cost of a home office?";
    const box = page.getByLabel(t.questionLabel);
    await box.fill(question);

    // The provider sends the first chunk and then holds the stream open, so Stop always meets a
    // streaming answer (with "stream-slow" the whole answer took 1.5 s, a loaded machine missed it).
    await app.aiMode("stream-hang");
    await page.getByTestId("generate-button").click();
    const answer = page.getByTestId("ai-answer");
    await expect(answer.getByRole("heading", { name: "Short answer" })).toBeVisible();
    const stop = page.getByRole("button", { name: t.stop, exact: true });
    await stop.click();

    await expect(page.getByTestId("ai-stopped")).toHaveText(t.stopped);
    await expect(answer).toBeHidden();
    await expect(stop).toBeHidden();
    await expect(page.getByTestId("generate-button")).toBeEnabled();
    await expect(box).toHaveValue(question);
    await expect(page.getByTestId("header-credits").first()).toContainText("3");

    // The server saw the disconnect: the question is stopped, charged nothing, and has no answer.
    await expect
      .poll(async () => (await app.api("/ai/history", { token: session.token })).body.questions[0]?.status)
      .toBe("stopped");
    const history = await app.api("/ai/history", { token: session.token });
    expect(history.body.questions[0]).toMatchObject({ question, status: "stopped", creditsSpent: 0, answer: "" });
    const me = await app.api("/user/me", { token: session.token });
    expect(me.body.user.credits).toBe(3);
  });

  test("Stop pressed after the server has finished the answer shows the answer and its credit, not 'no credit used'", async ({ page, app }) => {
    // Found by a stranger: on a slow network (or a double tap that landed on Stop) the page said
    // "Stopped — no credit used" and gave the question back, while the server had answered and charged.
    const session = await memberAtTheBox(page, "Can I deduct the cost of a home office?");
    const box = page.getByLabel(t.questionLabel);
    const { serverDone, deliver } = await holdAnswerOnTheWay(page);
    await page.getByTestId("generate-button").click();
    await serverDone;
    await page.getByTestId("stop-button").click();
    deliver();
    await expect(page.getByTestId("ai-stopped-late")).toHaveText(format(t.stoppedLate, { count: 1 }));
    await expect(page.getByTestId("ai-stopped")).toHaveCount(0);
    await expect(page.getByTestId("ai-answer")).toContainText("Short answer");
    await expect(box).toHaveValue("");
    await expect(page.getByTestId("header-credits").first()).toContainText("2");
    const me = await app.api("/user/me", { token: session.token });
    expect(me.body.user.credits).toBe(2);
  });

  test("by keyboard: Generate puts focus on Stop, Escape stops, and focus is back in the box after an answer", async ({ page, app }) => {
    // Found by a stranger: focus fell to the page's body when Generate was pressed and after the answer.
    const session = await signUpViaApi();
    await page.goto(PAGE);
    await signInPage(page, session);
    await readyWithConsent(page);
    const box = page.getByLabel(t.questionLabel);
    await box.fill("Can I deduct the cost of a home office?");
    await app.aiMode("stream-hang");
    await page.getByTestId("generate-button").focus();
    await page.keyboard.press("Enter");
    const stop = page.getByTestId("stop-button");
    await expect(stop).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(page.getByTestId("ai-stopped")).toHaveText(t.stopped);
    await expect(box).toBeFocused();

    await app.aiMode("ok");
    await page.getByTestId("generate-button").focus();
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("ai-charge")).toBeVisible();
    await expect(box).toBeFocused();
  });

  test("an answer that stalls says it is still being written and that Stop costs nothing", async ({ page, app }) => {
    // Found by a stranger: a provider that stopped sending left only a blinking cursor, for minutes.
    await page.clock.install();
    const session = await signUpViaApi();
    await page.goto("/ja/services/tax-consultation");
    await signInPage(page, session);
    await readyWithConsent(page, "ja");
    await page.getByLabel(aiMessages.ja.questionLabel).fill("在宅勤務の費用は経費にできますか？");
    await app.aiMode("stream-hang");
    await page.getByTestId("generate-button").click();
    await expect(page.getByTestId("ai-answer").getByRole("heading", { name: "Short answer" })).toBeVisible();
    await expect(page.getByTestId("ai-still-working")).toHaveCount(0);
    await page.clock.fastForward(20_000);
    await expect(page.getByTestId("ai-still-working")).toHaveText(aiMessages.ja.stillWorking);
    await expectNoAxeViolations(page);
    await page.getByTestId("stop-button").click();
    await expect(page.getByTestId("ai-stopped")).toHaveText(aiMessages.ja.stopped);
    await expect(page.getByTestId("ai-still-working")).toHaveCount(0);
  });

  test("a reload in the middle of an answer gives the question back in the box; after an answer the box stays empty", async ({ page, app }) => {
    // Found by a stranger: the question was lost with the answer.
    const session = await signUpViaApi();
    await page.goto(PAGE);
    await signInPage(page, session);
    await readyWithConsent(page);
    const question = "Can I deduct the cost of a home office?";
    await page.getByLabel(t.questionLabel).fill(question);
    await app.aiMode("stream-hang");
    await page.getByTestId("generate-button").click();
    await expect(page.getByTestId("ai-answer").getByRole("heading", { name: "Short answer" })).toBeVisible();
    await page.reload();
    await expect(page.getByLabel(t.questionLabel)).toHaveValue(question);

    await app.aiMode("ok");
    await page.getByTestId("generate-button").click();
    await expect(page.getByTestId("ai-charge")).toBeVisible();
    await page.reload();
    await expect(page.locator("html[data-hydrated]")).toBeAttached();
    await expect(page.getByLabel(t.followUpLabel, { exact: true })).toHaveValue("");
  });

  test("a reload after the server has finished the answer shows its thread, not the question back to be paid for again", async ({ page }) => {
    // Found by a stranger: on a slow network a reload gave the question back as if unanswered, though it was charged.
    await memberAtTheBox(page, "Can I deduct the cost of a home office?");
    const { serverDone, deliver } = await holdAnswerOnTheWay(page);
    await page.getByTestId("generate-button").click();
    await serverDone;
    await page.reload();
    deliver();
    await expect(page).toHaveURL(/\?thread=[0-9a-f-]{36}$/);
    await expect(page.getByTestId("ai-answer")).toContainText("Short answer");
    await expect(page.getByLabel(t.followUpLabel, { exact: true })).toHaveValue("");
    await expect(page.getByTestId("header-credits").first()).toContainText("2");
  });

  test("an empty or whitespace-only question is ignored: no request, no error", async ({ page }) => {
    const session = await signUpViaApi();
    await page.goto(PAGE);
    await signInPage(page, session);
    await readyWithConsent(page);
    const requests = askRequests(page);
    const generate = page.getByTestId("generate-button");
    await generate.click();
    await page.getByLabel(t.questionLabel).fill("   \n  ");
    await generate.click();
    await page.waitForTimeout(300);
    expect(requests).toEqual([]);
    await expect(page.getByRole("alert")).toHaveCount(0);
    await expect(page.getByTestId("ai-answer")).toHaveCount(0);
    await expect(generate).toHaveText(t.generate);
  });

  test("a visitor who asks is sent to the login page and comes back with the question", async ({ page }) => {
    const session = await signUpViaApi();
    await page.goto(PAGE);
    await readyWithConsent(page);
    const requests = askRequests(page);
    await page.getByTestId("example-question").first().click();
    const question = KNOWLEDGE_BASE["tax-consultation"][0]!.en.question;
    await page.getByTestId("generate-button").click();
    await expect(page).toHaveURL(`/login?next=${encodeURIComponent(PAGE)}`);
    expect(requests).toEqual([]);

    const form = page.getByTestId("login-form");
    await form.locator("#email").fill(session.email);
    await form.locator("#password").fill(session.password);
    await form.locator('button[type="submit"]').click();
    await expect(page).toHaveURL(PAGE, { timeout: 10_000 });
    await expect(page.getByLabel(t.questionLabel)).toHaveValue(question);
    // Back at the question, not at the top of the page (found by a stranger's review, at 390 px).
    await expect(page.getByLabel(t.questionLabel)).toBeFocused();
    await expect(page.getByLabel(t.questionLabel)).toBeInViewport();
    await page.getByTestId("generate-button").click();
    await expect(page.getByTestId("ai-charge")).toHaveText("1 credit used. Your balance: 2 credits.", { timeout: 10_000 });
  });

  test("at 0 credits the alert says so and links to the pricing page", async ({ page, app }) => {
    const session = await signUpViaApi();
    for (let i = 0; i < 3; i++) {
      const spent = await app.api("/ai/ask", {
        method: "POST",
        token: session.token,
        body: { topic: "security-services", question: `Question ${i}?`, lang: "en" },
      });
      expect(spent.status).toBe(200);
    }
    await page.goto("/services/security-services");
    await signInPage(page, { token: session.token, user: { ...session.user, credits: 0 } });
    await readyWithConsent(page);
    // The balance is read again, and still 0 the question is not sent in vain (no 402 to log).
    const asked: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/api/v1/ai/ask")) asked.push(request.url());
    });
    await page.getByLabel(t.questionLabel).fill("Can we store tax data abroad?");
    await page.getByTestId("generate-button").click();
    const alert = page.getByRole("alert");
    await expect(alert).toContainText(AI_ERRORS.no_credits.en);
    expect(asked).toEqual([]);
    await expect(alert).toHaveClass(/bg-red-50/);
    await expect(alert.getByRole("link", { name: t.buyCredits })).toHaveAttribute("href", "/pricing");
    await expect(page.getByTestId("ai-answer")).toHaveCount(0);
    // Thanks cost nothing, so they are sent at 0 credits too (a stranger was told to buy credits).
    await page.getByLabel(t.questionLabel).fill("Thanks!");
    await page.getByTestId("generate-button").click();
    await expect(page.getByTestId("ai-charge")).toHaveText(t.free);
    await expect(page.getByTestId("ai-answer")).toContainText("You're welcome");
    expect(asked).toHaveLength(1);
    await expect(page.getByRole("status").filter({ hasText: t.statusDone })).toHaveCount(1);
    // Refused with the reply to the thanks still on screen: the live status no longer says an answer is ready.
    await page.locator("textarea").fill("Can we store tax data abroad?");
    await page.getByTestId("generate-button").click();
    await expect(page.getByRole("alert")).toContainText(AI_ERRORS.no_credits.en);
    await expect(page.getByRole("status").filter({ hasText: t.statusDone })).toHaveCount(0);
    await page.goto("/services/security-services");
    await page.getByLabel(t.questionLabel).fill("Can we store tax data abroad?");
    await page.getByTestId("generate-button").click();
    const link = page.getByRole("alert").getByRole("link", { name: t.buyCredits });
    await link.click();
    await expect(page).toHaveURL("/pricing");
  });

  test("at 0 credits on this page but credits bought in another tab, the question is asked", async ({ page, app }) => {
    const session = await signUpViaApi();
    for (let i = 0; i < 3; i++) {
      const spent = await app.api("/ai/ask", { method: "POST", token: session.token, body: { topic: "security-services", question: `Question ${i}?`, lang: "en" } });
      expect(spent.status).toBe(200);
    }
    await page.goto("/services/security-services");
    await signInPage(page, { token: session.token, user: { ...session.user, credits: 0 } });
    await readyWithConsent(page);
    await expect(page.getByTestId("no-credits-note")).toBeVisible();
    // Bought elsewhere: this page still shows 0.
    const bought = await app.api("/payment/create", {
      method: "POST",
      token: session.token,
      body: { package: "basic", paymentMethodId: "pm_card_visa", country: "JP" },
    });
    expect(bought.body.status).toBe("succeeded");
    await page.getByLabel(t.questionLabel).fill("Can we store tax data abroad?");
    await page.getByTestId("generate-button").click();
    await expect(page.getByTestId("ai-charge")).toHaveText("1 credit used. Your balance: 49 credits.", { timeout: 10_000 });
  });

  test("a provider failure shows the server's translated message in a red alert and costs nothing", async ({ page, app }) => {
    const session = await signUpViaApi();
    await page.goto("/ja/services/technology-solutions");
    await signInPage(page, session);
    await readyWithConsent(page, "ja");
    await app.aiMode("server-error");
    await page.getByLabel(aiMessages.ja.questionLabel).fill("電子インボイスについて教えてください");
    await page.getByTestId("generate-button").click();
    await expect(page.getByRole("alert")).toContainText(AI_ERRORS.ai_unavailable.ja, { timeout: 15_000 });
    // It says what it cost: nothing (a stranger was left to guess after "Request timed out." or "No response").
    await expect(page.getByRole("alert")).toContainText(aiMessages.ja.failedFree);
    // The question is given back for another try, and the balance is unchanged.
    await expect(page.getByLabel(aiMessages.ja.questionLabel)).toHaveValue("電子インボイスについて教えてください");
    const me = await app.api("/user/me", { token: session.token });
    expect(me.body.user.credits).toBe(3);
  });

  test("a question that fails leaves the answer shown before it on the page", async ({ page, app }) => {
    // Found by a stranger's review: the error of the next question replaced the answer just paid for.
    const session = await signUpViaApi();
    await page.goto("/ja/services/technology-solutions");
    await signInPage(page, session);
    await readyWithConsent(page, "ja");
    const box = page.getByLabel(aiMessages.ja.questionLabel);
    await box.fill("電子インボイスについて教えてください");
    await page.getByTestId("generate-button").click();
    await expect(page.getByTestId("ai-charge")).toBeVisible({ timeout: 15_000 });
    const answer = page.getByTestId("ai-answer");
    const answered = await answer.textContent();
    await app.aiMode("server-error");
    await box.fill("消費税の申告期限はいつですか");
    await page.getByTestId("generate-button").click();
    await expect(page.getByRole("alert")).toContainText(AI_ERRORS.ai_unavailable.ja, { timeout: 15_000 });
    await expect(answer).toHaveCount(1);
    await expect(answer).toHaveText(answered!);
    await expect(box).toHaveValue("消費税の申告期限はいつですか");
  });

  test("a pasted question longer than the limit is kept whole and said to be too long; nothing is sent", async ({ page }) => {
    // Found by a stranger's review: the box cut a 2,900-character paste to 2,000 without a word.
    const session = await signUpViaApi();
    await page.goto("/ja" + PAGE);
    await signInPage(page, session);
    await readyWithConsent(page, "ja");
    const requests = askRequests(page);
    const box = page.getByLabel(aiMessages.ja.questionLabel);
    const long = "源泉徴収".repeat(525);
    await box.fill(long);
    await expect(box).toHaveValue(long);
    await expect(page.getByTestId("question-too-long")).toHaveText("2,000 文字以内で入力してください。");
    await expect(box).toHaveAttribute("aria-invalid", "true");
    await page.getByTestId("generate-button").click();
    await page.waitForTimeout(300);
    expect(requests).toEqual([]);
    await expect(box).toBeFocused();
    await box.fill(long.slice(0, 2000));
    await expect(page.getByTestId("question-too-long")).toHaveCount(0);
  });

  test("unknown service slugs are 404, the old ones redirect", async ({ page, request, baseURL }) => {
    const missing = await page.goto("/services/astrology");
    expect(missing?.status()).toBe(404);
    const legacy = await request.get(`${baseURL}/services/security`, { maxRedirects: 0 });
    expect(legacy.status()).toBe(301);
    expect(legacy.headers().location).toBe("/services/security-services");
  });

  test("the page is public and indexable, with breadcrumbs in JSON-LD", async ({ request, baseURL }) => {
    const response = await request.get(`${baseURL}/zh${PAGE}`);
    expect(response.status()).toBe(200);
    expect(response.headers()["cache-control"]).toContain("public");
    const html = await response.text();
    expect(html).not.toContain('content="noindex');
    expect(html).toContain('"@type":"BreadcrumbList"');
    for (const entry of KNOWLEDGE_BASE["tax-consultation"]) expect(html).toContain(entry.zh.question.replace(/&/g, "&amp;"));
  });

  test("the page's JavaScript does not include zod (the server checks questions; the page needs one limit)", async ({ page }) => {
    const scripts: Promise<string>[] = [];
    page.on("response", (response) => {
      if (/javascript/.test(response.headers()["content-type"] ?? "")) scripts.push(response.text().catch(() => ""));
    });
    await page.goto(PAGE);
    await waitForHydration(page);
    await page.waitForLoadState("networkidle");
    const bodies = await Promise.all(scripts);
    expect(bodies.length).toBeGreaterThan(0);
    expect(bodies.filter((body) => body.includes("$ZodString"))).toHaveLength(0);
  });
});

test.describe("answers from the published material on a server without an AI key", () => {
  async function kbSession(kbURL: string): Promise<Session> {
    const email = uniqueEmail("kb");
    const password = "correct-horse-battery";
    const response = await fetch(`${kbURL}/api/v1/user/register`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email, password }),
    });
    const body = (await response.json()) as { token: string; user: Session["user"] };
    expect(body.token).toBeTruthy();
    return { token: body.token, email, password, user: body.user };
  }

  test("a question is answered from the published material in the page's language, with Sources, for one credit", async ({
    page,
    app,
  }) => {
    const session = await kbSession(app.kbURL);
    // At phone width: nothing may overflow sideways.
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(`${app.kbURL}/ja/services/security-services`);
    await signInPage(page, session);
    await readyWithConsent(page, "ja");
    await expect(page.getByTestId("kb-note")).toHaveText(aiMessages.ja.knowledgeBaseNote);

    const entry = KNOWLEDGE_BASE["security-services"][1]!;
    await page.getByTestId("example-question").nth(1).click();
    await page.getByTestId("generate-button").click();
    const answer = page.getByTestId("ai-answer");
    await expect(page.getByTestId("kb-label")).toHaveText(aiMessages.ja.sourceKnowledgeBase);
    await expect(page.getByTestId("ai-charge")).toHaveText("1 クレジットを消費しました。現在の残高：2 クレジット");
    await expect(answer).toContainText("この回答は、TaxAtlasが公開している資料");
    // The answer says where it comes from once: a line under the question said it again (a stranger's review).
    await expect(answer.getByText(aiMessages.ja.sourceKnowledgeBaseText)).toHaveCount(0);
    await expect(answer).toContainText("[1]");
    const sources = page.getByTestId("ai-sources");
    await expect(sources.getByRole("heading")).toHaveText(aiMessages.ja.sources);
    const first = sources.getByRole("link").first();
    await expect(first).toHaveText(entry.ja.question);
    await expect(first).toHaveAttribute("href", "/ja/services/security-services");
    // Each [n] in the answer links to its entry of the Sources list; every cited page exists.
    const markers = answer.getByTestId("citation-marker");
    const sourceLinks = await sources.getByRole("link").evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
    await expect(markers.first()).toHaveAttribute("href", "#ai-source-1");
    await expect(markers.first()).toHaveAccessibleName(`[1] ${await first.textContent()}`);
    for (const href of sourceLinks) expect((await page.request.get(`${app.kbURL}${href}`)).status(), href).toBe(200);
    await expect(page.getByTestId("header-credits").first()).toContainText("2");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    // A question the published material cannot answer: an honest reply, free.
    await page.getByLabel(aiMessages.ja.questionLabel).fill("美味しいラーメン屋を教えてください");
    await page.getByTestId("generate-button").click();
    await expect(page.getByTestId("ai-charge")).toHaveText(aiMessages.ja.free);
    await expect(answer).toContainText("公開している資料の中に見つかりませんでした");
    await expect(answer.getByRole("link", { name: "お問い合わせページ" })).toHaveAttribute("href", "/ja/contact");
    await expect(page.getByTestId("ai-sources")).toHaveCount(0);
    await expect(page.getByTestId("header-credits").first()).toContainText("2");
    // A free reply quotes no page, so it is not labelled as quoting them.
    await expect(page.getByTestId("kb-label")).toHaveCount(0);
    // The live status says nothing was found, not that an answer is ready (found by a stranger).
    await expect(page.getByRole("status").filter({ hasText: aiMessages.ja.statusNotFound })).toHaveCount(1);
    await expect(page.getByRole("status").filter({ hasText: aiMessages.ja.statusDone })).toHaveCount(0);

    // Thanks ask nothing: a short reply, free, not "no answer found".
    await page.getByLabel(aiMessages.ja.questionLabel).fill("ありがとうございました！");
    await page.getByTestId("generate-button").click();
    await expect(answer).toContainText("どういたしまして");
    await expect(page.getByTestId("ai-charge")).toHaveText(aiMessages.ja.free);
    await expect(page.getByTestId("header-credits").first()).toContainText("2");
    await expect(page.getByRole("status").filter({ hasText: aiMessages.ja.statusDone })).toHaveCount(1);

    await expectNoAxeViolations(page);

    // The history shows the answer with the same Sources and linked markers.
    await page.goto(`${app.kbURL}/ja/explore`);
    const list = page.getByTestId("questions-list");
    await list.locator("summary").getByText(entry.ja.question, { exact: true }).click();
    const historySources = list.getByTestId("question-sources");
    await expect(historySources.getByRole("heading")).toHaveText(exploreMessages.ja.questions.sources);
    await expect(historySources.getByRole("link").first()).toHaveText(entry.ja.question);
    await expect(list.getByTestId("citation-marker").first()).toHaveAttribute("href", /^#q-.+-source-1$/);
    await expectNoAxeViolations(page);
  });

  test("a reply that found nothing offers no follow-up, here or from the history; a new question and the contact page stay", async ({ page, app }) => {
    // A prospective client's review: "Ask a follow-up question" under "the site does not answer this".
    const t = aiMessages.en;
    const session = await kbSession(app.kbURL);
    await page.goto(`${app.kbURL}/services/tax-consultation`);
    await signInPage(page, session);
    await readyWithConsent(page);

    await page.getByLabel(t.questionLabel, { exact: true }).fill("What is the capital of Peru?");
    await page.getByTestId("generate-button").click();
    const answer = page.getByTestId("ai-answer");
    await expect(page.getByTestId("ai-charge")).toHaveText(t.free);
    await expect(answer.getByRole("link", { name: "contact our team" })).toHaveAttribute("href", "/contact");
    await expect(page.getByTestId("follow-up-button")).toHaveCount(0);
    await expect(page.getByTestId("follow-up-note")).toHaveCount(0);
    await expect(page.getByLabel(t.questionLabel, { exact: true })).toBeEnabled();
    await expectNoAxeViolations(page);

    // Reloaded from the address (?thread=), the box still asks a new question.
    await expect(page).toHaveURL(/\?thread=[0-9a-f-]{36}$/);
    await page.reload();
    await expect(answer).toHaveCount(1);
    await expect(answer).toContainText("could not find an answer");
    await expect(page.getByLabel(t.questionLabel, { exact: true })).toBeVisible();
    await expect(page.getByLabel(t.followUpLabel, { exact: true })).toHaveCount(0);
    await expect(page.getByTestId("follow-up-button")).toHaveCount(0);

    // The history lists it, without the link that reopens a thread to follow it up.
    await page.goto(`${app.kbURL}/explore`);
    const list = page.getByTestId("questions-list");
    await list.locator("summary").getByText("What is the capital of Peru?", { exact: true }).click();
    await expect(list.getByTestId("question-thread")).toHaveCount(1);
    await expect(list.getByTestId("reopen-thread")).toHaveCount(0);
    await expectNoAxeViolations(page);

    // A new question the site answers is charged and can be followed up as ever.
    await page.goto(`${app.kbURL}/services/tax-consultation`);
    // Hydrated (the cookie choice is made, so there is no banner to wait for).
    await expect(page.locator("html[data-hydrated]")).toBeAttached();
    await page.getByTestId("example-question").first().click();
    await page.getByTestId("generate-button").click();
    await expect(page.getByTestId("ai-charge")).toHaveText("1 credit used. Your balance: 2 credits.");
    await expect(page.getByTestId("follow-up-button")).toBeVisible();
  });

  test("an answer that missed its question gets its credit back, on the page and from the history", async ({ page, app }) => {
    const zh = aiMessages.zh;
    const session = await kbSession(app.kbURL);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${app.kbURL}/zh/services/tax-consultation`);
    await signInPage(page, session);
    await readyWithConsent(page, "zh");

    await page.getByTestId("example-question").first().click();
    await page.getByTestId("generate-button").click();
    await expect(page.getByTestId("ai-charge")).toHaveText("已消耗 1 个积分。当前余额：2 个积分");
    await expect(page.getByTestId("header-credits").first()).toContainText("2");
    await page.getByTestId("credit-return-button").click();
    await expect(page.getByTestId("credit-returned")).toHaveText("积分已退还。当前余额：3 个积分");
    await expect(page.getByTestId("ai-charge")).toHaveText(zh.chargedPast);
    await expect(page.getByTestId("header-credits").first()).toContainText("3");
    await expect(page.getByTestId("credit-return-button")).toHaveCount(0);
    await expectNoAxeViolations(page);

    // A second answer, returned from the history; the first shows its credit as returned there.
    await page.getByTestId("example-question").nth(1).click();
    await page.getByTestId("generate-button").click();
    await expect(page.getByTestId("ai-charge").last()).toHaveText("已消耗 1 个积分。当前余额：2 个积分");
    await page.goto(`${app.kbURL}/zh/explore`);
    const threads = page.getByTestId("question-thread");
    await expect(threads).toHaveCount(2);
    await threads.nth(1).locator("summary").click();
    await expect(threads.nth(1).getByTestId("credit-returned")).toHaveText(zh.creditReturnedPast);
    await threads.nth(0).locator("summary").click();
    await threads.nth(0).getByTestId("credit-return-button").click();
    await expect(threads.nth(0).getByTestId("credit-returned")).toHaveText(zh.creditReturnedPast);
    await expect(page.getByTestId("header-credits").first()).toContainText("3");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoAxeViolations(page);
  });
});
