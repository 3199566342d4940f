// The entry of the server build (vite.config.ts): React Router's server build and the HTTP server
// are one module graph, so every module of lib/ exists once at run time and an error class or a
// service object means the same thing to a page action and to an API router
// (docs/decisions/0007-one-server-build.md). build/server.js imports this file and calls start().
import * as build from "virtual:react-router/server-build";
import { main } from "./main";

// The module stays a complete ServerBuild (tests and tools import it as one).
export * from "virtual:react-router/server-build";

export function start(): Promise<void> {
  return main({ build: async () => build, mode: "production" });
}
