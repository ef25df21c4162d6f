/** Label and value rows: a description list of `Fact`s; `className` sets its gaps and text size. */
export function FactList({
  className = 'flex flex-col gap-1',
  testId,
  children,
}: {
  className?: string;
  testId?: string;
  children: React.ReactNode;
}) {
  return (
    <dl className={className} data-testid={testId}>
      {children}
    </dl>
  );
}

/** One row of a FactList: the term muted on the left, the value on the right. */
export function Fact({
  term,
  children,
  testId,
}: {
  term: string;
  children: React.ReactNode;
  testId?: string;
}) {
  return (
    <div className="flex justify-between gap-4">
      <dt className="text-muted">{term}</dt>
      <dd className="text-right tabular-nums" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}
