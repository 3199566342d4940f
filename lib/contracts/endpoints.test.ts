// The boundary between browser and API cannot drift unnoticed:
// - types (checked by `npm run typecheck`): for every endpoint the client's expected answer
//   (ResponseOf, what app/api/api.client.ts resolves with) is exactly the type its router
//   `satisfies`, and the domain functions the routers pass through return the contract's shapes;
// - run time: every endpoint of the map is routed (no "not_found" for any key), so a renamed path on
//   either side fails here.
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from "vitest";
import type { api } from "~/app/api/api.client";
import { exportAccount, getProfile, listSessions } from "~/lib/accounts/settings.server";
import { getUserDetail } from "~/lib/admin/users.server";
import type { SQL } from "drizzle-orm";
import { HISTORY_OF_SESSION_USER } from "~/lib/ai/history-read.server";
import { getThread } from "~/lib/ai/questions.server";
import { listMessages, setMessageRead } from "~/lib/contact-inbox.server";
import { paymentHistory } from "~/lib/payments/checkout.server";
import { refundCandidates } from "~/lib/payments/refunds.server";
import { getDashboardStats } from "~/lib/stats.server";
import { insertAdmin } from "~/tests/helpers/admin-data";
import { createTestApp, request, type TestApp } from "~/tests/helpers/test-app";
import type {
  AccountExport,
  AccountMessageResponse,
  AccountProfile,
  AccountResponse,
  EmailConfirmedResponse,
  PasswordChangedResponse,
  SessionList,
  SessionsResponse,
} from "./account";
import type {
  AdminUserDetail,
  AdminUserDetailResponse,
  ContactMessageItem,
  CreditAdjustmentResponse,
  MessageList,
  MessageListResponse,
  MessageReadResponse,
  RoleChangeResponse,
  UserListResponse,
} from "./admin";
import type { SetupChecklistResponse } from "./admin-setup";
import type { AiHistoryItem, AiHistoryResponse, AiThreadResponse, AiCreditReturnResponse } from "./ai";
import type { ContactResponse } from "./contact";
import type { DashboardResponse, DashboardStats } from "./dashboard";
import type { Endpoint, ResponseOf } from "./endpoints";
import type { PaymentHistoryItem, PaymentHistoryResponse, PaymentResponse } from "./payment";
import type { ReceiptResponse } from "./receipt";
import type { RefundCandidate, RefundListResponse, RefundResponse } from "./refund";
import type { MeResponse, ResetPasswordResponse, ResetTokenCheckResponse, SignInResponse, UserMessageResponse } from "./user";

describe("endpoint types", () => {
  it("the client expects exactly what each router satisfies", () => {
    expectTypeOf<ResponseOf<"POST /user/register">>().toEqualTypeOf<SignInResponse>();
    expectTypeOf<ResponseOf<"POST /user/login">>().toEqualTypeOf<SignInResponse>();
    expectTypeOf<ResponseOf<"POST /user/logout">>().toEqualTypeOf<UserMessageResponse>();
    expectTypeOf<ResponseOf<"GET /user/me">>().toEqualTypeOf<MeResponse>();
    expectTypeOf<ResponseOf<"POST /user/password/forgot">>().toEqualTypeOf<UserMessageResponse>();
    expectTypeOf<ResponseOf<"POST /user/password/reset">>().toEqualTypeOf<ResetPasswordResponse>();
    expectTypeOf<ResponseOf<"POST /user/password/reset/check">>().toEqualTypeOf<ResetTokenCheckResponse>();
    expectTypeOf<ResponseOf<"GET /ai/history">>().toEqualTypeOf<AiHistoryResponse>();
    expectTypeOf<ResponseOf<"GET /ai/threads/:id">>().toEqualTypeOf<AiThreadResponse>();
    expectTypeOf<ResponseOf<"POST /ai/questions/:id/credit-return">>().toEqualTypeOf<AiCreditReturnResponse>();
    expectTypeOf<ResponseOf<"POST /payment/create">>().toEqualTypeOf<PaymentResponse>();
    expectTypeOf<ResponseOf<"POST /payment/confirm">>().toEqualTypeOf<PaymentResponse>();
    expectTypeOf<ResponseOf<"GET /payment/history">>().toEqualTypeOf<PaymentHistoryResponse>();
    expectTypeOf<ResponseOf<"GET /payment/receipts/:id">>().toEqualTypeOf<ReceiptResponse>();
    expectTypeOf<ResponseOf<"GET /account">>().toEqualTypeOf<AccountResponse>();
    expectTypeOf<ResponseOf<"POST /account/name">>().toEqualTypeOf<AccountMessageResponse>();
    expectTypeOf<ResponseOf<"POST /account/password">>().toEqualTypeOf<PasswordChangedResponse>();
    expectTypeOf<ResponseOf<"POST /account/email">>().toEqualTypeOf<AccountMessageResponse>();
    expectTypeOf<ResponseOf<"POST /account/email/confirm">>().toEqualTypeOf<EmailConfirmedResponse>();
    expectTypeOf<ResponseOf<"GET /account/sessions">>().toEqualTypeOf<SessionsResponse>();
    expectTypeOf<ResponseOf<"POST /account/sessions/revoke-all">>().toEqualTypeOf<AccountMessageResponse>();
    expectTypeOf<ResponseOf<"POST /account/sessions/:id/revoke">>().toEqualTypeOf<AccountMessageResponse>();
    expectTypeOf<ResponseOf<"GET /account/export">>().toEqualTypeOf<AccountExport>();
    expectTypeOf<ResponseOf<"POST /account/delete">>().toEqualTypeOf<AccountMessageResponse>();
    expectTypeOf<ResponseOf<"GET /refunds">>().toEqualTypeOf<RefundListResponse>();
    expectTypeOf<ResponseOf<"POST /refunds">>().toEqualTypeOf<RefundResponse>();
    expectTypeOf<ResponseOf<"POST /contact">>().toEqualTypeOf<ContactResponse>();
    expectTypeOf<ResponseOf<"GET /dashboard/get">>().toEqualTypeOf<DashboardResponse>();
    expectTypeOf<ResponseOf<"GET /user/get">>().toEqualTypeOf<UserListResponse>();
    expectTypeOf<ResponseOf<"GET /admin/users/:id">>().toEqualTypeOf<AdminUserDetailResponse>();
    expectTypeOf<ResponseOf<"POST /admin/users/:id/credits">>().toEqualTypeOf<CreditAdjustmentResponse>();
    expectTypeOf<ResponseOf<"POST /admin/users/:id/role">>().toEqualTypeOf<RoleChangeResponse>();
    expectTypeOf<ResponseOf<"GET /admin/messages">>().toEqualTypeOf<MessageListResponse>();
    expectTypeOf<ResponseOf<"POST /admin/messages/:id/read">>().toEqualTypeOf<MessageReadResponse>();
    expectTypeOf<ResponseOf<"GET /admin/setup">>().toEqualTypeOf<SetupChecklistResponse>();
    // The client resolves with the endpoint's answer.
    expectTypeOf<ReturnType<typeof api<"GET /user/me">>>().toEqualTypeOf<Promise<MeResponse>>();
  });

  it("the domain functions the routers pass on return the contract's shapes (dates as ISO strings)", () => {
    expectTypeOf(getUserDetail).returns.toEqualTypeOf<Promise<AdminUserDetail | null>>();
    expectTypeOf(getThread).returns.toEqualTypeOf<Promise<AiHistoryItem[] | null>>();
    expectTypeOf(HISTORY_OF_SESSION_USER).toEqualTypeOf<SQL<AiHistoryItem[]>>();
    expectTypeOf(paymentHistory).returns.toEqualTypeOf<Promise<PaymentHistoryItem[]>>();
    expectTypeOf(listMessages).returns.toEqualTypeOf<Promise<MessageList>>();
    expectTypeOf(setMessageRead).returns.toEqualTypeOf<Promise<ContactMessageItem>>();
    expectTypeOf(getDashboardStats).returns.toEqualTypeOf<Promise<DashboardStats>>();
    expectTypeOf(getProfile).returns.toEqualTypeOf<Promise<AccountProfile | null>>();
    expectTypeOf(listSessions).returns.toEqualTypeOf<Promise<SessionList>>();
    expectTypeOf(exportAccount).returns.toEqualTypeOf<Promise<AccountExport | null>>();
    expectTypeOf(refundCandidates).returns.toEqualTypeOf<Promise<{ balance: number; purchases: RefundCandidate[] } | null>>();
  });
});

// Every key of the endpoint map, with a request that reaches its router: a missing or extra key is a
// compile error, a path the server does not route fails below.
const PROBES = {
  "POST /user/register": {},
  "POST /user/login": {},
  "GET /user/me": {},
  "POST /user/password/forgot": {},
  "POST /user/password/reset": {},
  "POST /user/password/reset/check": {},
  "GET /ai/history": {},
  "GET /ai/threads/:id": {},
  "POST /ai/questions/:id/credit-return": {},
  "POST /payment/create": {},
  "POST /payment/confirm": {},
  "GET /payment/history": {},
  "GET /payment/receipts/:id": {},
  "GET /account": {},
  "POST /account/name": {},
  "POST /account/password": {},
  "POST /account/email": {},
  "POST /account/email/confirm": {},
  "GET /account/sessions": {},
  "POST /account/sessions/:id/revoke": {},
  "GET /account/export": {},
  "POST /account/delete": {},
  "GET /refunds": {},
  "POST /refunds": {},
  "POST /refunds/repaid": {},
  "POST /contact": {},
  "GET /dashboard/get": {},
  "GET /user/get": {},
  "GET /admin/users/:id": {},
  "POST /admin/users/:id/credits": {},
  "POST /admin/users/:id/role": {},
  "GET /admin/messages": {},
  "POST /admin/messages/:id/read": {},
  "GET /admin/setup": {},
  "GET /admin/export/:file": { params: { file: "users.csv" } },
  // Last: they end the session the others use.
  "POST /account/sessions/revoke-all": {},
  "POST /user/logout": {},
} satisfies Record<Endpoint, { params?: Record<string, string> }>;

describe("endpoint paths", () => {
  let app: TestApp;
  let token: string;
  beforeAll(async () => {
    app = await createTestApp();
    token = (await insertAdmin(app.appContext.db, { email: "contract@taxatlas.test" })).token;
  });
  afterAll(() => app?.close());

  it("every endpoint of the map has a route", async () => {
    const unknownId = "00000000-0000-4000-8000-000000000000";
    for (const [endpoint, probe] of Object.entries(PROBES) as [Endpoint, { params?: Record<string, string> }][]) {
      const [method, path] = endpoint.split(" ") as [string, string];
      const filled = path.replace(/:(\w+)/g, (_, name: string) => probe.params?.[name] ?? unknownId);
      const res = await request(app, method, `/api/v1${filled}`, {
        token,
        ...(method === "POST" ? { body: {} } : {}),
      });
      expect(res.body?.error?.code, endpoint).not.toBe("not_found");
      expect(res.status, endpoint).toBeLessThan(500);
    }
  });
});
