import { describe, expect, it } from "vitest";
import { sampleReceipt } from "~/tests/helpers/receipt-data";
import { receiptMailText } from "./receipts.server";

const receipt = sampleReceipt;
const link = "https://tax.example.com/account/receipts/0b6f7c1e-6a34-4d7e-9a51-2f1f7e0c9d10";

describe("receiptMailText: the seller's tax registration number", () => {
  it("follows the seller's name and address, labelled in the member's language", () => {
    const withAll = receipt({ address: "1-1 Marunouchi, Tokyo", taxId: "T1234567890123" });
    expect(receiptMailText(withAll, "en", link, "TaxAtlas")).toContain(
      "Receipt — TaxAtlas K.K.\n1-1 Marunouchi, Tokyo\nTax registration number: T1234567890123\n",
    );
    expect(receiptMailText(withAll, "ja", link, "TaxAtlas")).toContain("領収書 — TaxAtlas K.K.\n1-1 Marunouchi, Tokyo\n登録番号：T1234567890123\n");
    expect(receiptMailText(withAll, "zh", link, "TaxAtlas")).toContain("收据 — TaxAtlas K.K.\n1-1 Marunouchi, Tokyo\n纳税人识别号：T1234567890123\n");
    // Without an address it comes straight after the name.
    expect(receiptMailText(receipt({ taxId: "DE123456789" }), "en", link, "TaxAtlas")).toContain(
      "Receipt — TaxAtlas K.K.\nTax registration number: DE123456789\n",
    );
  });

  it("says nothing of it when none is configured: no empty label", () => {
    for (const lang of ["en", "ja", "zh"] as const) {
      const text = receiptMailText(receipt({ address: "1-1 Marunouchi, Tokyo" }), lang, link, "TaxAtlas");
      expect(text).not.toMatch(/Tax registration|登録番号|纳税人识别号/);
      expect(text).toContain("TaxAtlas K.K.\n1-1 Marunouchi, Tokyo\n\n");
    }
  });
});
