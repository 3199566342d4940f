// Where the keyboard's focus goes after a form is sent with Enter (found by a keyboard and
// screen-reader user: a button disabled while its request ran dropped the focus to the document, and
// the next Tab started wherever the browser chose), and after signing in.
import { account as accountMessages } from "~/content/messages/account";
import { auth as authMessages } from "~/content/messages/auth";
import { expect, signInPage, signUpViaApi, test, waitForHydration } from "./fixtures";

test.use({ viewport: { width: 1366, height: 768 } });

test("a refused log-in keeps the focus on its button, and a successful one takes it to the next page's heading (ja)", async ({ page }) => {
  const t = authMessages.ja;
  const member = await signUpViaApi();
  await page.goto("/ja/login");
  await waitForHydration(page);
  await page.getByLabel(t.fields.email, { exact: true }).fill(member.email);
  await page.getByLabel(t.fields.password, { exact: true }).fill("not the password");
  const submit = page.getByRole("button", { name: t.login.submit });
  await submit.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("alert").filter({ hasText: /\S/ })).toBeVisible();
  await expect(submit).toBeFocused();

  await page.getByLabel(t.fields.password, { exact: true }).fill(member.password);
  await submit.focus();
  await page.keyboard.press("Enter");
  await expect(page).not.toHaveURL(/\/login/);
  await expect(page.getByRole("heading", { level: 1 })).toBeFocused();
});

test("a password change the server refuses takes the focus to the field in error (ja)", async ({ page }) => {
  const t = accountMessages.ja;
  const member = await signUpViaApi();
  await signInPage(page, member);
  await page.goto("/ja/account");
  await waitForHydration(page);
  const form = page.getByTestId("account-password");
  await form.getByLabel(t.currentPassword, { exact: true }).fill("not the password");
  const newPassword = form.getByLabel(t.password.newPassword, { exact: true });
  await newPassword.fill("a brand new secret phrase");
  await newPassword.press("Enter");
  await expect(form.getByLabel(t.currentPassword, { exact: true })).toHaveAttribute("aria-invalid", "true");
  await expect(form.getByLabel(t.currentPassword, { exact: true })).toBeFocused();
});

test("the data download keeps the focus on its button (zh)", async ({ page }) => {
  const t = accountMessages.zh;
  const member = await signUpViaApi();
  await signInPage(page, member);
  await page.goto("/zh/account");
  await waitForHydration(page);
  const download = page.getByTestId("download-data");
  await download.focus();
  const file = page.waitForEvent("download");
  await page.keyboard.press("Enter");
  await file;
  await expect(download).toHaveText(t.data.download);
  await expect(download).toBeFocused();
});
