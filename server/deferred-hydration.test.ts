import { describe, expect, it } from "vitest";
import { inlineScriptHashes } from "./security-headers";
import { DEFERRED_MODULE_ID, deferHydration, deferredLoader } from "./deferred-hydration";

const MODULE_BODY = 'import * as route0 from "/assets/root-A.js";\nwindow.__reactRouterRouteModules = {"root":route0};\nimport("/assets/entry.client-B.js");';

const page = (head: string, body: string) =>
  `<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/>${head}</head><body>${body}</body></html>`;

const reactRouterPage = page(
  '<title>T</title><link rel="modulepreload" href="/assets/entry.client-B.js"/><link rel="modulepreload" href="/assets/root-A.js"/>',
  `<main>Hello</main><script>window.__reactRouterContext = {};</script><script type="module" async="">${MODULE_BODY}</script>`,
);

/** Runs the loader against a minimal document and reports what it added to <head>. */
function runLoader(script: string, readyState: "loading" | "complete", { observer = true } = {}) {
  const appended: Record<string, string>[] = [];
  const listeners: (() => void)[] = [];
  const frames: (() => void)[] = [];
  const timers: { fn: () => void; ms: number }[] = [];
  const observers: { callback: (list: unknown, observer: unknown) => void; disconnected: boolean }[] = [];
  const document = {
    readyState,
    head: { append: (el: Record<string, string>) => appended.push(el) },
    createElement: (tag: string) => ({ tag }),
    getElementById: (id: string) => (id === DEFERRED_MODULE_ID ? { textContent: "module text" } : null),
    addEventListener: (type: string, fn: () => void) => type === "DOMContentLoaded" && listeners.push(fn),
  };
  class FakePerformanceObserver {
    private entry;
    constructor(callback: (list: unknown, observer: unknown) => void) {
      this.entry = { callback, disconnected: false };
      observers.push(this.entry);
    }
    observe(options: { type: string; buffered: boolean }) {
      if (options.type !== "paint" || !options.buffered) throw new Error("unexpected observe");
    }
    disconnect() {
      this.entry.disconnected = true;
    }
  }
  new Function("document", "requestAnimationFrame", "setTimeout", "PerformanceObserver", script)(
    document,
    (fn: () => void) => frames.push(fn),
    (fn: () => void, ms = 0) => timers.push({ fn, ms }),
    observer ? FakePerformanceObserver : undefined,
  );
  /** Runs what is due: the parsed document's listeners, the next frame, and timers of at most `upToMs`. */
  const flush = (upToMs = 0) => {
    for (const fn of listeners.splice(0)) fn();
    for (const fn of frames.splice(0)) fn();
    for (let i = 0; i < timers.length; ) {
      if (timers[i]!.ms <= upToMs) timers.splice(i, 1)[0]!.fn();
      else i++;
    }
  };
  /** The browser reports a paint entry to every observer still connected. */
  const paint = (name: string) => {
    for (const o of observers.filter((o) => !o.disconnected)) {
      o.callback({ getEntriesByName: (n: string) => (n === name ? [{ name }] : []) }, { disconnect: () => (o.disconnected = true) });
    }
  };
  return { appended, listeners, frames, timers, observers, flush, paint };
}

describe("deferHydration", () => {
  it("moves the module preloads and React Router's module script behind a loader in <head>", () => {
    const html = deferHydration(reactRouterPage);
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(html).not.toContain('<script type="module"');
    // The inert copy keeps the element React hydrates; the preloads became imports at its top, all
    // but the entry module, which must run last and is preloaded by the loader instead.
    expect(html).toContain(
      `<script type="text/x-deferred-module" id="${DEFERRED_MODULE_ID}">import "/assets/root-A.js";${MODULE_BODY}</script>`,
    );
    const head = html.slice(0, html.indexOf("</head>"));
    expect(head).toContain(`<script>${deferredLoader("/assets/entry.client-B.js")}</script>`);
    expect(html).toContain("<main>Hello</main>");
  });

  it("leaves pages without exactly one module script alone", () => {
    const plain = page("<title>T</title>", "<main>No scripts</main>");
    expect(deferHydration(plain)).toBe(plain);
    const two = page("", `<script type="module" async="">a</script><script type="module" async="">b</script>`);
    expect(deferHydration(two)).toBe(two);
  });

  it("every script the page runs, the deferred module included, is allowed by the page's CSP hashes", () => {
    const html = deferHydration(reactRouterPage);
    const hashes = inlineScriptHashes(html);
    const moduleText = /<script type="text\/x-deferred-module"[^>]*>([\s\S]*?)<\/script>/.exec(html)![1]!;
    expect(hashes).toContain(inlineScriptHashes(`<script>${moduleText}</script>`)[0]);
    expect(hashes).toContain(inlineScriptHashes(`<script>${deferredLoader("/assets/entry.client-B.js")}</script>`)[0]);
  });

  it("the loader starts nothing before the document is parsed and its first contentful paint recorded", () => {
    const run = runLoader(deferredLoader("/assets/entry.client-B.js"), "loading");
    expect(run.appended).toEqual([]);
    expect(run.listeners).toHaveLength(1);
    // The next frame alone is not enough: it came before the paint was presented.
    run.flush();
    expect(run.appended).toEqual([]);
    run.paint("first-paint");
    run.flush();
    expect(run.appended).toEqual([]);
    run.paint("first-contentful-paint");
    run.flush();
    expect(run.appended).toEqual([
      { tag: "link", rel: "modulepreload", href: "/assets/entry.client-B.js" },
      { tag: "script", type: "module", textContent: "module text" },
    ]);
    expect(run.observers.every((o) => o.disconnected)).toBe(true);
    // The fallback, due later, does not start them a second time.
    run.flush(10_000);
    expect(run.appended).toHaveLength(2);
  });

  it("without paint timing the loader starts the modules 500 ms after the next frame", () => {
    const run = runLoader(deferredLoader(null), "loading", { observer: false });
    run.flush(499);
    expect(run.appended).toEqual([]);
    run.flush(500);
    run.flush();
    expect(run.appended).toEqual([{ tag: "script", type: "module", textContent: "module text" }]);
  });

  it("the loader also works when the document was already parsed", () => {
    const run = runLoader(deferredLoader(null), "complete");
    expect(run.listeners).toHaveLength(0);
    expect(run.frames).toHaveLength(1);
    run.paint("first-contentful-paint");
    run.flush();
    expect(run.appended).toEqual([{ tag: "script", type: "module", textContent: "module text" }]);
  });
});
