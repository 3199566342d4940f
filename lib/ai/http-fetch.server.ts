// The `fetch` the OpenAI SDK calls the model with: the request goes out on node:http(s) with one
// keep-alive agent per process, and the answer comes back as a standard Response. Node's built-in
// fetch (undici) cost about 2.4 ms of CPU per streamed answer, the largest share after the
// database (docs/performance.md, "AI assistant"); this costs a fraction of it. Anything it does not
// handle (a body that is not a string or bytes) goes to the built-in fetch unchanged.
import http from "node:http";
import https from "node:https";
import type { IncomingMessage } from "node:http";
import zlib from "node:zlib";
import type { Readable } from "node:stream";

const agents = {
  "http:": new http.Agent({ keepAlive: true, maxSockets: 256 }),
  "https:": new https.Agent({ keepAlive: true, maxSockets: 256 }),
};

/** Statuses whose Response must not have a body (the constructor refuses one). */
const NULL_BODY = new Set([101, 103, 204, 205, 304]);

const abortError = (signal: AbortSignal) =>
  signal.reason instanceof Error && signal.reason.name === "AbortError"
    ? signal.reason
    : new DOMException("This operation was aborted", "AbortError");

function headerRecord(headers: HeadersInit | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (!headers) return out;
  if (headers instanceof Headers) headers.forEach((value, key) => (out[key] = value));
  else if (Array.isArray(headers)) for (const [key, value] of headers) out[key.toLowerCase()] = value;
  else for (const [key, value] of Object.entries(headers)) if (value !== undefined) out[key.toLowerCase()] = String(value);
  return out;
}

function responseHeaders(res: IncomingMessage): Headers {
  const headers = new Headers();
  const raw = res.rawHeaders;
  for (let i = 0; i < raw.length; i += 2) headers.append(raw[i]!, raw[i + 1]!);
  return headers;
}

/** The body as a web stream; content encodings are undone, as the built-in fetch does. */
function bodyStream(res: IncomingMessage, signal: AbortSignal | undefined): ReadableStream<Uint8Array> {
  const encoding = (res.headers["content-encoding"] ?? "").trim().toLowerCase();
  let source: Readable = res;
  if (encoding === "gzip" || encoding === "x-gzip") source = res.pipe(zlib.createGunzip());
  else if (encoding === "deflate") source = res.pipe(zlib.createInflate());
  else if (encoding === "br") source = res.pipe(zlib.createBrotliDecompress());
  if (source !== res) res.on("error", (error) => source.destroy(error));
  return new ReadableStream<Uint8Array>({
    start(controller) {
      let open = true;
      const fail = (error: unknown) => {
        if (!open) return;
        open = false;
        controller.error(error);
      };
      source.on("data", (chunk: Buffer) => {
        if (!open) return;
        controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
        // Back-pressure: the reader asks for more through pull().
        if ((controller.desiredSize ?? 1) <= 0) source.pause();
      });
      source.once("end", () => {
        if (!open) return;
        open = false;
        controller.close();
      });
      source.once("error", fail);
      // A socket closed before the end of the body is an error, not a short answer.
      res.once("aborted", () => fail(new TypeError("terminated")));
      if (signal) {
        const onAbort = () => {
          fail(abortError(signal));
          res.destroy();
        };
        if (signal.aborted) onAbort();
        else {
          signal.addEventListener("abort", onAbort, { once: true });
          source.once("close", () => signal.removeEventListener("abort", onAbort));
        }
      }
    },
    pull() {
      if (source.isPaused()) source.resume();
    },
    cancel() {
      res.destroy();
    },
  });
}

export async function httpFetch(input: string | URL | Request, init: RequestInit = {}): Promise<Response> {
  const body = init.body;
  if (input instanceof Request || (body != null && typeof body !== "string" && !(body instanceof Uint8Array))) {
    return fetch(input, init);
  }
  const url = input instanceof URL ? input : new URL(input);
  const agent = agents[url.protocol as keyof typeof agents];
  if (!agent) return fetch(input, init);
  const signal = init.signal ?? undefined;
  if (signal?.aborted) throw abortError(signal);
  const headers = headerRecord(init.headers);
  if (body != null) headers["content-length"] = String(typeof body === "string" ? Buffer.byteLength(body) : body.byteLength);
  const transport = url.protocol === "https:" ? https : http;

  return new Promise<Response>((resolve, reject) => {
    const req = transport.request(url, { method: init.method ?? "GET", headers, agent });
    const onAbort = () => {
      req.destroy();
      reject(abortError(signal!));
    };
    signal?.addEventListener("abort", onAbort, { once: true });
    req.once("error", (error) => {
      signal?.removeEventListener("abort", onAbort);
      // The built-in fetch's shape, which the SDK reports as a connection error.
      reject(new TypeError("fetch failed", { cause: error }));
    });
    req.once("response", (res) => {
      signal?.removeEventListener("abort", onAbort);
      const status = res.statusCode ?? 0;
      const nullBody = NULL_BODY.has(status) || init.method === "HEAD";
      if (nullBody) res.resume();
      const response = new Response(nullBody ? null : bodyStream(res, signal), {
        status,
        statusText: res.statusMessage ?? "",
        headers: responseHeaders(res),
      });
      Object.defineProperty(response, "url", { value: url.href });
      resolve(response);
    });
    req.end(body ?? undefined);
  });
}
