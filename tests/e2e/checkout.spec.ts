// The three checkout pages in test mode (the built-in provider): a successful payment for each
// package with its amount and credits, the declined and empty-field messages, an unknown outcome
// retried with the same idempotency key, the signed-out redirect, 404, languages and accessibility.
// Then Stripe mode on a server of its own: the fake Stripe API (tests/fakes/fake-stripe.ts) behind
// the server and a stand-in for Stripe.js (there is no internet here) served for js.stripe.com.
import { expectNoAxeViolations } from "./axe";
import type { Page } from "@playwright/test";
import { checkout } from "~/content/messages/checkout";
import { FIELD_ERRORS } from "~/lib/contracts/field-errors";
import { CARD_ERRORS } from "~/lib/payments/card-errors";
import { formatUsd, PACKAGES } from "~/lib/catalog";
import { AUTHENTICATION_FAILED_MESSAGE, startFakeStripe, type FakeStripe } from "~/tests/fakes/fake-stripe";
import { startAppServer, type AppServer } from "./app-server";
import { expect, signInPage, signUpViaApi, test, uniqueEmail } from "./fixtures";

const STARTING_CREDITS = 3;
const t = checkout.en;

async function fillCard(page: Page, number: string, { expiry = "12/34", cvc = "123", country = "JP" } = {}) {
  await page.getByLabel(t.form.cardNumber).fill(number);
  await page.getByLabel(t.form.expiry).fill(expiry);
  await page.getByLabel(t.form.cvc).fill(cvc);
  await page.getByLabel(t.form.country, { exact: true }).selectOption(country);
}

async function openCheckout(page: Page, packageId: string) {
  const session = await signUpViaApi();
  await signInPage(page, session);
  await page.goto(`/pricing/${packageId}`);
  // The form shows once the page is hydrated and the session checked (RequireAuth): as long as the guard tests allow.
  await expect(page.getByTestId("checkout-form")).toBeVisible({ timeout: 15_000 });
  return session;
}

for (const pkg of PACKAGES) {
  test(`/pricing/${pkg.id}: pays ${formatUsd(pkg.priceCents)} and adds ${pkg.credits} credits`, async ({ page, app }) => {
    const session = await openCheckout(page, pkg.id);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Checkout: ${pkg.name.en} package`);
    await expect(page.getByTestId("checkout-summary")).toContainText(`${pkg.credits} credits`);
    await expect(page.getByTestId("checkout-total")).toContainText(formatUsd(pkg.priceCents));
    const testMode = page.getByTestId("test-mode");
    await expect(testMode).toContainText("Test mode");
    for (const number of ["4242 4242 4242 4242", "4000 0000 0000 0002", "4000 0000 0000 9995"]) {
      await expect(testMode).toContainText(number);
    }

    await fillCard(page, "4242424242424242");
    await expect(page.getByLabel(t.form.cardNumber)).toHaveValue("4242 4242 4242 4242");
    await expect(page.getByLabel(t.form.country, { exact: true })).toHaveValue("JP");
    await page.getByRole("button", { name: `Pay ${formatUsd(pkg.priceCents)}` }).click();

    const success = page.getByTestId("checkout-success");
    await expect(success).toContainText("Payment successful! 🎉");
    // Read out by taking the focus from the button that went with the form (found by a keyboard user).
    await expect(success.getByText("Payment successful! 🎉")).toBeFocused();
    await expect(success).toContainText(`${pkg.credits} credits were added to your account.`);
    await expect(page.getByTestId("checkout-amount")).toHaveText(`${formatUsd(pkg.priceCents)} USD (tax included)`);
    const balance = STARTING_CREDITS + pkg.credits;
    await expect(page.getByTestId("checkout-balance")).toHaveText(`Your new balance: ${balance} credits.`);
    // The two sentences are not details of the list, and the balance is not announced as a "Total"
    // (found by a stranger's review: both sat in the list's grid, under hidden labels).
    await expect(success.locator("dl")).not.toContainText("credits");
    await expect(success.locator("dt", { hasText: "Total" })).toHaveCount(0);
    await expect(page.getByTestId("header-credits")).toContainText(String(balance));
    // Still signed in, with the new balance stored.
    expect(await page.evaluate(() => [localStorage.getItem("token"), localStorage.getItem("credits")])).toEqual([
      session.token,
      String(balance),
    ]);
    // The confirmation replaces the form: nothing left to pay twice; the receipt is one click away.
    await expect(page.getByTestId("checkout-form")).toHaveCount(0);
    await expect(page.getByTestId("pay-button")).toHaveCount(0);
    await expect(success).toContainText(pkg.name.en);
    await expect(page.getByTestId("checkout-receipt-number")).toHaveText(/^R-\d{6}$/);
    await expect(page.getByTestId("checkout-receipt-link")).toHaveAttribute("href", /\/account\/receipts\/[0-9a-f-]{36}$/);
    // Without a question waiting, the way to the assistant is the services list.
    await expect(page.getByTestId("checkout-ask-link")).toHaveAttribute("href", /\/services$/);

    const me = await app.api("/user/me", { token: session.token });
    expect(me.body.user.credits).toBe(balance);
    const history = await app.api("/payment/history", { token: session.token });
    expect(history.body.payments).toHaveLength(1);
    expect(history.body.payments[0]).toMatchObject({ package: pkg.id, amountCents: pkg.priceCents, credits: pkg.credits, status: "succeeded" });
  });
}

test("a reload, or Back then Forward, after a payment shows its confirmation again, not an empty form to pay twice", async ({ page }) => {
  // Found by a stranger's review: the confirmation lived only in the page's state, so a reload
  // showed the same package's empty card form with no sign of the payment just made.
  const ja = checkout.ja;
  const session = await signUpViaApi();
  await signInPage(page, session);
  await page.goto("/ja/pricing/pro");
  await expect(page.getByTestId("checkout-form")).toBeVisible({ timeout: 15_000 });
  await page.getByLabel(ja.form.cardNumber).fill("4242424242424242");
  await page.getByLabel(ja.form.expiry).fill("12/34");
  await page.getByLabel(ja.form.cvc).fill("123");
  await page.getByLabel(ja.form.country, { exact: true }).selectOption("JP");
  await page.getByTestId("pay-button").click();
  const success = page.getByTestId("checkout-success");
  await expect(success).toContainText(ja.messages.success);
  const receiptNumber = await page.getByTestId("checkout-receipt-number").textContent();
  await expect(page).toHaveURL(/\/ja\/pricing\/pro\?paid=[0-9a-f-]{36}$/);

  for (const again of [() => page.reload(), async () => (await page.goBack(), await page.goForward())]) {
    await again();
    await expect(success).toContainText(ja.messages.success, { timeout: 15_000 });
    await expect(page.getByTestId("checkout-receipt-number")).toHaveText(receiptNumber!);
    await expect(page.getByTestId("checkout-amount")).toContainText("$50");
    await expect(page.getByTestId("checkout-balance")).toContainText(String(STARTING_CREDITS + 100));
    await expect(page.getByTestId("checkout-form")).toHaveCount(0);
  }

  // An address naming no payment of this member's shows the form, and drops the name.
  await page.goto(`/ja/pricing/pro?paid=${"0".repeat(8)}-0000-4000-8000-${"0".repeat(12)}`);
  await expect(page.getByTestId("checkout-form")).toBeVisible({ timeout: 15_000 });
  await expect(page).toHaveURL(/\/ja\/pricing\/pro$/);
  // The form of a package bought minutes ago says so first (a reload while the payment was under way
  // loses its answer, and a second tab never had it), with the receipt one click away.
  const recent = page.getByTestId("recent-purchase");
  await expect(recent).toContainText(receiptNumber!);
  await expect(recent).toContainText("プロパッケージは数分前にご購入済み");
  await expect(recent.getByRole("link", { name: ja.recentPurchase.receipt })).toHaveAttribute("href", /\/ja\/account\/receipts\/[0-9a-f-]{36}$/);
  // Another package bought long ago, or never, says nothing.
  await page.goto("/ja/pricing/basic");
  await expect(page.getByTestId("checkout-form")).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId("recent-purchase")).toHaveCount(0);
});

test("a second tab open on the same package says so as soon as the first one has paid, without a reload", async ({ page }) => {
  // Found by a stranger's review: the second tab's header showed the new balance, but its form
  // offered the same package again without a word, and paying there charged a second time.
  await openCheckout(page, "enterprise");
  const second = await page.context().newPage();
  await second.goto("/pricing/enterprise");
  await expect(second.getByTestId("checkout-form")).toBeVisible({ timeout: 15_000 });
  await expect(second.getByTestId("recent-purchase")).toHaveCount(0);
  await fillCard(page, "4242 4242 4242 4242");
  await page.getByTestId("pay-button").click();
  await expect(page.getByTestId("checkout-success")).toContainText(t.messages.success);
  const receiptNumber = await page.getByTestId("checkout-receipt-number").textContent();
  await expect(second.getByTestId("recent-purchase")).toContainText(receiptNumber!);
  await second.close();
});

test("a declined card shows the provider's message; insufficient funds too; nothing is added", async ({ page, app }) => {
  const session = await openCheckout(page, "pro");
  await fillCard(page, "4000 0000 0000 0002");
  await page.getByRole("button", { name: "Pay $50" }).click();
  await expect(page.getByTestId("checkout-error")).toHaveText("Payment failed: Your card was declined.");

  await page.getByLabel(t.form.cardNumber).fill("4000 0000 0000 9995");
  await page.getByRole("button", { name: "Pay $50" }).click();
  await expect(page.getByTestId("checkout-error")).toHaveText("Payment failed: Your card has insufficient funds.");

  await expect(page.getByTestId("header-credits")).toContainText(String(STARTING_CREDITS));
  const history = await app.api("/payment/history", { token: session.token });
  expect(history.body.payments.map((p: { status: string }) => p.status)).toEqual(["failed", "failed"]);
});

test("empty fields show 'Please fill all details.'; a bad card number the card field's own message", async ({ page, app }) => {
  const session = await openCheckout(page, "basic");
  const pay = page.getByRole("button", { name: "Pay $25" });
  await pay.click();
  await expect(page.getByTestId("checkout-error")).toHaveText("Please fill all details.");

  // Nothing filled: the first empty field takes the focus.
  await expect(page.getByLabel(t.form.cardNumber)).toBeFocused();

  // Card but no country: the country is marked as the missing detail, and focused.
  await fillCard(page, "4242 4242 4242 4242", { country: "" });
  await pay.click();
  await expect(page.getByTestId("checkout-error")).toHaveText("Please fill all details.");
  const country = page.getByLabel(t.form.country, { exact: true });
  await expect(country).toBeFocused();
  await expect(country).toHaveAttribute("aria-invalid", "true");
  await expect(page.locator("#country-error")).toHaveText("This field is required.");

  // The country is picked from a list of every country, named in the page's language; the code is sent.
  await expect(country.locator("option")).toHaveCount(251);
  await expect(country.locator("option").first()).toHaveText(t.form.countryPrompt);
  await country.selectOption({ label: "China" });
  await expect(country).toHaveValue("CN");
  await country.selectOption("JP");

  await page.getByLabel(t.form.cardNumber).fill("4242 4242 4242 4241");
  await pay.click();
  await expect(page.getByTestId("checkout-error")).toHaveText("Your card number is invalid.");
  await expect(page.getByLabel(t.form.cardNumber)).toBeFocused();

  await page.getByLabel(t.form.cardNumber).fill("4242 4242 4242 4242");
  await page.getByLabel(t.form.expiry).fill("01/20");
  await pay.click();
  await expect(page.getByTestId("checkout-error")).toHaveText("Your card's expiration year is in the past.");

  await page.getByLabel(t.form.expiry).fill("12/34");

  const history = await app.api("/payment/history", { token: session.token });
  expect(history.body.payments).toHaveLength(0);
});

test("every field the page can check is checked at once: each error beside its field, the first one focused, in every language", async ({ page, app }) => {
  // Found by a prospective client: the errors came one at a time, the next only after fixing the last.
  const session = await openCheckout(page, "basic");
  const pay = page.getByTestId("pay-button");
  const fields = {
    number: page.getByLabel(t.form.cardNumber),
    expiry: page.getByLabel(t.form.expiry),
    cvc: page.getByLabel(t.form.cvc),
    country: page.getByLabel(t.form.country, { exact: true }),
  };
  const ids = { number: "card-number", expiry: "card-expiry", cvc: "card-cvc", country: "country" };
  async function expectErrors(expected: Partial<Record<keyof typeof fields, string>>) {
    for (const name of Object.keys(fields) as (keyof typeof fields)[]) {
      const error = page.locator(`#${ids[name]}-error`);
      if (expected[name]) {
        await expect(error, name).toHaveText(expected[name]);
        await expect(fields[name], name).toHaveAttribute("aria-invalid", "true");
        await expect(fields[name], name).toHaveAttribute("aria-describedby", new RegExp(`\\b${ids[name]}-error\\b`));
      } else {
        await expect(error, name).toHaveCount(0);
        await expect(fields[name], name).not.toHaveAttribute("aria-invalid", "true");
      }
    }
  }

  await fields.number.fill("4242 4242 4242 4241");
  await fields.expiry.fill("01/20");
  await fields.cvc.fill("12");
  await pay.click();
  await expect(page.getByTestId("checkout-error")).toHaveText(t.messages.fillAll);
  await expectErrors({
    number: "Your card number is invalid.",
    expiry: "Your card's expiration year is in the past.",
    cvc: "Your card's security code is incomplete.",
    country: "This field is required.",
  });
  await expect(fields.number).toBeFocused();
  await expectNoAxeViolations(page, "every field wrong");

  // Fixing one field takes its error away at once; the others stay until they are fixed.
  await fields.number.fill("4242 4242 4242 4242");
  await expectErrors({ expiry: "Your card's expiration year is in the past.", cvc: "Your card's security code is incomplete.", country: "This field is required." });
  await fields.country.selectOption("JP");
  await pay.click();
  await expect(page.getByTestId("checkout-error")).toHaveText("Please correct the details marked above.");
  await expectErrors({ expiry: "Your card's expiration year is in the past.", cvc: "Your card's security code is incomplete." });
  await expect(fields.expiry).toBeFocused();
  // An error under one of the two side-by-side fields leaves their inputs in line.
  await fields.cvc.fill("123");
  await expectErrors({ expiry: "Your card's expiration year is in the past." });
  // Both read in one turn of the page, after the security code's error has gone.
  const [a, b] = await page.evaluate(() => ["card-expiry", "card-cvc"].map((id) => document.getElementById(id)!.getBoundingClientRect().top));
  expect(Math.abs(a! - b!)).toBeLessThan(1);

  // Nothing filled: every field says it is required.
  await page.reload();
  await expect(page.getByTestId("checkout-form")).toBeVisible({ timeout: 15_000 });
  await pay.click();
  await expectErrors({ number: "This field is required.", expiry: "This field is required.", cvc: "This field is required.", country: "This field is required." });
  await expect(fields.number).toBeFocused();

  for (const lang of ["ja", "zh"] as const) {
    const m = checkout[lang];
    await page.goto(`/${lang}/pricing/basic`);
    await expect(page.getByTestId("checkout-form")).toBeVisible({ timeout: 15_000 });
    await page.getByLabel(m.form.cardNumber).fill("4242 4242");
    await page.getByLabel(m.form.expiry).fill("13/30");
    await page.getByTestId("pay-button").click();
    await expect(page.getByTestId("checkout-error")).toHaveText(m.messages.fillAll);
    await expect(page.locator("#card-number-error")).toHaveText(CARD_ERRORS.incomplete_number[lang]);
    await expect(page.locator("#card-expiry-error")).toHaveText(CARD_ERRORS.invalid_expiry_month[lang]);
    await expect(page.locator("#card-cvc-error")).toHaveText(FIELD_ERRORS.required[lang]);
    await expect(page.locator("#country-error")).toHaveText(FIELD_ERRORS.required[lang]);
    await expect(page.getByLabel(m.form.cardNumber)).toBeFocused();
    await expectNoAxeViolations(page, lang);
  }

  const history = await app.api("/payment/history", { token: session.token });
  expect(history.body.payments).toHaveLength(0);
});

test("the test-mode notice spans the summary and the form, in every language, wide and narrow", async ({ page }) => {
  // Found by a prospective client: at 1366 px the notice stopped short of the form's right edge.
  const session = await signUpViaApi();
  await signInPage(page, session);
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: 900 });
    for (const prefix of ["", "/ja", "/zh"]) {
      await page.goto(`${prefix}/pricing/pro`);
      await expect(page.getByTestId("checkout-form")).toBeVisible({ timeout: 15_000 });
      const notice = (await page.getByTestId("test-mode").boundingBox())!;
      const summary = (await page.getByTestId("checkout-summary").boundingBox())!;
      const form = (await page.locator('section[aria-labelledby="checkout-payment"]').boundingBox())!;
      const label = `${prefix || "/en"} at ${width} px`;
      expect(Math.abs(notice.x - summary.x), label).toBeLessThan(1);
      expect(Math.abs(notice.x + notice.width - (form.x + form.width)), label).toBeLessThan(1);
    }
  }
});

test("while paying: 'Processing...' with the button disabled; a lost answer is retried as the same payment", async ({ page, app }) => {
  const session = await openCheckout(page, "enterprise");
  await fillCard(page, "4242 4242 4242 4242");
  // The server charges, but the answer never reaches the browser. The request is held until the
  // sending state has been seen (a fixed 600 ms hold could end first on a busy machine).
  let calls = 0;
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/api/v1/payment/create", async (route) => {
    calls++;
    if (calls === 1) {
      await released;
      await route.fetch();
      await route.abort("connectionreset");
      return;
    }
    await route.continue();
  });
  await page.getByRole("button", { name: "Pay $100" }).click();
  const busy = page.getByRole("button", { name: "Processing..." });
  await expect(busy).toBeVisible();
  await expect(busy).toBeDisabled();
  release();
  await expect(page.getByTestId("checkout-error")).toHaveText(/^Error: /);

  // Pressing Pay again retries the same attempt (same idempotency key): one payment, credits once.
  await page.getByRole("button", { name: "Pay $100" }).click();
  await expect(page.getByTestId("checkout-success")).toContainText("Payment successful! 🎉");
  await expect(page.getByTestId("checkout-balance")).toHaveText(`Your new balance: ${STARTING_CREDITS + 250} credits.`);
  expect(calls).toBe(2);
  const history = await app.api("/payment/history", { token: session.token });
  expect(history.body.payments).toHaveLength(1);
  const me = await app.api("/user/me", { token: session.token });
  expect(me.body.user.credits).toBe(STARTING_CREDITS + 250);
});

test("a reload while paying: the card typed again and Pay is the same payment, not a second charge (a stranger)", async ({ page, app }) => {
  const session = await openCheckout(page, "basic");
  await fillCard(page, "4242 4242 4242 4242");
  // The server charges; the page is reloaded before its answer arrives.
  let calls = 0;
  let charged!: () => void;
  const chargedOnServer = new Promise<void>((resolve) => (charged = resolve));
  await page.route("**/api/v1/payment/create", async (route) => {
    calls++;
    if (calls === 1) {
      await route.fetch();
      charged();
      await route.abort("connectionreset").catch(() => undefined);
      return;
    }
    await route.continue();
  });
  await page.getByRole("button", { name: "Pay $25" }).click();
  await chargedOnServer;
  await page.reload();
  await expect(page.getByTestId("checkout-form")).toBeVisible({ timeout: 15_000 });
  // Typing the card again is a new payment method for the same attempt.
  await fillCard(page, "4242 4242 4242 4242");
  await page.getByRole("button", { name: "Pay $25" }).click();
  await expect(page.getByTestId("checkout-success")).toContainText("Payment successful! 🎉");
  await expect(page.getByTestId("checkout-balance")).toHaveText(`Your new balance: ${STARTING_CREDITS + 50} credits.`);
  expect(calls).toBe(2);
  const history = await app.api("/payment/history", { token: session.token });
  expect(history.body.payments).toHaveLength(1);

  // Bought, the next purchase of the same package is a new one.
  await page.goto("/pricing/basic");
  await expect(page.getByTestId("checkout-form")).toBeVisible({ timeout: 15_000 });
  await fillCard(page, "4242 4242 4242 4242");
  await page.getByRole("button", { name: "Pay $25" }).click();
  await expect(page.getByTestId("checkout-balance")).toHaveText(`Your new balance: ${STARTING_CREDITS + 100} credits.`);
  expect((await app.api("/payment/history", { token: session.token })).body.payments).toHaveLength(2);
});

test("signed out: the checkout sends to /login and back after logging in", async ({ page }) => {
  const session = await signUpViaApi();
  await page.goto("/pricing/pro");
  // The guard runs after hydration, as in guards.spec.ts; a loaded machine took more than 5 s.
  await expect(page).toHaveURL(/\/login\?next=%2Fpricing%2Fpro$/, { timeout: 15_000 });
  await page.getByLabel("Email").fill(session.email);
  await page.getByLabel("Password", { exact: true }).fill(session.password);
  await page.getByRole("button", { name: "Log in" }).click();
  await expect(page).toHaveURL(/\/pricing\/pro$/);
  await expect(page.getByRole("button", { name: "Pay $50" })).toBeVisible();
});

test("an unknown package is a 404 page", async ({ page }) => {
  const response = await page.goto("/pricing/gold");
  expect(response?.status()).toBe(404);
  await expect(page.getByTestId("error-notFound")).toBeVisible();
});

test("the checkout in Japanese and Chinese", async ({ page }) => {
  const session = await signUpViaApi();
  await signInPage(page, session);
  for (const lang of ["ja", "zh"] as const) {
    const m = checkout[lang];
    await page.goto(`/${lang}/pricing/pro`);
    await expect(page.getByTestId("checkout-form")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(m.title.replace("{name}", PACKAGES[1]!.name[lang]));
    await expect(page.getByTestId("test-mode")).toContainText(m.testMode.badge);
    await page.getByRole("button", { name: m.form.pay.replace("{price}", "$50") }).click();
    await expect(page.getByTestId("checkout-error")).toHaveText(m.messages.fillAll);
    await page.getByLabel(m.form.cardNumber).fill("4000 0000 0000 0002");
    await page.getByLabel(m.form.expiry).fill("12/34");
    await page.getByLabel(m.form.cvc).fill("123");
    await page.getByLabel(m.form.country, { exact: true }).selectOption("JP");
    await page.getByRole("button", { name: m.form.pay.replace("{price}", "$50") }).click();
    const declined = lang === "ja" ? "カードが拒否されました。" : "您的卡被拒绝。";
    await expect(page.getByTestId("checkout-error")).toHaveText(m.messages.failed.replace("{error}", declined));
  }
});

test("side-by-side fields line up when one label wraps (the Japanese security-code label at 390 px)", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const session = await signUpViaApi();
  await signInPage(page, session);
  await page.goto("/ja/pricing/basic");
  const expiry = page.getByLabel(checkout.ja.form.expiry);
  const cvc = page.getByLabel(checkout.ja.form.cvc);
  await expect(cvc).toBeVisible();
  // The height of the label's text (its box is stretched to the row's height on purpose).
  const labelHeight = (id: string) =>
    page.locator(`label[for="${id}"]`).evaluate((label) => {
      const range = document.createRange();
      range.selectNodeContents(label);
      return range.getBoundingClientRect().height;
    });
  // The premise: one label takes more lines than its neighbour.
  expect(await labelHeight("card-cvc")).toBeGreaterThan(await labelHeight("card-expiry"));
  const [a, b] = [(await expiry.boundingBox())!, (await cvc.boundingBox())!];
  expect(Math.abs(a.y - b.y)).toBeLessThan(1);
  expect(Math.abs(a.height - b.height)).toBeLessThan(1);
});

test("no accessibility violations, and usable at 375 px", async ({ page }) => {
  await openCheckout(page, "basic");
  await page.getByRole("button", { name: "Pay $25" }).click();
  await expect(page.getByTestId("checkout-error")).toBeVisible();
  await expectNoAxeViolations(page);

  await page.setViewportSize({ width: 375, height: 800 });
  await fillCard(page, "4242 4242 4242 4242");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.getByRole("button", { name: "Pay $25" }).click();
  await expect(page.getByTestId("checkout-success")).toContainText("Payment successful! 🎉");
});

// A stand-in for Stripe.js with the calls the page makes: a card element (a plain input), the
// PaymentMethod ids of Stripe's test cards, and handleCardAction answered by the test (3-D Secure).
const FAKE_STRIPE_JS = `
window.Stripe = function () {
  return {
    _registerWrapper: function () {},
    elements: function () {
      return {
        create: function () {
          var input = null;
          var handlers = {};
          var emit = function () {
            if (handlers.change) handlers.change({ empty: !input.value, complete: input.value.length >= 16 });
          };
          return {
            mount: function (el) {
              input = document.createElement("input");
              input.setAttribute("aria-label", "Card number");
              input.setAttribute("data-testid", "fake-stripe-input");
              input.addEventListener("input", emit);
              el.appendChild(input);
            },
            on: function (name, fn) { handlers[name] = fn; },
            clear: function () { input.value = ""; emit(); },
            focus: function () { input.focus(); },
            destroy: function () { if (input) input.remove(); },
            _value: function () { return input.value.replace(/\\s/g, ""); },
          };
        },
      };
    },
    createPaymentMethod: function (params) {
      var number = params.card._value();
      if (number === "4242424242424241") {
        return Promise.resolve({ error: { type: "validation_error", code: "incorrect_number", message: "Your card number is invalid." } });
      }
      var ids = { "4242424242424242": "pm_card_visa", "4000000000000002": "pm_card_visa_chargeDeclined", "4000002760003184": "pm_card_threeDSecure2Required", "4000000000001000": "pm_card_processing" };
      window.__lastBilling = params.billing_details;
      return Promise.resolve({ paymentMethod: { id: ids[number] || "pm_unknown" } });
    },
    handleCardAction: function (clientSecret) {
      return window.__authenticate(clientSecret).then(function (ok) {
        return ok
          ? { paymentIntent: { id: clientSecret.split("_secret_")[0], status: "requires_confirmation" } }
          : { error: { type: "card_error", message: "${AUTHENTICATION_FAILED_MESSAGE}" } };
      });
    },
  };
};
window.Stripe.version = "endive";
`;

test.describe("Stripe mode (fake Stripe API and Stripe.js)", () => {
  let fake: FakeStripe;
  let server: AppServer;
  let authenticate = true;

  test.beforeAll(async ({}, testInfo) => {
    testInfo.setTimeout(180_000);
    fake = await startFakeStripe();
    server = await startAppServer("stripe", {
      STARTING_CREDITS: String(STARTING_CREDITS),
      RATE_LIMITS: "true",
      TRUST_PROXY: "loopback",
      STRIPE_SECRET_KEY: "sk_test_e2e",
      STRIPE_PUBLISHABLE_KEY: "pk_test_e2e",
      STRIPE_WEBHOOK_SECRET: "whsec_e2e",
      STRIPE_API_BASE: fake.url,
    });
  });
  test.afterAll(async () => {
    await server?.stop();
    await fake?.close();
  });

  async function openStripeCheckout(page: Page, packageId: string) {
    await page.route("https://js.stripe.com/**", (route) =>
      route.fulfill({ contentType: "application/javascript", body: FAKE_STRIPE_JS }),
    );
    await page.exposeFunction("__authenticate", (clientSecret: string) => {
      fake.completeAction(clientSecret.split("_secret_")[0]!, authenticate);
      return authenticate;
    });
    const email = uniqueEmail("stripe");
    const register = await fetch(`${server.url}/api/v1/user/register`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email, password: "correct-horse-battery" }),
    });
    const session = (await register.json()) as { token: string; user: { id: string; email: string; name: string; credits: number } };
    await page.goto(`${server.url}/`);
    await signInPage(page, session);
    await page.goto(`${server.url}/pricing/${packageId}`);
    await expect(page.getByTestId("fake-stripe-input")).toBeVisible();
    return session;
  }

  test("pays with the Stripe card field; no test-mode notice", async ({ page }) => {
    await openStripeCheckout(page, "pro");
    await expect(page.getByTestId("test-mode")).toHaveCount(0);
    await page.getByTestId("fake-stripe-input").fill("4242 4242 4242 4242");
    await page.getByLabel(t.form.country, { exact: true }).selectOption("DE");
    await page.getByRole("button", { name: "Pay $50" }).click();
    await expect(page.getByTestId("checkout-success")).toContainText("Payment successful! 🎉");
    await expect(page.getByTestId("checkout-balance")).toHaveText(`Your new balance: ${STARTING_CREDITS + 100} credits.`);
    expect(await page.evaluate(() => (window as unknown as { __lastBilling: unknown }).__lastBilling)).toEqual({ address: { country: "DE" } });
    const intent = [...fake.intents.values()].at(-1)!;
    expect(intent).toMatchObject({ amount: 5000, currency: "usd", status: "succeeded", payment_method: "pm_card_visa" });
  });

  test("3-D Secure is completed on the page, then confirmed", async ({ page }) => {
    authenticate = true;
    await openStripeCheckout(page, "enterprise");
    await page.getByTestId("fake-stripe-input").fill("4000 0027 6000 3184");
    await page.getByLabel(t.form.country, { exact: true }).selectOption("FR");
    await page.getByRole("button", { name: "Pay $100" }).click();
    await expect(page.getByTestId("checkout-success")).toContainText("Payment successful! 🎉");
    await expect(page.getByTestId("checkout-balance")).toHaveText(`Your new balance: ${STARTING_CREDITS + 250} credits.`);
    expect([...fake.intents.values()].at(-1)).toMatchObject({ amount: 10000, status: "succeeded" });
  });

  test("a payment the bank is still confirming is said above the form after a reload, so it is not paid twice unawares", async ({ page }) => {
    await openStripeCheckout(page, "pro");
    await page.getByTestId("fake-stripe-input").fill("4000 0000 0000 1000");
    await page.getByLabel(t.form.country, { exact: true }).selectOption("DE");
    await page.getByRole("button", { name: "Pay $50" }).click();
    await expect(page.getByTestId("checkout-info")).toHaveText(t.messages.processing);
    // The page's answer is lost with a reload (or was never seen in a second tab): the form comes back.
    await page.reload();
    await expect(page.getByTestId("fake-stripe-input")).toBeVisible();
    const pending = page.getByTestId("pending-purchase");
    await expect(pending).toContainText("Your payment for the Pro package a few minutes ago is still being confirmed");
    await expect(pending.getByRole("link", { name: t.pendingPurchase.link })).toHaveAttribute("href", "/explore#purchases-title");
    await expect(page.getByTestId("recent-purchase")).toHaveCount(0);
    // Another package says nothing.
    await page.goto(`${server.url}/pricing/basic`);
    await expect(page.getByTestId("fake-stripe-input")).toBeVisible();
    await expect(page.getByTestId("pending-purchase")).toHaveCount(0);
  });

  test("a failed 3-D Secure, a decline and a card field error show the provider's messages", async ({ page }) => {
    await openStripeCheckout(page, "basic");
    const input = page.getByTestId("fake-stripe-input");
    await page.getByRole("button", { name: "Pay $25" }).click();
    await expect(page.getByTestId("checkout-error")).toHaveText("Please fill all details.");

    await input.fill("4242 4242 4242 4241");
    await page.getByLabel(t.form.country, { exact: true }).selectOption("US");
    await page.getByRole("button", { name: "Pay $25" }).click();
    await expect(page.getByTestId("checkout-error")).toHaveText("Your card number is invalid.");

    await input.fill("4000 0000 0000 0002");
    await page.getByRole("button", { name: "Pay $25" }).click();
    await expect(page.getByTestId("checkout-error")).toHaveText("Payment failed: Your card was declined.");

    authenticate = false;
    await input.fill("4000 0027 6000 3184");
    await page.getByRole("button", { name: "Pay $25" }).click();
    await expect(page.getByTestId("checkout-error")).toHaveText(AUTHENTICATION_FAILED_MESSAGE);
    authenticate = true;
    await expect(page.getByTestId("header-credits")).toContainText(String(STARTING_CREDITS));
  });

  test("without Stripe.js the card field says so and paying asks for all details", async ({ page }) => {
    await page.route("https://js.stripe.com/**", (route) => route.abort());
    const email = uniqueEmail("nostripe");
    const register = await fetch(`${server.url}/api/v1/user/register`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email, password: "correct-horse-battery" }),
    });
    await page.goto(`${server.url}/`);
    await signInPage(page, (await register.json()) as { token: string; user: { id: string; email: string; name: string; credits: number } });
    await page.goto(`${server.url}/pricing/basic`);
    await expect(page.getByText(t.form.cardUnavailable)).toBeVisible();
    await page.getByLabel(t.form.country, { exact: true }).selectOption("US");
    await page.getByRole("button", { name: "Pay $25" }).click();
    await expect(page.getByTestId("checkout-error")).toHaveText("Please fill all details.");
  });
});
