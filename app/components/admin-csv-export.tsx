// "Download CSV" for the admin: the export needs the admin's bearer token (kept in local storage), so
// a plain link cannot carry it; downloadFile fetches it and hands it to the browser as a download.
import { useState } from "react";
import { downloadFile } from "~/app/api/api.client";
import type { ExportKind } from "~/lib/contracts/admin-setup";
import { admin } from "~/content/messages/admin";
import { useAuth } from "./auth-provider";
import { useLanguage, useMessages } from "./language-provider";

export function CsvExportButton({ kind }: { kind: ExportKind }) {
  const t = useMessages(admin);
  const { token } = useAuth();
  const { lang } = useLanguage();
  const [state, setState] = useState<"idle" | "busy" | "failed">("idle");

  const download = async () => {
    if (state === "busy") return;
    setState("busy");
    try {
      await downloadFile("GET /admin/export/:file", { params: { file: `${kind}.csv` }, token, lang, fallbackName: `${kind}.csv` });
      setState("idle");
    } catch {
      setState("failed");
    }
  };

  return (
    <div className="flex flex-col items-start gap-1 sm:items-end">
      <button
        type="button"
        onClick={download}
        aria-disabled={state === "busy"}
        className="inline-flex items-center gap-2 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50 aria-disabled:cursor-wait aria-disabled:opacity-60"
        data-testid={`export-${kind}`}
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="1.8">
          <path d="M10 3v10m0 0-4-4m4 4 4-4M4 15v2h12v-2" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        {kind === "users" ? t.users.exportUsers : t.users.exportPayments}
      </button>
      <p role="status" className="text-xs text-slate-600">
        {state === "busy" ? t.users.exporting : state === "failed" ? t.users.exportFailed : ""}
      </p>
    </div>
  );
}
