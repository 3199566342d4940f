// The dashboard's setup checklist: what this installation still runs on built-in defaults, each with
// the variables to set. The server decides each item's state from its configuration (GET
// /api/v1/admin/setup); it answers names, never values.
import type { SetupItem } from "~/lib/contracts/admin-setup";
import { format } from "~/lib/i18n/format";
import { admin } from "~/content/messages/admin";
import { useApiData } from "~/app/api/use-api-data";
import { LoadError } from "./admin-ui";
import { useMessages } from "./language-provider";

const STATUS_STYLE: Record<SetupItem["status"], string> = {
  done: "bg-green-100 text-green-800",
  todo: "bg-amber-100 text-amber-900",
  info: "bg-slate-100 text-slate-700",
};

function StatusIcon({ status }: { status: SetupItem["status"] }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="mt-0.5 h-5 w-5 shrink-0" fill="none" strokeWidth="2">
      {status === "done" ? (
        <>
          <circle cx="10" cy="10" r="8" className="fill-green-600" stroke="none" />
          <path d="m6.5 10.2 2.3 2.3 4.7-4.9" stroke="white" strokeLinecap="round" strokeLinejoin="round" />
        </>
      ) : status === "todo" ? (
        <>
          <circle cx="10" cy="10" r="7.5" className="stroke-amber-600" />
          <path d="M10 6v4.5" className="stroke-amber-700" strokeLinecap="round" />
          <circle cx="10" cy="13.6" r="1.1" className="fill-amber-700" stroke="none" />
        </>
      ) : (
        <>
          <circle cx="10" cy="10" r="7.5" className="stroke-slate-500" />
          <path d="M10 9v5" className="stroke-slate-600" strokeLinecap="round" />
          <circle cx="10" cy="6.3" r="1.1" className="fill-slate-600" stroke="none" />
        </>
      )}
    </svg>
  );
}

export function SetupChecklist() {
  const t = useMessages(admin);
  const s = t.dashboard.setup;
  const { data, error, reload } = useApiData("GET /admin/setup");
  if (error) return <LoadError error={error} onRetry={reload} />;
  if (!data) return null;
  // Open items first, then the notes, then what is done.
  const order = { todo: 0, info: 1, done: 2 } as const;
  const items = [...data.items].sort((a, b) => order[a.status] - order[b.status]);
  const done = items.filter((i) => i.status === "done").length;
  const open = items.some((i) => i.status === "todo");

  return (
    <section aria-labelledby="setup-checklist" className="mt-6 rounded-lg border border-slate-200 bg-white p-5 shadow-sm" data-testid="setup-checklist">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="setup-checklist" className="text-lg font-semibold text-slate-900">
          {s.title}
        </h2>
        <p className="text-sm font-medium text-slate-700" data-testid="setup-progress">
          {format(s.progress, { done, total: items.length })}
        </p>
      </div>
      <p className="mt-1 max-w-3xl text-sm text-slate-600">{open ? s.intro : s.allDone}</p>
      <ul className="mt-4 divide-y divide-slate-100">
        {items.map((item) => {
          const text = s.items[item.id];
          const body = item.status === "done" ? text.done : "todo" in text ? text.todo : text.info;
          return (
            <li key={item.id} className="flex gap-3 py-3" data-testid={`setup-${item.id}`} data-status={item.status}>
              <StatusIcon status={item.status} />
              <div className="min-w-0 flex-1">
                <p className="flex flex-wrap items-center gap-2">
                  <span className="font-medium text-slate-900">{text.title}</span>
                  <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_STYLE[item.status]}`}>{s.statuses[item.status]}</span>
                </p>
                <p className="mt-1 text-sm text-slate-700">{body}</p>
                {item.status !== "done" && (
                  <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-600">
                    <span>
                      {s.set}{" "}
                      {item.missing.map((name, i) => (
                        <span key={name}>
                          {i > 0 && ", "}
                          <code className="rounded bg-slate-100 px-1 py-0.5 font-mono text-slate-800">{name}</code>
                        </span>
                      ))}
                    </span>
                    <span>
                      {s.readMore} <code className="font-mono">{item.docs}</code>
                    </span>
                  </p>
                )}
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
