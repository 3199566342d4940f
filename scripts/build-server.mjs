// After the React Router build (whose server build, build/server/index.js, holds the HTTP server
// too: vite.config.ts): compile the start file build/server.js, precompress the client assets
// (brotli and gzip), and record which sources the build was made from (scripts/build-stamp.mjs).
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { build } from "esbuild";
import { writeBuildStamp } from "./build-stamp.mjs";

await build({
  entryPoints: ["server/start.ts"],
  outfile: "build/server.js",
  bundle: false,
  platform: "node",
  format: "esm",
  target: "node20",
  logLevel: "warning",
});

const assets = "build/client/assets";
for (const name of readdirSync(assets)) {
  if (!/\.(js|css|svg|json)$/.test(name)) continue;
  const file = path.join(assets, name);
  const data = readFileSync(file);
  if (data.length < 512) continue;
  writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
  writeFileSync(`${file}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
}

writeBuildStamp();
