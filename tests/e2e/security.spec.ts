// Stored XSS in a real browser: script payloads saved through every free-text field (contact form,
// name at sign-up, AI question, admin adjustment reason) are shown as literal text on the admin
// and member pages; no dialog opens and no injected code runs.
import type { Page } from "@playwright/test";
import { adminSession, expect, signInPage, signUpViaApi, test, uniqueEmail } from "./fixtures";

/** Each payload would set window.__xss (and open a dialog) if it ever ran. */
function payloads(marker: string) {
  return {
    img: `<img src=x onerror="window.__xss='${marker}';alert('${marker}')">`,
    script: `<script>window.__xss='${marker}';alert('${marker}')</script>`,
    svg: `<svg onload="alert('${marker}')"></svg>`,
  };
}

/** Records dialogs (alert/confirm/prompt) the page opens; an XSS would open one. */
function watchDialogs(page: Page): string[] {
  const dialogs: string[] = [];
  page.on("dialog", (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  return dialogs;
}

async function expectNothingRan(page: Page, dialogs: string[]) {
  expect(dialogs).toEqual([]);
  expect(await page.evaluate(() => (window as unknown as { __xss?: string }).__xss)).toBeUndefined();
  // No element created from a payload: the text is in text nodes only.
  expect(await page.locator("main img[src='x'], main svg[onload]").count()).toBe(0);
}

test("contact messages with script payloads show as text in the admin inbox", async ({ page, app }) => {
  const marker = `xss-contact-${Date.now()}`;
  const p = payloads(marker);
  const sent = await app.api("/contact", {
    method: "POST",
    body: { name: `Mallory ${p.svg}`.slice(0, 100), email: uniqueEmail("xss"), company: p.img, subject: `Subject ${p.img}`, message: `Hello ${p.script}` },
  });
  expect(sent.status).toBe(201);

  const dialogs = watchDialogs(page);
  await signInPage(page, await adminSession());
  await page.goto("/admin/messages");
  await expect(page.getByText(`Subject ${p.img}`, { exact: true })).toBeVisible();
  await expect(page.getByText(`Hello ${p.script}`, { exact: true })).toBeVisible();
  await expect(page.getByText(p.img, { exact: true })).toBeVisible();
  await expectNothingRan(page, dialogs);
});

test("a member's name, AI question and an admin's adjustment reason show as text", async ({ page, app }) => {
  const marker = `xss-member-${Date.now()}`;
  const p = payloads(marker);
  const member = await signUpViaApi({ name: `Eve ${p.img}`.slice(0, 100) });

  // The question goes through the real ask endpoint (fake model) and is stored with its answer.
  const ask = await fetch(`${process.env.E2E_BASE_URL}/api/v1/ai/ask`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${member.token}` },
    body: JSON.stringify({ topic: "tax-consultation", question: `Is this taxable? ${p.script}`, lang: "en" }),
  });
  expect(ask.status).toBe(200);
  expect(await ask.text()).toContain("event: done");

  const admin = await adminSession();
  const adjust = await app.api(`/admin/users/${member.user.id}/credits`, {
    method: "POST",
    token: admin.token,
    body: { direction: "grant", amount: 2, reason: `Goodwill ${p.svg}` },
  });
  expect(adjust.status).toBe(200);

  const dialogs = watchDialogs(page);
  await signInPage(page, member);
  await page.goto("/explore");
  await expect(page.getByTestId("questions-list").getByText(`Is this taxable? ${p.script}`, { exact: true })).toBeVisible();
  await expectNothingRan(page, dialogs);

  await signInPage(page, admin);
  await page.goto(`/admin/users/${member.user.id}`);
  await expect(page.getByText(`Goodwill ${p.svg}`, { exact: true }).first()).toBeVisible();
  await expect(page.getByText(`Eve ${p.img}`.slice(0, 100), { exact: true }).first()).toBeVisible();
  await expect(page.getByText(`Is this taxable? ${p.script}`, { exact: true }).first()).toBeVisible();
  await expectNothingRan(page, dialogs);

  await page.goto(`/admin/users?q=${encodeURIComponent(member.email)}`);
  await expect(page.getByText(`Eve ${p.img}`.slice(0, 100), { exact: true }).first()).toBeVisible();
  await expectNothingRan(page, dialogs);
});
