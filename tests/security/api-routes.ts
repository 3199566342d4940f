// Every /api/v1 route with its access rule. tests/security/api-auth.test.ts walks the Express router
// of createApp() and fails when a route exists that this table does not list (or the other way round),
// so a new endpoint cannot ship without a decision about who may call it.
import type { Express } from "express";

export type Access =
  /** Anyone; abuse is limited by validation and rate limits. */
  | "public"
  /** Anyone, but the body must carry the payment provider's signature (checked on the raw bytes). */
  | "signature"
  /** A valid, unexpired, unrevoked bearer token. */
  | "user"
  /** A valid bearer token of an account whose role is admin. */
  | "admin";

export interface ApiRoute {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** Express path, with :params. */
  path: string;
  access: Access;
  /** A well-formed body, so a refusal can only come from the access check. */
  body?: unknown;
  /** The route takes a JSON body (the 413 check sends an oversized one). */
  json?: boolean;
  /** Free-text fields a user can store through this route (XSS checks). */
  freeText?: string[];
}

const SOME_UUID = "00000000-0000-4000-8000-000000000000";

export const API_ROUTES: ApiRoute[] = [
  // Accounts
  { method: "POST", path: "/api/v1/user/register", access: "public", json: true, freeText: ["name"], body: { email: "a@example.test", password: "long-enough-1" } },
  { method: "POST", path: "/api/v1/user/login", access: "public", json: true, body: { email: "a@example.test", password: "long-enough-1" } },
  { method: "POST", path: "/api/v1/user/logout", access: "user", json: true, body: {} },
  { method: "GET", path: "/api/v1/user/me", access: "user" },
  { method: "POST", path: "/api/v1/user/password/forgot", access: "public", json: true, body: { email: "a@example.test" } },
  { method: "POST", path: "/api/v1/user/password/reset", access: "public", json: true, body: { token: "x".repeat(43), password: "long-enough-1" } },
  { method: "POST", path: "/api/v1/user/password/reset/check", access: "public", json: true, body: { token: "x".repeat(43) } },
  // Account settings (the member's own data only)
  { method: "GET", path: "/api/v1/account", access: "user" },
  { method: "POST", path: "/api/v1/account/name", access: "user", json: true, freeText: ["name"], body: { name: "A" } },
  { method: "POST", path: "/api/v1/account/password", access: "user", json: true, body: { currentPassword: "long-enough-1", newPassword: "long-enough-2" } },
  { method: "POST", path: "/api/v1/account/email", access: "user", json: true, body: { email: "b@example.test", currentPassword: "long-enough-1" } },
  // The confirmation link is the credential: it works from any browser, signed in or not.
  { method: "POST", path: "/api/v1/account/email/confirm", access: "public", json: true, body: { token: "x".repeat(43) } },
  { method: "GET", path: "/api/v1/account/sessions", access: "user" },
  { method: "POST", path: "/api/v1/account/sessions/revoke-all", access: "user", json: true, body: {} },
  { method: "POST", path: "/api/v1/account/sessions/:id/revoke", access: "user", json: true, body: {} },
  { method: "GET", path: "/api/v1/account/export", access: "user" },
  { method: "POST", path: "/api/v1/account/delete", access: "user", json: true, body: { currentPassword: "long-enough-1" } },
  // The admin's user table lives at the spec's path /user/get.
  { method: "GET", path: "/api/v1/user/get", access: "admin" },
  // Contact form
  {
    method: "POST",
    path: "/api/v1/contact",
    access: "public",
    json: true,
    freeText: ["name", "company", "subject", "message"],
    body: { name: "A", email: "a@example.test", subject: "Hello", message: "A question about taxes.", service: "general" },
  },
  // AI assistant
  { method: "POST", path: "/api/v1/ai/ask", access: "user", json: true, freeText: ["question"], body: { topic: "tax-consultation", question: "What is VAT?", lang: "en" } },
  { method: "GET", path: "/api/v1/ai/history", access: "user" },
  { method: "GET", path: "/api/v1/ai/threads/:id", access: "user" },
  { method: "POST", path: "/api/v1/ai/questions/:id/credit-return", access: "user", json: true, body: {} },
  // Payments
  {
    method: "POST",
    path: "/api/v1/payment/create",
    access: "user",
    json: true,
    body: { package: "basic", paymentMethodId: "pm_card_visa", country: "JP", idempotencyKey: "security-test-key-0001" },
  },
  { method: "POST", path: "/api/v1/payment/confirm", access: "user", json: true, body: { transactionId: SOME_UUID } },
  { method: "POST", path: "/api/v1/payment/webhook", access: "signature" },
  { method: "GET", path: "/api/v1/payment/history", access: "user" },
  { method: "GET", path: "/api/v1/payment/receipts/:id", access: "user" },
  // Admin
  { method: "GET", path: "/api/v1/dashboard/get", access: "admin" },
  { method: "GET", path: "/api/v1/admin/users/:id", access: "admin" },
  {
    method: "POST",
    path: "/api/v1/admin/users/:id/credits",
    access: "admin",
    json: true,
    freeText: ["reason"],
    body: { direction: "grant", amount: 1, reason: "Security test" },
  },
  { method: "POST", path: "/api/v1/admin/users/:id/role", access: "admin", json: true, body: { role: "user" } },
  { method: "GET", path: "/api/v1/admin/messages", access: "admin" },
  { method: "POST", path: "/api/v1/admin/messages/:id/read", access: "admin", json: true, body: { read: true } },
  { method: "GET", path: "/api/v1/admin/setup", access: "admin" },
  { method: "GET", path: "/api/v1/admin/export/:file", access: "admin" },
  { method: "GET", path: "/api/v1/refunds", access: "admin" },
  { method: "POST", path: "/api/v1/refunds", access: "admin", json: true, body: { paymentId: SOME_UUID } },
  { method: "POST", path: "/api/v1/refunds/repaid", access: "admin", json: true, body: { paymentId: SOME_UUID } },
];

/** The concrete URL of a route (params filled with a well-formed id that matches nothing). */
export function routeUrl(route: Pick<ApiRoute, "path">, params: Record<string, string> = {}): string {
  return route.path.replace(/:(\w+)/g, (_, name: string) => params[name] ?? SOME_UUID);
}

export const routeKey = (route: { method: string; path: string }) => `${route.method} ${route.path.replace(/\/+$/, "") || "/"}`;

interface RouterLayer {
  rawPath?: unknown;
  route?: { path: string | string[]; methods: Record<string, boolean> };
  handle?: { stack?: RouterLayer[] };
}

/**
 * Every route registered under /api/v1 in the app, as "METHOD /path", found by walking Express's
 * router stack (mounted routers included).
 */
export function registeredApiRoutes(app: Express): string[] {
  const found = new Set<string>();
  const router = (app as unknown as { router: { stack: RouterLayer[] } }).router;
  const walk = (stack: RouterLayer[], prefix: string) => {
    for (const layer of stack) {
      if (layer.route) {
        const paths = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path];
        for (const path of paths) {
          for (const [method, enabled] of Object.entries(layer.route.methods)) {
            if (enabled && method !== "_all") found.add(routeKey({ method: method.toUpperCase(), path: prefix + path }));
          }
        }
      } else if (layer.handle?.stack) {
        const mount = typeof layer.rawPath === "string" && layer.rawPath !== "/" ? layer.rawPath : "";
        walk(layer.handle.stack, prefix + mount);
      }
    }
  };
  walk(router.stack, "");
  return [...found].filter((key) => key.split(" ")[1]!.startsWith("/api/v1")).sort();
}
