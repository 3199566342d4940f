// What the Express server hands React Router loaders and actions (see server/app.ts).
import type { AppContext } from "~/lib/app-context.server";

declare module "react-router" {
  interface AppLoadContext {
    appContext: AppContext;
    /** The client's address as Express sees it (honours TRUST_PROXY); for per-address limits in actions. */
    clientIp?: string;
  }
}

export {};
