import { ScrollArea } from '../ScrollArea.js';

/** A table head cell; numbers are right-aligned. */
export function Th({ children, numeric }: { children: React.ReactNode; numeric?: boolean }) {
  return (
    <th scope="col" className={`px-2 py-1.5 font-normal ${numeric ? 'text-right' : 'text-left'} text-muted`}>
      {children}
    </th>
  );
}

/** A column of a records table: its heading, right-aligned when it holds numbers. */
export interface Column {
  title: string;
  numeric?: boolean;
}

/**
 * A scrollable table of records: `columns` head it, `children` are its rows; `actionTitle` adds a
 * last column for a row's buttons, named for screen readers only. `className` sets its width and
 * text size.
 */
export function RecordTable({
  label,
  testId,
  className,
  columns,
  actionTitle,
  children,
}: {
  label: string;
  testId: string;
  className: string;
  columns: readonly Column[];
  actionTitle?: string;
  children: React.ReactNode;
}) {
  return (
    <ScrollArea label={label}>
      <table className={`w-full border-collapse ${className}`} data-testid={testId}>
        <thead>
          <tr>
            {columns.map((column, index) => (
              // The columns are fixed, so their places are stable keys (two titles may read alike).
              <Th key={index} numeric={column.numeric}>
                {column.title}
              </Th>
            ))}
            {actionTitle !== undefined && (
              <th scope="col" className="px-2 py-1.5">
                <span className="sr-only">{actionTitle}</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </ScrollArea>
  );
}
