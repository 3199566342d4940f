import { describe, expect, it } from "vitest";
import { isValidHostHeader, listenOrigin, siteUrlOrigin } from "./origin.server";

describe("isValidHostHeader", () => {
  it("accepts hostnames, IPv4 and bracketed IPv6 with an optional port 1-65535", () => {
    for (const host of ["localhost", "localhost:3000", "127.0.0.1", "127.0.0.1:1", "[::1]", "[::1]:65535", "[2001:db8::1]:443", "www.example.com", "example.com.", "EXAMPLE.COM:443", "app_1", "xn--fsq.example"]) {
      expect(isValidHostHeader(host), host).toBe(true);
    }
  });

  it("refuses paths, markup, spaces, bad brackets, bad ports and overlong names", () => {
    for (const host of ["", "a<b", "[::1", "::1", "[::1]:", "127.0.0.1:99999", "localhost:0", "localhost:", "ex ample.com", "[::1]:70000", "evil.example/..", "127.0.0.1:3000/zh", "a..b", "-bad.example", "bad-.example", "host:port", "[zz::1]", "é.example", "user@host", "x".repeat(300), `${"a".repeat(64)}.example`]) {
      expect(isValidHostHeader(host), host).toBe(false);
    }
  });

  it("refuses a port with leading zeros whatever its length: one port, one spelling, as browsers send it", () => {
    // Found by an attack: "localhost:03000" passed and "localhost:003000" did not.
    for (const host of ["localhost:03000", "localhost:003000", "localhost:00443", "[::1]:080", "127.0.0.1:0", "localhost:00"]) {
      expect(isValidHostHeader(host), host).toBe(false);
    }
    expect(isValidHostHeader("localhost:10")).toBe(true);
  });
});

describe("origins", () => {
  it("prints localhost for a wildcard address and brackets an IPv6 one", () => {
    expect(listenOrigin("0.0.0.0", 3000)).toBe("http://localhost:3000");
    expect(listenOrigin("::", 8080)).toBe("http://localhost:8080");
    expect(listenOrigin("127.0.0.1", 3000)).toBe("http://127.0.0.1:3000");
    expect(listenOrigin("::1", 3000)).toBe("http://[::1]:3000");
    expect(listenOrigin("taxatlas.internal", 80)).toBe("http://taxatlas.internal:80");
  });

  it("reduces SITE_URL to its origin", () => {
    expect(siteUrlOrigin("https://www.example.com/")).toBe("https://www.example.com");
    expect(siteUrlOrigin("https://www.example.com:8443/some/path")).toBe("https://www.example.com:8443");
  });
});
