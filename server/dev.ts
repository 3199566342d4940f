// Development server (`npm run dev`): Vite loads the server (server/main.ts) and the pages into one
// module graph, as the production build does (docs/decisions/0007-one-server-build.md). Pages and
// components reload through Vite; a change under server/, lib/ or db/ restarts the process (tsx watch).
import type { RequestHandler } from "express";
import type { ServerBuild } from "react-router";
import { createServer } from "vite";
import type { MainOptions } from "./main";
import { loadReactServerWithScopedStorage } from "./react-request-storage";

// Before Vite loads the pages, as build/server.js does (server/react-request-storage.ts).
await loadReactServerWithScopedStorage();
const vite = await createServer({ server: { middlewareMode: true }, appType: "custom" });
const { main } = (await vite.ssrLoadModule("/server/main.ts")) as { main: (options: MainOptions) => Promise<void> };
await main({
  mode: "development",
  build: () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
  beforePages: [vite.middlewares as unknown as RequestHandler],
});
