// The checkout form's status line: errors (alert), progress and in-between states (status).
import type { Confirmation } from "./payment-confirmation";

export type CheckoutStatus =
  | { kind: "idle" }
  | { kind: "processing"; text?: string }
  | { kind: "error"; text: string }
  | { kind: "info"; text: string }
  | ({ kind: "success" } & Omit<Confirmation, "packageName">);

export function CheckoutStatusMessage({ status }: { status: CheckoutStatus }) {
  return (
    <div>
      <div role="alert">
        {status.kind === "error" && (
          <p className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm font-medium text-red-800" data-testid="checkout-error">
            {status.text}
          </p>
        )}
      </div>
      <div role="status">
        {status.kind === "processing" && status.text && <p className="text-sm text-slate-700">{status.text}</p>}
        {status.kind === "info" && (
          <p className="rounded-md border border-brand-100 bg-brand-50 px-4 py-3 text-sm text-slate-800" data-testid="checkout-info">
            {status.text}
          </p>
        )}
      </div>
    </div>
  );
}
