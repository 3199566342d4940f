import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [tailwindcss(), reactRouter()],
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
            manualChunks(id: string) {
              if (/[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|turbo-stream|cookie|set-cookie-parser)[\\/]/.test(id)) return "framework";
              return undefined;
            },
          },
        },
  },
}));
