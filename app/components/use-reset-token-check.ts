// Asks the server, as soon as the reset page opens, whether its link can still be used, so a used or
// expired link says so at once (with the way to a new one) instead of after the form is filled in.
import { useEffect, useState } from "react";
import { api, ApiRequestError } from "~/app/api/api.client";
import type { Lang } from "~/lib/i18n/languages";

/** `invalid` carries the server's translated message; a network failure leaves the form usable. */
export type ResetTokenCheck = { state: "checking" } | { state: "valid" } | { state: "invalid"; message: string };

export function useResetTokenCheck(token: string, lang: Lang): ResetTokenCheck {
  const [check, setCheck] = useState<ResetTokenCheck>({ state: "checking" });
  useEffect(() => {
    if (!token) return;
    const controller = new AbortController();
    api("POST /user/password/reset/check", { body: { token }, lang, signal: controller.signal })
      .then(() => setCheck({ state: "valid" }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof ApiRequestError && error.code === "invalid_reset_token") {
          setCheck({ state: "invalid", message: error.message });
        } else {
          setCheck({ state: "valid" });
        }
      });
    return () => controller.abort();
  }, [token, lang]);
  return check;
}
