// A table of rows with typed columns: header cells with scope, one <tr> per row, numbers aligned
// right. Where its box is narrower than the table needs (a phone, or a tablet beside the admin
// sidebar) each row is a card instead, every column a "label: value" line, so nothing scrolls
// sideways out of view. Both are rendered and CSS shows one by the box's width (a container query,
// so the server's HTML is already right); the hidden one is out of the accessibility tree. The table
// comes first, so a page's first match of a text is the wide screen's. Cell
// contents are React nodes, so what users typed is always rendered as text.
import type { MouseEvent, ReactNode } from "react";

export interface Column<T> {
  key: string;
  header: string;
  /** Right-aligned (numbers). */
  numeric?: boolean;
  /** The card's first line, in bold (its label is read out, not shown). */
  primary?: boolean;
  /** Extra classes of this column's body cells. */
  className?: string;
  cell: (row: T) => ReactNode;
}

/**
 * The narrowest box that shows the table (the table's own minimum width): below it, the cards.
 * Whole class names, so Tailwind finds them in this file.
 */
const WIDTHS = {
  "36rem": { table: "min-w-[36rem]", shown: "hidden @min-[36rem]:block", cards: "@min-[36rem]:hidden" },
  "40rem": { table: "min-w-[40rem]", shown: "hidden @min-[40rem]:block", cards: "@min-[40rem]:hidden" },
} as const;

interface DataTableProps<T> {
  rows: readonly T[];
  columns: readonly Column<T>[];
  rowKey: (row: T) => string | number;
  /** The table's minimum width; a narrower box shows the cards. */
  minWidth: keyof typeof WIDTHS;
  /** The name of the table's scrolling area and of the card list. */
  label: string;
  caption?: ReactNode;
  /** Of the table; its card list gets `<testId>-cards`. */
  testId?: string;
  /** Of each table row; each card gets `<rowTestId>-card`. */
  rowTestId?: string;
  /** Classes of every header and body cell (padding). */
  cellClassName?: string;
  /** Classes of the box around the table (a border where no section frames it). */
  frameClassName?: string;
  /** A click anywhere on a row or card, but on its links and buttons, which do their own thing. */
  onRowClick?: (row: T) => void;
  busy?: boolean;
}

/** A cell with nothing to say gets no line on the card. */
const isEmpty = (node: ReactNode) => node === null || node === undefined || node === false || node === "";

export function DataTable<T>({
  rows,
  columns,
  rowKey,
  minWidth,
  label,
  caption,
  testId,
  rowTestId,
  cellClassName = "px-3 py-2",
  frameClassName = "",
  onRowClick,
  busy,
}: DataTableProps<T>) {
  const width = WIDTHS[minWidth];
  const clickable = onRowClick ? "cursor-pointer hover:bg-slate-50" : "";
  const click = (row: T) =>
    onRowClick
      ? (event: MouseEvent) => {
          if ((event.target as HTMLElement).closest("a, button")) return;
          onRowClick(row);
        }
      : undefined;
  return (
    <div className="@container" aria-busy={busy}>
      {/* A region that scrolls sideways must be reachable by keyboard (WCAG 2.1.1; axe scrollable-region-focusable):
          the table fits its box, but larger text can still widen it. */}
      <div className={`scroll-cue overflow-x-auto ${width.shown} ${frameClassName}`} role="group" aria-label={label} tabIndex={0}>
        <table className={`w-full ${width.table} text-left text-sm`} data-testid={testId}>
          {caption && <caption className="sr-only">{caption}</caption>}
          <thead className="bg-slate-50">
            <tr>
              {columns.map((column) => (
                <th key={column.key} scope="col" className={`${cellClassName} font-semibold text-slate-700 ${column.numeric ? "text-right" : ""}`}>
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={rowKey(row)} className={`border-t border-slate-200 ${clickable}`} onClick={click(row)} data-testid={rowTestId}>
                {columns.map((column) => (
                  <td key={column.key} className={`${cellClassName} align-top ${column.numeric ? "text-right tabular-nums" : ""} ${column.className ?? ""}`}>
                    {column.cell(row)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul className={`space-y-3 ${width.cards}`} aria-label={label} data-testid={testId && `${testId}-cards`}>
        {rows.map((row) => (
          <li
            key={rowKey(row)}
            className={`rounded-lg border border-slate-200 bg-white p-4 shadow-sm ${clickable}`}
            onClick={click(row)}
            data-testid={rowTestId && `${rowTestId}-card`}
          >
            <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
              {columns.map((column) => {
                const value = column.cell(row);
                if (isEmpty(value)) return null;
                return column.primary ? (
                  <div key={column.key} className="col-span-2 mb-1">
                    <dt className="sr-only">{column.header}</dt>
                    <dd className={`break-words text-base font-semibold ${column.className ?? ""}`}>{value}</dd>
                  </div>
                ) : (
                  <div key={column.key} className="col-span-2 grid grid-cols-subgrid">
                    <dt className="text-slate-600">{column.header}</dt>
                    <dd className={`min-w-0 break-words ${column.numeric ? "tabular-nums" : ""} ${column.className ?? ""}`}>{value}</dd>
                  </div>
                );
              })}
            </dl>
          </li>
        ))}
      </ul>
    </div>
  );
}
