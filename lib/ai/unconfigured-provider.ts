// The assistant's provider when no model is configured (AI_API_KEY unset): every answer comes from
// the built-in knowledge base. Kept apart from provider.server.ts so that a site without a model
// never loads the OpenAI SDK (docs/performance.md, "Restarts").
import { AiFailure } from "./errors";
import type { AiProvider } from "./provider.server";

export function unconfiguredProvider(model: string): AiProvider {
  return {
    configured: false,
    model,
    // eslint-disable-next-line require-yield
    async *stream() {
      throw new AiFailure("ai_not_configured");
    },
  };
}
