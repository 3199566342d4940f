// The status line under a form or an action: errors are alerts (read at once), successes polite
// status messages. Both live regions always exist, so screen readers notice the change.

export type FormStatus = { kind: "error" | "success"; text: string } | null;

export function StatusMessage({ status, testId = "form-status", compact = false }: { status: FormStatus; testId?: string; compact?: boolean }) {
  const box = compact ? "text-sm" : "rounded-md border px-4 py-3 text-sm font-medium";
  return (
    <div>
      <div role="alert">
        {status?.kind === "error" && (
          <p className={`${box} ${compact ? "text-red-700" : "border-red-200 bg-red-50 text-red-800"}`} data-testid={testId}>
            {status.text}
          </p>
        )}
      </div>
      <div role="status">
        {status?.kind === "success" && (
          <p className={`${box} ${compact ? "text-green-800" : "border-green-200 bg-green-50 text-green-800"}`} data-testid={testId}>
            {status.text}
          </p>
        )}
      </div>
    </div>
  );
}
