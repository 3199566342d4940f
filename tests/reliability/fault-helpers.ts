// Helpers of the fault tests: a /readyz watcher and the client-side retry of unsettled checkouts.
import type { Client } from "~/bench/lib/load.mjs";
import { randomIp, type Tally } from "~/bench/lib/scenario.mjs";

export interface ReadinessLog {
  instance: number;
  at: number;
  status: number;
}

/** Polls /readyz of each instance every 100 ms until stopped; returns every answer. */
export function watchReadiness(urls: string[], intervalMs = 100) {
  const log: ReadinessLog[] = [];
  let running = true;
  const loops = urls.map(async (url, instance) => {
    while (running) {
      let status = 0;
      try {
        const response = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(10_000) });
        await response.arrayBuffer();
        status = response.status;
      } catch {
        status = 0;
      }
      log.push({ instance, at: Date.now(), status });
      await new Promise((resolve) => setTimeout(resolve, intervalMs));
    }
  });
  return {
    async stop() {
      running = false;
      await Promise.all(loops);
      return log;
    },
  };
}

/**
 * Sends each unsettled checkout again with its idempotency key, as the checkout page does, until it
 * has an outcome: "succeeded", "declined", "refused: <key>" (a designed 429), or "unsettled: ...".
 * A payment whose driver died keeps its lease for 60 s, so this can take a minute.
 */
export async function retryUnsettledCheckouts(client: Client, unsettled: Tally["unsettled"], deadlineMs = 240_000) {
  const deadline = Date.now() + deadlineMs;
  return Promise.all(
    unsettled.map(async ({ token, body }) => {
      for (let attempt = 1; ; attempt++) {
        const res = await client.request("POST", "/api/v1/payment/create", {
          headers: { authorization: `Bearer ${token}`, "x-forwarded-for": randomIp() },
          json: body,
        });
        if (res.status === 200 && res.json?.status === "succeeded") return "succeeded";
        if (res.status === 200 && res.json?.status === "failed" && res.json.code === "card_declined") return "declined";
        // The member's hourly payment-attempt limit (PAYMENT_ATTEMPT_RULE) refused the retry: nothing was
        // stored or charged for the key, which the caller checks in the database.
        if (res.status === 429 && res.json?.error?.code === "rate_limited") return `refused: ${body.idempotencyKey}`;
        if (Date.now() > deadline) return `unsettled: ${res.status} ${res.text.slice(0, 200)}`;
        await new Promise((resolve) => setTimeout(resolve, Math.min(5_000, 500 * attempt)));
      }
    }),
  );
}
