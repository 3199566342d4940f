// The pages an assistant answer was drawn from, most relevant first; the answer's [n] markers link
// to the items by id (`${idPrefix}-${n}`).
import { Link } from "react-router";

export function SourcesList({
  title,
  citations,
  idPrefix,
  testId,
  small = false,
}: {
  title: string;
  citations: readonly { title: string; url: string }[];
  idPrefix: string;
  testId: string;
  small?: boolean;
}) {
  return (
    <div className={small ? "mt-3" : "mt-6"} data-testid={testId}>
      <h3 className={small ? "text-sm font-semibold text-slate-900" : "text-lg font-semibold text-slate-900"}>{title}</h3>
      <ol className={small ? "mt-1 list-decimal space-y-1 pl-6 text-sm" : "mt-2 list-decimal space-y-1 pl-6 text-slate-800"}>
        {citations.map((citation, i) => (
          <li key={citation.url} id={`${idPrefix}-${i + 1}`}>
            <Link to={citation.url} className="text-brand-700 underline hover:text-brand-900">
              {citation.title}
            </Link>
          </li>
        ))}
      </ol>
    </div>
  );
}
