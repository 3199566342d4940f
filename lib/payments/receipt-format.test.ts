import { describe, expect, it } from "vitest";
import { sampleReceipt } from "~/tests/helpers/receipt-data";
import { receiptLines, sellerTaxIdLine } from "./receipt-format";

const receipt = (taxId: string | null) => sampleReceipt({ address: "1-1 Marunouchi, Tokyo", taxId });

describe("sellerTaxIdLine", () => {
  it("labels the seller's registration number in each language, with its punctuation", () => {
    expect(sellerTaxIdLine(receipt("T1234567890123"), "en")).toBe("Tax registration number: T1234567890123");
    expect(sellerTaxIdLine(receipt("T1234567890123"), "ja")).toBe("登録番号：T1234567890123");
    expect(sellerTaxIdLine(receipt("T1234567890123"), "zh")).toBe("纳税人识别号：T1234567890123");
  });

  it("is nothing when the firm has none configured (no empty label)", () => {
    for (const lang of ["en", "ja", "zh"] as const) expect(sellerTaxIdLine(receipt(null), lang)).toBeNull();
  });

  it("is about the seller, so the purchase's lines do not repeat it", () => {
    const lines = receiptLines(receipt("T1234567890123"), "en").flat();
    expect(lines.join("\n")).not.toContain("T1234567890123");
  });
});
