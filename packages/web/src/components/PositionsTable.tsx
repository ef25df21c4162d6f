import type { ReactNode } from 'react';
import { ScrollArea } from './ScrollArea.js';

/** A positions cell: one line; figures right-aligned in even-width digits. */
export const positionCell = 'px-2 py-1.5 whitespace-nowrap';
export const positionNumeric = `${positionCell} text-right tabular-nums`;

/** A position's row: a rule above it, and its data attributes (id, status) for tests and live updates. */
export function PositionRow({
  children,
  ...data
}: { children: ReactNode } & { [attribute: `data-${string}`]: string | number }) {
  return (
    <tr className="border-t border-line" {...data}>
      {children}
    </tr>
  );
}

/** The head of a positions table: words on the left, figures on the right, an unnamed action column last. */
export function PositionsHead<C extends string>({
  columns,
  isText,
  label,
  actionLabel,
}: {
  columns: readonly C[];
  isText(column: C): boolean;
  label(column: C): string;
  /** The action column's name for screen readers; no action column without it. */
  actionLabel?: string;
}) {
  return (
    <thead>
      <tr className="text-muted">
        {columns.map((column) => (
          <th
            key={column}
            scope="col"
            className={`px-2 py-1 font-normal whitespace-nowrap ${isText(column) ? 'text-left' : 'text-right'}`}
          >
            {label(column)}
          </th>
        ))}
        {actionLabel && (
          <th scope="col" className="px-2 py-1">
            <span className="sr-only">{actionLabel}</span>
          </th>
        )}
      </tr>
    </thead>
  );
}

/**
 * A positions list as the contract pages show it: a heading for screen readers, a bar of tabs and
 * controls, the table scrolling sideways on a phone, then what is under it (state, pager, dialogs).
 */
export function PositionsSection({
  titleId,
  title,
  bar,
  tableClassName,
  tableTestId,
  head,
  body,
  children,
}: {
  titleId: string;
  title: string;
  bar: ReactNode;
  /** The table's minimum width, so a phone scrolls it rather than squeezing its figures. */
  tableClassName: string;
  tableTestId: string;
  head: ReactNode;
  body: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={titleId} className="text-xs">
      <h2 id={titleId} className="sr-only">
        {title}
      </h2>
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 border-b px-2 pt-1.5 text-sm border-line">
        {bar}
      </div>
      <ScrollArea label={title}>
        <table className={`w-full border-collapse ${tableClassName}`} data-testid={tableTestId}>
          {head}
          {body}
        </table>
      </ScrollArea>
      {children}
    </section>
  );
}
