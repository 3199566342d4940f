// One HTTP/1.1 request written by hand on its own connection, for tests that compare answers header
// line by header line (the fast paths against the full chain).
import net from "node:net";

export interface RawAnswer {
  /** The status line and header lines as sent, without the Date line. */
  head: string;
  body: Buffer;
}

export function rawRequest(port: number, head: string): Promise<RawAnswer> {
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
    socket.write(`${head.replace(/\r?\n/g, "\r\n")}\r\nConnection: close\r\n\r\n`);
  });
}
