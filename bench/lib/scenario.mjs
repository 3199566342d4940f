// The mixed load of the cluster benchmark and the PostgreSQL-restart fault: public pages, the
// member's API reads, log-ins, AI asks (fake provider) and test-mode checkouts (card 4242 4242 4242
// 4242, and a few declined cards), plus contact messages. Each virtual user plays a few accounts and
// sends each request from one of many client addresses (X-Forwarded-For, trusted through two hops:
// the load generator stands for the clients' own proxies, bench/lib/proxy.mjs for the load balancer).
import { randomBytes, randomUUID } from "node:crypto";
import { parseSse } from "./load.mjs";

export const PUBLIC_PAGES = [
  "/",
  "/about",
  "/services",
  "/services/tax-consultation",
  "/services/technology-solutions",
  "/services/security-services",
  "/services/custom-software-development",
  "/portfolio",
  "/blog",
  "/blog/1",
  "/contact",
  "/pricing",
  "/privacy",
  "/login",
  "/signup",
  "/ja",
  "/ja/about",
  "/ja/pricing",
  "/zh",
  "/zh/services/tax-consultation",
];

const PACKAGES = ["basic", "pro", "enterprise"];
const TOPICS = ["tax-consultation", "technology-solutions", "security-services", "custom-software-development"];
export const PASSWORD = "bench-password-123";

/** A client address from a pool of about 16,000 (10.x.y.z). */
// Math.random, not crypto: the load generator shares the cores with what it measures.
const randomInt = (n) => Math.floor(Math.random() * n);
export const randomIp = () => `10.${1 + randomInt(63)}.${randomInt(256)}.${1 + randomInt(254)}`;

/**
 * Registers `count` accounts through `client` (each from its own address, as real sign-ups are).
 * @returns {Promise<{ email: string, token: string, userId: string }[]>}
 */
export async function registerAccounts(client, count, { prefix = "bench", concurrency = 8 } = {}) {
  const accounts = [];
  let next = 0;
  const tag = randomBytes(3).toString("hex");
  const worker = async () => {
    while (next < count) {
      const i = next++;
      const email = `${prefix}-${tag}-${i}@example.test`;
      for (let attempt = 1; ; attempt++) {
        const res = await client.request("POST", "/api/v1/user/register", {
          headers: { "x-forwarded-for": randomIp() },
          json: { email, password: PASSWORD, name: `Bench User ${i}` },
        });
        if (res.status === 201) {
          accounts[i] = { email, token: res.json.token, userId: res.json.user.id };
          break;
        }
        if (attempt >= 5) throw new Error(`registering ${email} failed: ${res.status} ${res.error ?? res.text.slice(0, 200)}`);
        await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return accounts;
}

/** Virtual users, each with `perVu` accounts taken in turn. */
export function makeVus(accounts, connections, perVu = 2) {
  return Array.from({ length: connections }, (_, i) => ({
    accounts: Array.from({ length: perVu }, (_, k) => accounts[(i * perVu + k) % accounts.length]),
    turn: 0,
  }));
}

const account = (vu) => vu.accounts[vu.turn++ % vu.accounts.length];

/** A designed refusal: 429 with Retry-After. */
const isRateLimited = (res) => res.status === 429 && Boolean(res.headers["retry-after"]) && res.json?.error?.code === "rate_limited";

/**
 * The actions with their weights. `tally` collects what the clients were told, to compare with the
 * database afterwards. `allowUnavailable` counts a 503 {error:{code:'unavailable'}} as designed
 * (the PostgreSQL-restart fault).
 */
export function mixedActions(client, { tally, allowUnavailable = false } = {}) {
  tally ??= {};
  Object.assign(tally, { checkoutsSucceeded: new Set(), declined: 0, answers: 0, unavailable: 0, streamErrors: 0, logins: 0, unsettled: [] });
  const refusal = (res) => {
    if (isRateLimited(res)) return "designed";
    if (allowUnavailable && res.status === 503 && res.json?.error?.code === "unavailable" && res.headers["retry-after"]) {
      tally.unavailable++;
      return "designed";
    }
    return "error";
  };
  const note = (res) => `${res.error ?? ""} ${res.text.slice(0, 200)}`;
  const headers = (extra = {}) => ({ "x-forwarded-for": randomIp(), ...extra });

  return [
    {
      name: "page",
      weight: 50,
      async run() {
        const path = PUBLIC_PAGES[Math.floor(Math.random() * PUBLIC_PAGES.length)];
        const res = await client.request("GET", path, { headers: headers({ "accept-encoding": "br, gzip", "accept-language": "en" }) });
        if (res.status === 200 && !res.error) return { outcome: "ok", status: 200, ms: res.ms };
        return { outcome: refusal(res), status: res.status, ms: res.ms, note: `${path} ${note(res)}` };
      },
    },
    {
      name: "me",
      weight: 8,
      async run(vu) {
        const res = await client.request("GET", "/api/v1/user/me", { headers: headers({ authorization: `Bearer ${account(vu).token}` }) });
        if (res.status === 200 && res.json?.user) return { outcome: "ok", status: 200, ms: res.ms };
        return { outcome: refusal(res), status: res.status, ms: res.ms, note: note(res) };
      },
    },
    {
      name: "history",
      weight: 5,
      async run(vu) {
        const who = account(vu);
        const path = Math.random() < 0.5 ? "/api/v1/ai/history" : "/api/v1/payment/history";
        const res = await client.request("GET", path, { headers: headers({ authorization: `Bearer ${who.token}` }) });
        if (res.status === 200 && res.json?.success) return { outcome: "ok", status: 200, ms: res.ms };
        return { outcome: refusal(res), status: res.status, ms: res.ms, note: `${path} ${note(res)}` };
      },
    },
    {
      name: "login",
      weight: 8,
      async run(vu) {
        const who = account(vu);
        const res = await client.request("POST", "/api/v1/user/login", { headers: headers(), json: { email: who.email, password: PASSWORD } });
        if (res.status === 200 && res.json?.token) {
          // Keep using the new session, as the browser would.
          who.token = res.json.token;
          tally.logins++;
          return { outcome: "ok", status: 200, ms: res.ms };
        }
        return { outcome: refusal(res), status: res.status, ms: res.ms, note: note(res) };
      },
    },
    {
      name: "ai_ask",
      weight: 12,
      async run(vu) {
        const who = account(vu);
        const res = await client.request("POST", "/api/v1/ai/ask", {
          headers: headers({ authorization: `Bearer ${who.token}`, accept: "text/event-stream" }),
          json: { topic: TOPICS[Math.floor(Math.random() * TOPICS.length)], question: `What should I know about VAT? ${randomUUID()}`, lang: "en" },
        });
        if (res.status === 200 && !res.error) {
          const events = parseSse(res.text);
          const last = events[events.length - 1];
          if (last?.event === "done") {
            tally.answers++;
            return { outcome: "ok", status: 200, ms: res.ms };
          }
          // The stream had begun when the database went away: its clear ending is an error event.
          if (allowUnavailable && last?.event === "error" && typeof last.data?.code === "string") {
            tally.streamErrors++;
            return { outcome: "designed", status: 200, ms: res.ms };
          }
          return { outcome: "error", status: 200, ms: res.ms, note: `stream ended with ${JSON.stringify(last)}` };
        }
        return { outcome: refusal(res), status: res.status, ms: res.ms, note: note(res) };
      },
    },
    {
      name: "checkout",
      weight: 12,
      async run(vu) {
        const who = account(vu);
        const declined = Math.random() < 0.05;
        const body = {
          package: PACKAGES[Math.floor(Math.random() * PACKAGES.length)],
          paymentMethodId: declined ? "pm_card_visa_chargeDeclined" : "pm_card_visa",
          country: "JP",
          idempotencyKey: `bench-${randomUUID()}`,
        };
        const res = await client.request("POST", "/api/v1/payment/create", { headers: headers({ authorization: `Bearer ${who.token}` }), json: body });
        // Not settled for the client: the page would retry with the same idempotency key.
        if (res.status >= 500 || res.status === 0 || res.status === 409) tally.unsettled.push({ token: who.token, body });
        if (res.status === 200 && !declined && res.json?.status === "succeeded" && res.json.transactionId) {
          tally.checkoutsSucceeded.add(res.json.transactionId);
          return { outcome: "ok", status: 200, ms: res.ms };
        }
        if (declined && res.status === 200 && res.json?.status === "failed" && res.json.code === "card_declined") {
          tally.declined++;
          return { outcome: "ok", status: 200, ms: res.ms };
        }
        if (res.status === 200) return { outcome: "error", status: 200, ms: res.ms, note: note(res) };
        return { outcome: refusal(res), status: res.status, ms: res.ms, note: note(res) };
      },
    },
    {
      name: "contact",
      weight: 3,
      async run() {
        const res = await client.request("POST", "/api/v1/contact", {
          headers: headers(),
          json: { name: "Bench Visitor", email: "visitor@example.test", subject: "A question", message: "How do you price a VAT review?", service: "consulting" },
        });
        if (res.status === 201) return { outcome: "ok", status: 201, ms: res.ms };
        return { outcome: refusal(res), status: res.status, ms: res.ms, note: note(res) };
      },
    },
  ];
}
