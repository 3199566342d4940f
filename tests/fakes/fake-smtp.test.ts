// The fake SMTP server receives what nodemailer (the app's mailer) really sends and decodes it.
import nodemailer from "nodemailer";
import { afterEach, describe, expect, it } from "vitest";
import { decodeQuotedPrintable, decodeWords, parseMessage, startFakeSmtp, type FakeSmtp } from "./fake-smtp";

describe("fake SMTP server", () => {
  let smtp: FakeSmtp | undefined;
  afterEach(async () => {
    await smtp?.close();
    smtp = undefined;
  });

  it("captures To, Subject and the text of mails sent by nodemailer, in any language", async () => {
    smtp = await startFakeSmtp();
    expect(smtp.url).toMatch(/^smtp:\/\/127\.0\.0\.1:\d+$/);
    const transport = nodemailer.createTransport(smtp.url);
    const longLine = `Reset link: http://127.0.0.1:3000/reset-password?token=${"a".repeat(90)} — valid for 1 hour.`;
    await transport.sendMail({ from: "TaxAtlas <no-reply@taxatlas.test>", to: "Ada <ada@example.test>", subject: "Reset your password", text: longLine });
    await transport.sendMail({
      from: "TaxAtlas <no-reply@taxatlas.test>",
      to: "taro@example.test",
      subject: "パスワードの再設定",
      text: "こんにちは。\n以下のリンクからパスワードを再設定してください。",
      replyTo: "contact@taxatlas.test",
    });
    await transport.sendMail({ from: "a@example.test", to: "li@example.test", subject: "重置密码", text: "你好", html: "<p>你好</p>" });
    transport.close();

    expect(smtp.messages).toEqual([
      { to: "ada@example.test", subject: "Reset your password", text: longLine },
      { to: "taro@example.test", subject: "パスワードの再設定", text: "こんにちは。\n以下のリンクからパスワードを再設定してください。" },
      { to: "li@example.test", subject: "重置密码", text: "你好" },
    ]);
  });

  it("decodes quoted-printable and encoded words", () => {
    expect(decodeQuotedPrintable("caf=C3=A9 =\nnext").toString("utf8")).toBe("café next");
    expect(decodeWords("=?UTF-8?Q?caf=C3=A9_time?=")).toBe("café time");
    expect(decodeWords("=?UTF-8?B?5L2g5aW9?= =?UTF-8?B?5LiW55WM?=")).toBe("你好世界");
    expect(parseMessage("To: x@example.test\r\nSubject: Hi\r\n\r\nBody\r\n")).toEqual({ to: "x@example.test", subject: "Hi", text: "Body" });
  });
});
