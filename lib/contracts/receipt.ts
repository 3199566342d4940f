// Receipts (/api/v1/payment/receipts/:id): what a member's printable receipt shows. Isomorphic.
import "~/lib/contracts/zod-config";
import { z } from "zod";

export const ReceiptIdSchema = z.uuid({ error: "invalid_format" });

/** Who issued a receipt: the firm's legal name, address and tax registration number as they were then. */
export interface ReceiptSeller {
  legalName: string;
  address: string | null;
  taxId: string | null;
}

export interface Receipt {
  id: string;
  /** Sequential across the firm, taken when the purchase was granted. */
  number: number;
  issuedAt: string;
  package: string;
  credits: number;
  amountCents: number;
  currency: string;
  cardLast4: string | null;
  /** Paid in the built-in test mode: no money moved. */
  testMode: boolean;
  refundedAt: string | null;
  /** When the card's bank returned the refund: the firm repays the member another way. */
  refundFailedAt: string | null;
  /** When the firm recorded that it repaid that refund another way. */
  refundRepaidAt: string | null;
  /** taxId: the firm's tax registration number (COMPANY_TAX_ID), null when none is configured. */
  seller: ReceiptSeller;
  customer: { name: string; email: string };
}

/** "R-000042": the number as receipts print it. */
export const receiptLabel = (receiptNumber: number) => `R-${String(receiptNumber).padStart(6, "0")}`;

export type ReceiptResponse = { success: true; receipt: Receipt };

/** The receipt endpoint for the typed client. */
export interface ReceiptEndpoints {
  "GET /payment/receipts/:id": { params: { id: string }; response: ReceiptResponse };
}
