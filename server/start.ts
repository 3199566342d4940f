// build/server.js: starts the production build. Compiled on its own (scripts/build-server.mjs), not
// bundled: it only loads the server build, which holds everything else.
//
// The env module (its own chunk of the server build, vite.config.ts) sets NODE_ENV's default before
// React and React Router load, because they choose their production or development code when
// imported: `node build/server.js` runs the production code unless told otherwise.
const load = async <T>(file: string) => (await import(new URL(file, import.meta.url).href)) as T;

(await load<{ defaultToProduction: () => void }>("./server/env.js")).defaultToProduction();
await (await load<{ start: () => Promise<void> }>("./server/index.js")).start();
