import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // Public pages are rendered once per path, language and build and kept in memory by the server
  // (server/page-cache.ts), which is what prerendering would give us while keeping one code path.
} satisfies Config;
