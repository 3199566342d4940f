import { describe, expect, it } from "vitest";
import { parseContact, readFormBody } from "./contact-inbox.server";

const post = (body: BodyInit, headers: Record<string, string> = {}) =>
  new Request("http://site.test/contact", { method: "POST", body, headers });

describe("readFormBody", () => {
  it("reads urlencoded and multipart forms", async () => {
    const urlencoded = await readFormBody(
      post("name=Ann&message=%3Cscript%3E", { "content-type": "application/x-www-form-urlencoded" }),
    );
    expect(urlencoded).toBeInstanceOf(FormData);
    expect((urlencoded as FormData).get("message")).toBe("<script>");

    const data = new FormData();
    data.set("name", "李雷");
    const multipart = await readFormBody(post(data));
    expect((multipart as FormData).get("name")).toBe("李雷");
  });

  it("refuses bodies over the limit, whether declared or streamed", async () => {
    expect(await readFormBody(post("x=1", { "content-length": "999999" }), 1024)).toBe("too_large");
    expect(await readFormBody(post(`message=${"y".repeat(2048)}`), 1024)).toBe("too_large");
  });

  it("answers null for a body that is not a form", async () => {
    expect(await readFormBody(post("{}", { "content-type": "multipart/form-data; boundary=nothing" }))).toBeNull();
  });
});

describe("parseContact", () => {
  it("translates field errors and keeps the codes", () => {
    const result = parseContact({ name: " ", email: "nope", subject: "Hi", message: "Hello" }, "ja");
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.codes).toEqual({ name: "required", email: "invalid_email" });
    expect(result.fields.name).toBe("この項目は必須です。");
  });

  it("trims, defaults company and service, and keeps markup as text", () => {
    const result = parseContact({ name: " Ann ", email: " ann@example.com ", subject: "<b>Hi</b>", message: "<script>x</script>" }, "en");
    expect(result).toEqual({
      ok: true,
      data: {
        name: "Ann",
        email: "ann@example.com",
        company: "",
        subject: "<b>Hi</b>",
        message: "<script>x</script>",
        service: "general",
        website: "",
      },
    });
  });
});
