// A granted purchase's receipt as the API gives it, for tests of its lines and its e-mail.
import type { Receipt } from "~/lib/contracts/receipt";

/** Receipt R-000042 of a Basic purchase; the seller is TaxAtlas K.K. with `seller`'s other fields. */
export const sampleReceipt = (seller: Partial<Receipt["seller"]> = {}): Receipt => ({
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
  seller: { legalName: "TaxAtlas K.K.", address: null, taxId: null, ...seller },
  customer: { name: "Ada Lovelace", email: "ada@example.com" },
});
