// React's request storage, kept to the render that uses it (docs/performance.md, "2026-11-25,
// 07:20-09:00 UTC: React's request storage no longer taxes every promise").
//
// react-dom/server (the Node build) makes one AsyncLocalStorage when it loads and enters it for each
// slice of rendering work. On Node 20 an AsyncLocalStorage, once entered, stays on for the process's
// life: Node's async hooks then run for every promise, timer and socket write of every request (a
// cached page, an API call, an AI answer), copying the store onto each. React reads the store only
// for calls made outside its own rendering work (during that work it holds the request in a
// variable), and the pages make none, so its storage is made to switch off again after each entry.
// Only React's instance is affected: the class is swapped while react-dom/server loads and restored
// at once.
import asyncHooks, { AsyncLocalStorage } from "node:async_hooks";

/** An AsyncLocalStorage that turns itself off (Node's hooks with it) when its outermost run() returns. */
class RenderScopedStorage<T> extends AsyncLocalStorage<T> {
  #depth = 0;

  override run<R, A extends unknown[]>(store: T, callback: (...args: A) => R, ...args: A): R {
    this.#depth++;
    try {
      return super.run(store, callback, ...args);
    } finally {
      if (--this.#depth === 0) this.disable();
    }
  }
}

/**
 * Loads react-dom/server with its request storage scoped to each render. Call it before anything
 * else imports react-dom/server (build/server.js and server/dev.ts do, first): a copy loaded earlier
 * keeps Node's storage class.
 */
export async function loadReactServerWithScopedStorage(): Promise<unknown> {
  const hooks = asyncHooks as { AsyncLocalStorage: typeof AsyncLocalStorage };
  hooks.AsyncLocalStorage = RenderScopedStorage;
  try {
    return await import("react-dom/server");
  } finally {
    hooks.AsyncLocalStorage = AsyncLocalStorage;
  }
}
