import { chromium } from "playwright-core";
const base = "http://127.0.0.1:3917";
const post = async (path, body, token) => {
  const r = await fetch(base + path, { method: "POST", headers: { "Content-Type": "application/json", ...(token ? { Authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) });
  return r.json();
};
const login = await post("/api/v1/user/login", { email: "boss@taxatlas.test", password: "admin-password-123" });
const members = [];
for (let i = 0; i < 5; i++) members.push(await post("/api/v1/user/register", { email: `shot${i}-${Date.now()}@example.test`, password: "correct-horse-battery", name: `Hanako Yamada ${i}` }));
await post("/api/v1/contact", { name: "Taro <b>Sato</b>", email: "taro@example.test", subject: "Transfer pricing", message: "Hello,\n\n<script>alert(1)</script> we need help.\nThanks", service: "consulting" });
await post(`/api/v1/admin/users/${members[0].user.id}/credits`, { direction: "grant", amount: 10, reason: "Welcome bonus\nsecond line" }, login.token);
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--headless"] });
const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
await page.goto(base + "/");
await page.evaluate(({ token, user }) => {
  localStorage.setItem("token", token);
  localStorage.setItem("user", JSON.stringify({ ...user, isAuthenticated: true }));
  localStorage.setItem("credits", String(user.credits));
  localStorage.setItem("cookie-consent", "x");
}, login);
const shots = [["/admin", "dash"], ["/admin/users", "users"], [`/admin/users/${members[0].user.id}`, "user"], ["/admin/messages", "messages"], ["/admin/pricing", "pricing"]];
for (const [path, name] of shots) {
  await page.goto(base + path);
  await page.waitForTimeout(2500);
  await page.screenshot({ path: `/tmp/admin-pg/shot-${name}.png`, fullPage: true });
}
await page.setViewportSize({ width: 375, height: 800 });
await page.goto(base + "/admin/users");
await page.waitForTimeout(2500);
await page.screenshot({ path: `/tmp/admin-pg/shot-mobile.png`, fullPage: false });
await browser.close();
