// `npm start` reuses build/ only while it matches the sources it was built from and the mode it was
// built in (scripts/build-stamp.mjs). Found by an attack: a source saved while a build ran was
// recorded as built (the stamp hashed the sources at the end), and a development build (NODE_ENV)
// was reused by a production start.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { beginBuild, staleReason, writeBuildStamp } from "./build-stamp.mjs";

let root: string;
const write = (file: string, text: string) => {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
};
/** What a finished build leaves besides its stamp. */
const buildOutputs = () => {
  for (const file of ["build/server.js", "build/server/env.js", "build/server/index.js"]) write(file, "");
  mkdirSync(path.join(root, "build/client/assets"), { recursive: true });
};

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), "taxatlas-stamp-"));
  write("content/about.ts", 'export const title = "About";');
  write("package.json", "{}");
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe("the build stamp", () => {
  it("reuses a build made from the sources as they are, in the mode asked for", () => {
    beginBuild(root, {});
    buildOutputs();
    writeBuildStamp(root);
    expect(staleReason(root, {})).toBeNull();
    expect(staleReason(root, { NODE_ENV: "production" })).toBeNull();
  });

  it("rebuilds after a source saved while the build ran", () => {
    beginBuild(root, {});
    buildOutputs();
    write("content/about.ts", 'export const title = "About us";');
    writeBuildStamp(root);
    expect(staleReason(root, {})).toBe("changed content/about.ts");
  });

  it("rebuilds a build made in another mode (NODE_ENV), and says so", () => {
    beginBuild(root, { NODE_ENV: "development" });
    buildOutputs();
    writeBuildStamp(root);
    expect(staleReason(root, {})).toBe("built with NODE_ENV=development, starting with NODE_ENV=production");
    expect(staleReason(root, { NODE_ENV: "development" })).toBeNull();
  });

  it("without a recorded beginning, stamps the sources and the mode of the moment", () => {
    buildOutputs();
    writeBuildStamp(root, { NODE_ENV: "test" });
    expect(staleReason(root, { NODE_ENV: "test" })).toBeNull();
    write("content/new.ts", "");
    expect(staleReason(root, { NODE_ENV: "test" })).toBe("added content/new.ts");
  });

  it("says a build without its outputs or its stamp is not complete", () => {
    expect(staleReason(root, {})).toBe("no complete build yet");
  });
});
