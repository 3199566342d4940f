// One HTTP/1.1 request written by hand on its own connection, for tests that compare answers header
// line by header line (the fast paths against the full chain).
import net from "node:net";

export interface RawAnswer {
  /** The status line and header lines as sent, without the Date line. */
  head: string;
  body: Buffer;
}

/**
 * Writes `bytes` exactly as given on a new connection to 127.0.0.1 and resolves with everything the
 * server sent until it closed the connection (so `bytes` should ask it to close).
 */
export function rawExchange(port: number, bytes: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1", () => socket.write(bytes));
    const chunks: Buffer[] = [];
    socket.setTimeout(20_000, () => socket.destroy(new Error("raw request timed out")));
    socket.on("data", (chunk) => chunks.push(chunk));
    socket.on("error", reject);
    socket.on("close", () => resolve(Buffer.concat(chunks)));
  });
}

/** `body`, when given, follows the head as sent (the head says its length and type). */
export async function rawRequest(port: number, head: string, body = ""): Promise<RawAnswer> {
  const all = await rawExchange(port, `${head.replace(/\r?\n/g, "\r\n")}\r\nConnection: close\r\n\r\n${body}`);
  const split = all.indexOf("\r\n\r\n");
  const headLines = all
    .subarray(0, split)
    .toString("latin1")
    .split("\r\n")
    .filter((line) => !/^date:/i.test(line));
  return { head: headLines.join("\r\n"), body: all.subarray(split + 4) };
}

export interface KeptAliveAnswer extends RawAnswer {
  /** The Date line's value. */
  date: string | undefined;
}

/**
 * Requests written by hand on one kept-alive connection, each once the answer before it has come,
 * for tests of what a server answers on a connection it keeps open (no `Connection: close` added).
 */
export function rawRequestsKeptAlive(port: number, heads: string[]): Promise<KeptAliveAnswer[]> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1");
    const answers: KeptAliveAnswer[] = [];
    let buffered = Buffer.alloc(0);
    const sendNext = () => {
      if (answers.length === heads.length) {
        socket.destroy();
        resolve(answers);
        return;
      }
      socket.write(`${heads[answers.length]!.replace(/\r?\n/g, "\r\n")}\r\n\r\n`);
    };
    const readAnswers = () => {
      for (;;) {
        const split = buffered.indexOf("\r\n\r\n");
        if (split === -1) return;
        const lines = buffered.subarray(0, split).toString("latin1").split("\r\n");
        const field = (name: string) => lines.find((line) => line.toLowerCase().startsWith(`${name}:`))?.slice(name.length + 1).trim();
        const status = Number(lines[0]!.split(" ")[1]);
        if (status >= 100 && status < 200) {
          // An interim answer (100 Continue): the answer itself follows.
          buffered = buffered.subarray(split + 4);
          continue;
        }
        const bodyless = heads[answers.length]!.startsWith("HEAD ") || status === 204 || status === 304;
        const length = field("content-length");
        let end: number;
        if (bodyless) end = split + 4;
        else if (length !== undefined) end = split + 4 + Number(length);
        else {
          const chunkedEnd = endOfChunkedBody(buffered, split + 4);
          if (chunkedEnd === undefined) return;
          end = chunkedEnd;
        }
        if (buffered.length < end) return;
        answers.push({
          head: lines.filter((line) => !/^date:/i.test(line)).join("\r\n"),
          date: field("date"),
          body: buffered.subarray(split + 4, end),
        });
        buffered = buffered.subarray(end);
        sendNext();
      }
    };
    socket.on("connect", sendNext);
    socket.on("data", (chunk: Buffer) => {
      buffered = Buffer.concat([buffered, chunk]);
      readAnswers();
    });
    socket.on("error", reject);
    socket.on("close", () => {
      if (answers.length < heads.length) reject(new Error(`connection closed after ${answers.length} of ${heads.length} answers`));
    });
  });
}

/** The body of a chunked answer, its chunks joined. */
export function unchunk(body: Buffer): Buffer {
  return Buffer.concat(readChunks(body, 0).parts);
}

/** Where a chunked body that starts at `at` ends (after its last chunk), or undefined while incomplete. */
function endOfChunkedBody(buffered: Buffer, at: number): number | undefined {
  return readChunks(buffered, at).end;
}

/** The chunks of a chunked body that starts at `at`, and where it ends (undefined until its last chunk has come). */
function readChunks(buffered: Buffer, at: number): { parts: Buffer[]; end: number | undefined } {
  const parts: Buffer[] = [];
  let next = at;
  for (;;) {
    const lineEnd = buffered.indexOf("\r\n", next);
    if (lineEnd === -1) return { parts, end: undefined };
    const size = Number.parseInt(buffered.subarray(next, lineEnd).toString("latin1"), 16);
    if (Number.isNaN(size)) throw new Error(`not a chunk size: ${buffered.subarray(next, lineEnd).toString("latin1")}`);
    if (size === 0) return { parts, end: buffered.length >= lineEnd + 4 ? lineEnd + 4 : undefined };
    next = lineEnd + 2 + size + 2;
    if (buffered.length < next) return { parts, end: undefined };
    parts.push(buffered.subarray(lineEnd + 2, lineEnd + 2 + size));
  }
}
