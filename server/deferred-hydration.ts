// React Router writes a <link rel="modulepreload"> for every module a page needs and a module script
// that imports them, so the browser starts fetching ~110 KB of hydration code while it is still
// receiving the document. Nothing in it is needed to paint server-rendered HTML, and on a slow
// mobile link it takes bandwidth and main-thread time from the document and the LCP image. This
// rewrites a rendered page so that all of it starts right after the first paint: the module script
// is kept inert (so the DOM React hydrates is unchanged) and a small loader runs a copy of it.
// Pages without JavaScript are not affected; they never ran it. See docs/decisions/0005.

/** Element id of the inert copy of React Router's module script. */
export const DEFERRED_MODULE_ID = "deferred-hydration";
const DEFERRED_TYPE = "text/x-deferred-module";

const MODULE_PRELOAD = /<link rel="modulepreload" href="([^"]+)"\/>/g;
const MODULE_SCRIPT = /<script type="module" async="">([\s\S]*?)<\/script>/g;

/** How long after the next frame the modules start when the browser reports no paint. */
const FALLBACK_MS = 500;

/**
 * The loader (a classic inline script, allowed by its hash like every other inline script). After
 * the document is parsed it waits until the browser has recorded the first contentful paint (a
 * `paint` PerformanceObserver), then a task, then puts a live copy of the module script into <head>,
 * where React expects scripts it did not render, and a preload of the entry module (the one the
 * module script imports last). The next frame alone (requestAnimationFrame) came 5-60 ms before the
 * paint was presented, so the modules' requests often started before it (docs/performance.md,
 * "2026-11-29, 08:15-09:30 UTC"). Where no paint is reported (no PerformanceObserver), they start
 * FALLBACK_MS after the next frame.
 */
export function deferredLoader(entry: string | null): string {
  const preload = entry
    ? `const l=d.createElement("link");l.rel="modulepreload";l.href=${JSON.stringify(entry)};d.head.append(l);`
    : "";
  return (
    `(()=>{let t=0;const d=document,` +
    `s=()=>{${preload}const m=d.createElement("script");m.type="module";m.textContent=d.getElementById(${JSON.stringify(DEFERRED_MODULE_ID)}).textContent;d.head.append(m)},` +
    `go=()=>{if(!t){t=1;setTimeout(s,0)}},` +
    `g=()=>{try{new PerformanceObserver((l,o)=>{if(l.getEntriesByName("first-contentful-paint").length){o.disconnect();go()}}).observe({type:"paint",buffered:true})}catch(e){}` +
    `requestAnimationFrame(()=>setTimeout(go,${FALLBACK_MS}))};` +
    `d.readyState==="loading"?d.addEventListener("DOMContentLoaded",g,{once:true}):g()})()`
  );
}

/**
 * Rewrites one rendered HTML page. Returns the page unchanged unless it has exactly one React Router
 * module script and a </head> to put the loader in.
 *
 * The preloads become side-effect imports at the top of the module script, so the whole module
 * graph is still requested at once (no waterfall) without one DOM insertion per file. The entry
 * module is left out of them: it starts hydration and must run after the route modules are
 * registered, which is why React Router imports it dynamically at the end.
 */
export function deferHydration(html: string): string {
  const scripts = [...html.matchAll(MODULE_SCRIPT)];
  if (scripts.length !== 1 || !html.includes("</head>")) return html;
  const entry = /import\(("[^"]+")\);\s*$/.exec(scripts[0]![1]!)?.[1];
  const entryHref = entry ? (JSON.parse(entry) as string) : null;
  const hrefs = [...new Set([...html.matchAll(MODULE_PRELOAD)].map((m) => m[1]!))].filter((href) => href !== entryHref);
  const imports = hrefs.map((href) => `import ${JSON.stringify(href)};`).join("");
  const rewritten = html
    .replace(MODULE_PRELOAD, "")
    .replace(MODULE_SCRIPT, (_tag, body: string) => `<script type="${DEFERRED_TYPE}" id="${DEFERRED_MODULE_ID}">${imports}${body}</script>`);
  const end = rewritten.indexOf("</head>");
  return `${rewritten.slice(0, end)}<script>${deferredLoader(entryHref)}</script>${rewritten.slice(end)}`;
}
