/** The words of a pager: its name for screen readers and its two buttons. */
export interface PagerLabels {
  pages: string;
  previous: string;
  next: string;
}

/** Previous and next around "page / last"; nothing when everything fits on one page. */
export function Pager({
  page,
  last,
  labels,
  onPage,
}: {
  page: number;
  last: number;
  labels: PagerLabels;
  onPage(page: number): void;
}) {
  if (last <= 1) return null;
  const button = 'rounded border px-2 py-0.5 disabled:opacity-50';
  return (
    <nav aria-label={labels.pages} className="flex items-center justify-end gap-2 px-2 py-1.5">
      <button
        type="button"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
        className={button}
        style={{ borderColor: 'var(--border)' }}
      >
        {labels.previous}
      </button>
      <span className="tabular-nums">
        {page} / {last}
      </span>
      <button
        type="button"
        disabled={page >= last}
        onClick={() => onPage(page + 1)}
        className={button}
        style={{ borderColor: 'var(--border)' }}
      >
        {labels.next}
      </button>
    </nav>
  );
}
