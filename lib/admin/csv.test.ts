import { describe, expect, it } from "vitest";
import { csvCell, csvFilename, toCsv } from "./csv";

describe("csv", () => {
  it("quotes only what needs it and doubles quotes", () => {
    expect(csvCell("plain")).toBe("plain");
    expect(csvCell("a,b")).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell("two\nlines")).toBe('"two\nlines"');
    expect(csvCell(null)).toBe("");
    expect(csvCell(12)).toBe("12");
    expect(csvCell(-3)).toBe("-3"); // a number is data, not a formula
    expect(csvCell(true)).toBe("true");
    expect(csvCell(new Date(Date.UTC(2026, 0, 2)))).toBe("2026-01-02T00:00:00.000Z");
  });

  it("neutralises text a spreadsheet would run as a formula", () => {
    for (const start of ["=", "+", "-", "@", "\t", "\r"]) {
      expect(csvCell(`${start}1+1`).replace(/^"/, "").startsWith(`'${start}`), JSON.stringify(start)).toBe(true);
    }
    expect(csvCell("=cmd|' /C calc'!A0")).toBe("'=cmd|' /C calc'!A0");
    expect(csvCell("a=b")).toBe("a=b");
  });

  it("writes a BOM, a header and CRLF-ended rows", () => {
    expect(toCsv(["a", "b"], [["1", 2]])).toBe("\uFEFFa,b\r\n1,2\r\n");
  });

  it("names the file after the site, the kind and the UTC date", () => {
    expect(csvFilename("TaxAtlas", "users", new Date(Date.UTC(2026, 10, 22, 23, 0)))).toBe("taxatlas-users-2026-11-22.csv");
    expect(csvFilename("税務 Atlas!", "payments", new Date(Date.UTC(2026, 0, 1)))).toBe("atlas-payments-2026-01-01.csv");
    expect(csvFilename("東京", "users", new Date(Date.UTC(2026, 0, 1)))).toBe("export-users-2026-01-01.csv");
  });
});
