import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin } from "vite";

type ModuleInfoLookup = (id: string) => { importedIds: readonly string[] } | null;
let shell: Set<string> | undefined;

/** Every module of ours that app/root.tsx imports statically, directly or through others. */
function shellModules(getModuleInfo: ModuleInfoLookup): Set<string> {
  if (shell) return shell;
  const rootId = fileURLToPath(new URL("./app/root.tsx", import.meta.url));
  const found = new Set<string>();
  const visit = (id: string) => {
    if (found.has(id) || id.includes("node_modules") || id.startsWith("\0")) return;
    found.add(id);
    for (const next of getModuleInfo(id)?.importedIds ?? []) visit(next);
  };
  visit(rootId);
  shell = found;
  return found;
}

/**
 * The modules the start file loads before React's graph, each its own chunk of the server build:
 * the env module (build/server/env.js), which the server build's other chunks import, sets NODE_ENV's
 * default through the one module that touches the environment, and lib/ stays one copy
 * (docs/decisions/0007-one-server-build.md); build/server/react-request-storage.js then loads
 * react-dom/server with its request storage scoped to each render (server/react-request-storage.ts).
 */
const startChunks = (): Plugin => ({
  name: "taxatlas-start-chunks",
  apply: "build",
  buildStart() {
    this.emitFile({ type: "chunk", id: fileURLToPath(new URL("./lib/env.server.ts", import.meta.url)), fileName: "env.js" });
    this.emitFile({
      type: "chunk",
      id: fileURLToPath(new URL("./server/react-request-storage.ts", import.meta.url)),
      fileName: "react-request-storage.js",
    });
  },
});

/**
 * V8's explicit compile hint on the framework chunk: the browser compiles every function of React and
 * React Router on its streaming thread while the file downloads, instead of each one on the main
 * thread when hydration first calls it, and nearly all of them are called then
 * (docs/performance.md, "2026-11-29, 05:00-06:30 UTC"). A comment: other browsers ignore it.
 */
const COMPILE_HINT = "//# allFunctionsCalledOnLoad\n";
const compileHints = (): Plugin => ({
  name: "taxatlas-compile-hints",
  apply: "build",
  // After minification (which drops comments) and hashing: the hint must be the file's first line.
  generateBundle(_options, bundle) {
    for (const file of Object.values(bundle)) {
      if (file.type === "chunk" && file.name === "framework") file.code = COMPILE_HINT + file.code;
    }
  },
});

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [tailwindcss(), reactRouter(), ...(isSsrBuild ? [startChunks()] : [compileHints()])],
  // "~/" is the repository root (tsconfig.json paths), so imports never climb with ../../
  resolve: { alias: [{ find: /^~\//, replacement: fileURLToPath(new URL("./", import.meta.url)) }] },
  build: {
    // Server-only modules must never be pulled into the client graph; *.server.ts enforces that.
    sourcemap: false,
    minify: isSsrBuild ? false : "terser",
    terserOptions: { compress: { passes: 2 }, format: { comments: false } },
    target: isSsrBuild ? "node20" : "es2022",
    rollupOptions: isSsrBuild
      ? // The server build starts at the HTTP server, which imports React Router's server build:
        // one module graph, one copy of lib/ at run time (docs/decisions/0007-one-server-build.md).
        { input: "./server/index.ts" }
      : {
          output: {
            // One chunk for the libraries every page needs: fewer requests, and it stays cached
            // across deploys that change only our own code (docs/decisions/0005).
            manualChunks(id, { getModuleInfo }) {
              if (/[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|turbo-stream|cookie|set-cookie-parser)[\\/]/.test(id)) return "framework";
              // Our modules that the root route imports are on every page anyway: one chunk instead of
              // ten small ones compresses better and costs fewer requests (docs/performance.md).
              if (shellModules(getModuleInfo).has(id) && !id.endsWith("/app/root.tsx")) return "shell";
              return undefined;
            },
          },
        },
  },
}));
