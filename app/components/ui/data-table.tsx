// A table of rows with typed columns: header cells with scope, one <tr> per row, numbers aligned
// right. Cell contents are React nodes, so what users typed is always rendered as text.
import type { ReactNode } from "react";

export interface Column<T> {
  key: string;
  header: ReactNode;
  /** Right-aligned (numbers). */
  numeric?: boolean;
  /** Extra classes of this column's body cells. */
  className?: string;
  cell: (row: T) => ReactNode;
}

interface DataTableProps<T> {
  rows: readonly T[];
  columns: readonly Column<T>[];
  rowKey: (row: T) => string | number;
  /** Tailwind min-width of the table, e.g. "min-w-[40rem]" (it scrolls sideways below that). */
  minWidth?: string;
  /** The name of the table's scrolling area (a group, not a second landmark beside its section): narrower than `minWidth`, it is scrolled with the keyboard. */
  label: string;
  caption?: ReactNode;
  testId?: string;
  rowTestId?: string;
  /** Classes of every header and body cell (padding). */
  cellClassName?: string;
}

export function DataTable<T>({ rows, columns, rowKey, minWidth = "", label, caption, testId, rowTestId, cellClassName = "px-3 py-2" }: DataTableProps<T>) {
  return (
    // A region that scrolls sideways must be reachable by keyboard (WCAG 2.1.1; axe scrollable-region-focusable).
    <div className="scroll-cue overflow-x-auto" role="group" aria-label={label} tabIndex={0}>
      <table className={`w-full ${minWidth} text-left text-sm`} data-testid={testId}>
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
            <tr key={rowKey(row)} className="border-t border-slate-200" data-testid={rowTestId}>
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
  );
}
