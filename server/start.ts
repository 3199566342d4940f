// build/server.js: starts the production build. Compiled on its own (scripts/build-server.mjs), not
// bundled: it only loads the server build, which holds everything else.
//
// The env module (its own chunk of the server build, vite.config.ts) sets NODE_ENV's default before
// React and React Router load, because they choose their production or development code when
// imported: `node build/server.js` runs the production code unless told otherwise.
const load = async <T>(file: string) => (await import(new URL(file, import.meta.url).href)) as T;

(await load<{ defaultToProduction: () => void }>("./server/env.js")).defaultToProduction();
// Then react-dom/server, before the server build imports it: its request storage must not stay on
// for every later promise (server/react-request-storage.ts).
await (await load<{ loadReactServerWithScopedStorage: () => Promise<unknown> }>("./server/react-request-storage.js")).loadReactServerWithScopedStorage();
await (await load<{ start: () => Promise<void> }>("./server/index.js")).start();
