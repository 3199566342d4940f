// The boundary between browser and API cannot drift unnoticed:
// - types (checked by `npm run typecheck`): for every endpoint the client's expected answer
//   (ResponseOf, what app/api/api.client.ts resolves with) is exactly the type its router
//   `satisfies`, and the domain functions the routers pass through return the contract's shapes;
// - run time: every endpoint of the map is routed (no "not_found" for any key), so a renamed path on
//   either side fails here.
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from "vitest";
import type { api } from "~/app/api/api.client";
import { getUserDetail } from "~/lib/admin/users.server";
import { listHistory } from "~/lib/ai/questions.server";
import { listMessages, setMessageRead } from "~/lib/contact-inbox.server";
import { paymentHistory } from "~/lib/payments/checkout.server";
import { getDashboardStats } from "~/lib/stats.server";
import { insertAdmin } from "~/tests/helpers/admin-data";
import { createTestApp, request, type TestApp } from "~/tests/helpers/test-app";
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
import type { AiHistoryItem, AiHistoryResponse } from "./ai";
import type { ContactResponse } from "./contact";
import type { DashboardResponse, DashboardStats } from "./dashboard";
import type { Endpoint, ResponseOf } from "./endpoints";
import type { PaymentHistoryItem, PaymentHistoryResponse, PaymentResponse } from "./payment";
import type { MeResponse, SignInResponse, UserMessageResponse } from "./user";

describe("endpoint types", () => {
  it("the client expects exactly what each router satisfies", () => {
    expectTypeOf<ResponseOf<"POST /user/register">>().toEqualTypeOf<SignInResponse>();
    expectTypeOf<ResponseOf<"POST /user/login">>().toEqualTypeOf<SignInResponse>();
    expectTypeOf<ResponseOf<"POST /user/logout">>().toEqualTypeOf<UserMessageResponse>();
    expectTypeOf<ResponseOf<"GET /user/me">>().toEqualTypeOf<MeResponse>();
    expectTypeOf<ResponseOf<"POST /user/password/forgot">>().toEqualTypeOf<UserMessageResponse>();
    expectTypeOf<ResponseOf<"POST /user/password/reset">>().toEqualTypeOf<UserMessageResponse>();
    expectTypeOf<ResponseOf<"GET /ai/history">>().toEqualTypeOf<AiHistoryResponse>();
    expectTypeOf<ResponseOf<"POST /payment/create">>().toEqualTypeOf<PaymentResponse>();
    expectTypeOf<ResponseOf<"POST /payment/confirm">>().toEqualTypeOf<PaymentResponse>();
    expectTypeOf<ResponseOf<"GET /payment/history">>().toEqualTypeOf<PaymentHistoryResponse>();
    expectTypeOf<ResponseOf<"POST /contact">>().toEqualTypeOf<ContactResponse>();
    expectTypeOf<ResponseOf<"GET /dashboard/get">>().toEqualTypeOf<DashboardResponse>();
    expectTypeOf<ResponseOf<"GET /user/get">>().toEqualTypeOf<UserListResponse>();
    expectTypeOf<ResponseOf<"GET /admin/users/:id">>().toEqualTypeOf<AdminUserDetailResponse>();
    expectTypeOf<ResponseOf<"POST /admin/users/:id/credits">>().toEqualTypeOf<CreditAdjustmentResponse>();
    expectTypeOf<ResponseOf<"POST /admin/users/:id/role">>().toEqualTypeOf<RoleChangeResponse>();
    expectTypeOf<ResponseOf<"GET /admin/messages">>().toEqualTypeOf<MessageListResponse>();
    expectTypeOf<ResponseOf<"POST /admin/messages/:id/read">>().toEqualTypeOf<MessageReadResponse>();
    // The client resolves with the endpoint's answer.
    expectTypeOf<ReturnType<typeof api<"GET /user/me">>>().toEqualTypeOf<Promise<MeResponse>>();
  });

  it("the domain functions the routers pass on return the contract's shapes (dates as ISO strings)", () => {
    expectTypeOf(getUserDetail).returns.toEqualTypeOf<Promise<AdminUserDetail | null>>();
    expectTypeOf(listHistory).returns.toEqualTypeOf<Promise<AiHistoryItem[]>>();
    expectTypeOf(paymentHistory).returns.toEqualTypeOf<Promise<PaymentHistoryItem[]>>();
    expectTypeOf(listMessages).returns.toEqualTypeOf<Promise<MessageList>>();
    expectTypeOf(setMessageRead).returns.toEqualTypeOf<Promise<ContactMessageItem>>();
    expectTypeOf(getDashboardStats).returns.toEqualTypeOf<Promise<DashboardStats>>();
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
  "GET /ai/history": {},
  "GET /ai/threads/:id": {},
  "POST /payment/create": {},
  "POST /payment/confirm": {},
  "GET /payment/history": {},
  "POST /contact": {},
  "GET /dashboard/get": {},
  "GET /user/get": {},
  "GET /admin/users/:id": {},
  "POST /admin/users/:id/credits": {},
  "POST /admin/users/:id/role": {},
  "GET /admin/messages": {},
  "POST /admin/messages/:id/read": {},
  "GET /admin/setup": {},
  // Last: it ends the session the others use.
  "POST /user/logout": {},
} satisfies Record<Endpoint, object>;

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
    for (const endpoint of Object.keys(PROBES) as Endpoint[]) {
      const [method, path] = endpoint.split(" ") as [string, string];
      const res = await request(app, method, `/api/v1${path.replace(":id", unknownId)}`, {
        token,
        ...(method === "POST" ? { body: {} } : {}),
      });
      expect(res.body?.error?.code, endpoint).not.toBe("not_found");
      expect(res.status, endpoint).toBeLessThan(500);
    }
  });
});
