import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // Public pages are rendered once per path, language and build and kept in memory by the server
  // (server/pages.ts), which is what prerendering would give us while keeping one code path
  // (docs/decisions/0002-page-cache-instead-of-prerender.md).
} satisfies Config;
