// build/server.js: starts the production build. Compiled on its own (scripts/build-server.mjs), not
// bundled: it only loads the server build, which holds everything else.
//
// NODE_ENV is set before React and React Router load, because they choose their production or
// development code when imported; `node build/server.js` therefore runs the production code unless
// told otherwise. (The one read of process.env outside lib/env.server.ts: it must precede every import.)
process.env.NODE_ENV ??= "production";

const entry = (await import(new URL("./server/index.js", import.meta.url).href)) as { start: () => Promise<void> };
await entry.start();
