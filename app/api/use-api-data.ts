// The one hook that loads API data for a page: a GET endpoint of lib/contracts/endpoints.ts with the
// signed-in member's token, in the page's language. Member and admin data are fetched in the browser
// after hydration (the token is in local storage), so the page HTML is the same for everyone.
import { useCallback, useEffect, useState } from "react";
import type { Endpoint, ParamsOf, QueryOf, ResponseOf } from "~/lib/contracts/endpoints";
import { useAuth } from "~/app/components/auth-provider";
import { useLanguage } from "~/app/components/language-provider";
import { ApiRequestError, endpointPath, requestJson } from "./api.client";

type GetEndpoint = Extract<Endpoint, `GET ${string}`>;

export interface ApiData<T> {
  /** The last answer; kept while a new one loads unless `keepPrevious` is false. */
  data: T | undefined;
  error: ApiRequestError | undefined;
  loading: boolean;
  reload: () => void;
}

export interface ApiDataOptions<E extends GetEndpoint> {
  params?: ParamsOf<E>;
  query?: QueryOf<E>;
  /** Keep showing the previous answer while the next loads (paging); default true. */
  keepPrevious?: boolean;
}

/**
 * GETs an endpoint whenever its URL, the token or the language changes. A 401 means the session
 * ended elsewhere: the browser forgets it, and RequireAuth sends the visitor to log in.
 */
export function useApiData<E extends GetEndpoint>(endpoint: E, options: ApiDataOptions<E> = {}): ApiData<ResponseOf<E>> {
  const { token, clear } = useAuth();
  const { lang } = useLanguage();
  const keepPrevious = options.keepPrevious ?? true;
  const path = endpointPath(
    endpoint.slice("GET ".length),
    options.params as Record<string, string> | undefined,
    options.query as Record<string, string | number | undefined> | undefined,
  );
  const [state, setState] = useState<{ data?: ResponseOf<E>; error?: ApiRequestError; loading: boolean }>({ loading: true });
  const [nonce, setNonce] = useState(0);

  useEffect(() => {
    if (!token) return;
    const controller = new AbortController();
    setState((s) => ({ data: keepPrevious ? s.data : undefined, loading: true }));
    requestJson<ResponseOf<E>>("GET", path, { token, lang, signal: controller.signal }).then(
      (data) => {
        if (!controller.signal.aborted) setState({ data, loading: false });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof ApiRequestError && error.status === 401) clear();
        const apiError = error instanceof ApiRequestError ? error : new ApiRequestError(0, "network_error", "");
        setState((s) => ({ data: keepPrevious ? s.data : undefined, error: apiError, loading: false }));
      },
    );
    return () => controller.abort();
  }, [path, token, lang, clear, nonce, keepPrevious]);

  const reload = useCallback(() => setNonce((n) => n + 1), []);
  return { data: state.data, error: state.error, loading: state.loading, reload };
}
