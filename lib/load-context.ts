// What the Express server hands React Router loaders and actions (see server/app.ts).
import type { AppServices } from "./app-services.server";

declare module "react-router" {
  interface AppLoadContext {
    services: AppServices;
    /** The client's address as Express sees it (honours TRUST_PROXY); for per-address limits in actions. */
    clientIp?: string;
  }
}

export {};
