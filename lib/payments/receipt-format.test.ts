import { describe, expect, it } from "vitest";
import type { Receipt } from "~/lib/contracts/receipt";
import { receiptLines, sellerTaxIdLine } from "./receipt-format";

const receipt = (taxId: string | null): Receipt => ({
  id: "0b6f7c1e-6a34-4d7e-9a51-2f1f7e0c9d10",
  number: 42,
  issuedAt: "2026-03-01T09:30:00.000Z",
  package: "basic",
  credits: 50,
  amountCents: 2500,
  currency: "usd",
  cardLast4: "4242",
  testMode: false,
  refundedAt: null,
  refundFailedAt: null,
  refundRepaidAt: null,
  seller: { legalName: "TaxAtlas K.K.", address: "1-1 Marunouchi, Tokyo", taxId },
  customer: { name: "Ada Lovelace", email: "ada@example.com" },
});

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
