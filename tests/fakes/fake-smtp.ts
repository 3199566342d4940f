// A fake SMTP server on loopback for tests: accepts every message without TLS or auth and keeps a
// decoded copy (To, Subject, plain-text body) in memory.
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export interface CapturedMail {
  to: string;
  subject: string;
  text: string;
}

export interface FakeSmtp {
  /** smtp://127.0.0.1:PORT */
  url: string;
  messages: CapturedMail[];
  close(): Promise<void>;
}

export async function startFakeSmtp(): Promise<FakeSmtp> {
  const messages: CapturedMail[] = [];
  const server = new SMTPServer({
    // nodemailer upgrades to TLS when STARTTLS is offered; the fake has no certificate to offer.
    disabledCommands: ["STARTTLS", "AUTH"],
    authOptional: true,
    logger: false,
    banner: "fake-smtp",
    size: 10 * 1024 * 1024,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("error", callback);
      stream.on("end", () => {
        const envelopeTo = session.envelope.rcptTo.map((r) => r.address);
        messages.push(parseMessage(Buffer.concat(chunks).toString("utf8"), envelopeTo));
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Minimal RFC 5322/MIME reading: headers, encoded words, quoted-printable/base64, first text/plain part. */
export function parseMessage(raw: string, envelopeTo: string[] = []): CapturedMail {
  const { headers, body } = splitEntity(raw);
  const toHeader = headers.get("to");
  const to = toHeader ? addresses(decodeWords(toHeader)).join(", ") : envelopeTo.join(", ");
  return {
    to: to || envelopeTo.join(", "),
    subject: decodeWords(headers.get("subject") ?? ""),
    text: textOf(headers, body),
  };
}

function splitEntity(raw: string): { headers: Map<string, string>; body: string } {
  const normalized = raw.replace(/\r\n/g, "\n");
  const end = normalized.indexOf("\n\n");
  const head = end === -1 ? normalized : normalized.slice(0, end);
  const body = end === -1 ? "" : normalized.slice(end + 2);
  const headers = new Map<string, string>();
  // Unfold continuation lines, then read "Name: value".
  for (const line of head.replace(/\n[ \t]+/g, " ").split("\n")) {
    const colon = line.indexOf(":");
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    if (!headers.has(name)) headers.set(name, line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function textOf(headers: Map<string, string>, body: string): string {
  const type = headers.get("content-type") ?? "text/plain";
  if (/^multipart\//i.test(type)) {
    const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
    if (!boundary) return body;
    const parts = body.split(`--${boundary}`).slice(1);
    const entities = parts
      .filter((part) => !part.startsWith("--"))
      .map((part) => splitEntity(part.replace(/^\n/, "")));
    const plain = entities.find((e) => /^text\/plain/i.test(e.headers.get("content-type") ?? "text/plain"));
    const chosen = plain ?? entities[0];
    return chosen ? textOf(chosen.headers, chosen.body) : "";
  }
  const encoding = (headers.get("content-transfer-encoding") ?? "7bit").toLowerCase();
  let bytes: Buffer;
  if (encoding === "quoted-printable") bytes = decodeQuotedPrintable(body);
  else if (encoding === "base64") bytes = Buffer.from(body.replace(/\s+/g, ""), "base64");
  else bytes = Buffer.from(body, "utf8");
  return bytes.toString("utf8").replace(/\n$/, "");
}

export function decodeQuotedPrintable(input: string): Buffer {
  // Soft line breaks ("=" at the end of a line) join lines; "=XX" is one byte.
  const joined = input.replace(/=\r?\n/g, "");
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const char = joined[i]!;
    const hex = joined.slice(i + 1, i + 3);
    if (char === "=" && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(char, "utf8"));
    }
  }
  return Buffer.from(bytes);
}

/** RFC 2047 encoded words (=?UTF-8?Q?...?= and =?UTF-8?B?...?=), as nodemailer writes non-ASCII headers. */
export function decodeWords(value: string): string {
  return value
    .replace(/(\?=)\s+(=\?)/g, "$1$2")
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_match, _charset: string, kind: string, text: string) => {
      if (kind.toUpperCase() === "B") return Buffer.from(text, "base64").toString("utf8");
      return decodeQuotedPrintable(text.replace(/_/g, " ")).toString("utf8");
    });
}

function addresses(header: string): string[] {
  const found = [...header.matchAll(/<([^>]+)>/g)].map((m) => m[1]!.trim());
  if (found.length > 0) return found;
  return header
    .split(",")
    .map((a) => a.trim())
    .filter(Boolean);
}
