// PGlite's execProtocol() parses the database's answer with its own bundled copy of node-postgres's
// protocol code, compiled so that it copies every field into a fresh ArrayBuffer before decoding it
// and reaches each of its private fields through a WeakMap: on a member's read, PGlite's JavaScript
// cost more CPU than the statement (docs/performance.md, "2026-11-25, 10:15-10:30 UTC: PGlite's
// answers parsed by node-postgres's parser"). exchange() takes PGlite's raw answer instead and parses
// it with pg-protocol, the package node-postgres itself uses, which reads fields straight from one
// Buffer. Requests are serialized by the same package's `serialize`.
import type { PGlite } from "@electric-sql/pglite";
import { DatabaseError } from "pg-protocol";
import type { BackendMessage, NoticeMessage } from "pg-protocol/dist/messages";
import { Parser } from "pg-protocol/dist/parser";

export type { BackendMessage };

/**
 * Sends `request` (frontend messages ending in a sync) to PGlite and returns the messages of its
 * answer, as execProtocol() would: a failed statement throws its DatabaseError, notices go to
 * `onNotice`. The caller holds the database (PGlite's query() lock) and syncs the data directory
 * once its hold's statements have run (runInTurnBatch of db/pglite-turn-batch.server.ts).
 */
export async function exchange(
  pg: PGlite,
  request: Uint8Array,
  onNotice?: (notice: NoticeMessage) => void,
): Promise<BackendMessage[]> {
  const chunks: Buffer[] = [];
  // A chunk is a view of PGlite's send buffer, which its next write reuses: keep a copy.
  await pg.execProtocolRawStream(request, { syncToFs: false, onRawData: (chunk) => chunks.push(Buffer.from(chunk)) });
  const messages: BackendMessage[] = [];
  let failure: DatabaseError | undefined;
  new Parser().parse(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks), (message) => {
    if (failure) return;
    if (message instanceof DatabaseError) failure = message;
    else if (message.name === "notice") onNotice?.(message as NoticeMessage);
    else messages.push(message);
  });
  if (failure) throw failure;
  return messages;
}
