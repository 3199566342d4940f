// One HTTP/1.1 request written by hand on its own connection, for tests that compare answers header
// line by header line (the fast paths against the full chain).
import net from "node:net";

export interface RawAnswer {
  /** The status line and header lines as sent, without the Date line. */
  head: string;
  body: Buffer;
}

/** `body`, when given, follows the head as sent (the head says its length and type). */
export function rawRequest(port: number, head: string, body = ""): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1");
    const chunks: Buffer[] = [];
    socket.on("data", (chunk) => chunks.push(chunk));
    socket.on("error", reject);
    socket.on("close", () => {
      const all = Buffer.concat(chunks);
      const split = all.indexOf("\r\n\r\n");
      const headLines = all
        .subarray(0, split)
        .toString("latin1")
        .split("\r\n")
        .filter((line) => !/^date:/i.test(line));
      resolve({ head: headLines.join("\r\n"), body: all.subarray(split + 4) });
    });
    socket.write(`${head.replace(/\r?\n/g, "\r\n")}\r\nConnection: close\r\n\r\n${body}`);
  });
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

/** Where a chunked body that starts at `at` ends (after its last chunk), or undefined while incomplete. */
function endOfChunkedBody(buffered: Buffer, at: number): number | undefined {
  let next = at;
  for (;;) {
    const lineEnd = buffered.indexOf("\r\n", next);
    if (lineEnd === -1) return undefined;
    const size = Number.parseInt(buffered.subarray(next, lineEnd).toString("latin1"), 16);
    if (Number.isNaN(size)) throw new Error(`not a chunk size: ${buffered.subarray(next, lineEnd).toString("latin1")}`);
    if (size === 0) return buffered.length >= lineEnd + 4 ? lineEnd + 4 : undefined;
    next = lineEnd + 2 + size + 2;
    if (buffered.length < next) return undefined;
  }
}
