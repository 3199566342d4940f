// Every JSON endpoint a browser calls, keyed "METHOD /path" (under /api/v1), as each resource's
// contract declares it: what the typed client (app/api/api.client.ts) sends and expects, and
// what the routers answer (`res.json(body satisfies XResponse)`). endpoints.test.ts checks that every
// key has a route and that the types on both sides are the same.
import type { AccountEndpoints } from "./account";
import type { AdminEndpoints } from "./admin";
import type { AdminSetupEndpoints } from "./admin-setup";
import type { AiEndpoints } from "./ai";
import type { ContactEndpoints } from "./contact";
import type { DashboardEndpoints } from "./dashboard";
import type { PaymentEndpoints } from "./payment";
import type { ReceiptEndpoints } from "./receipt";
import type { RefundEndpoints } from "./refund";
import type { UserEndpoints } from "./user";

export interface ApiEndpoints
  extends UserEndpoints,
    AiEndpoints,
    PaymentEndpoints,
    ReceiptEndpoints,
    AccountEndpoints,
    RefundEndpoints,
    ContactEndpoints,
    DashboardEndpoints,
    AdminEndpoints,
    AdminSetupEndpoints {}

export type Endpoint = keyof ApiEndpoints;

/** Endpoints answered as an attachment: the browser saves them as a file (downloadFile) instead of reading them. */
export type DownloadEndpoint = Extract<Endpoint, "GET /account/export" | "GET /admin/export/:file">;

/** What an endpoint may take: path parameters, query and JSON body, each only where it has one. */
export interface EndpointShape {
  params?: Record<string, string>;
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  response: unknown;
}

export type ResponseOf<E extends Endpoint> = ApiEndpoints[E]["response"];
export type ParamsOf<E extends Endpoint> = ApiEndpoints[E] extends { params: infer P } ? P : undefined;
export type QueryOf<E extends Endpoint> = ApiEndpoints[E] extends { query: infer Q } ? Q : undefined;
export type BodyOf<E extends Endpoint> = ApiEndpoints[E] extends { body: infer B } ? B : undefined;
