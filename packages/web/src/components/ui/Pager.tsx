import { useTranslation } from 'react-i18next';
import { hasPages, lastPage } from '../../features/assets/rules.js';
import { Button } from './Button.js';

/** The words of a pager: its name for screen readers, its two buttons, and "page of last" if not "1 / 3". */
export interface PagerLabels {
  pages: string;
  previous: string;
  next: string;
  pageOf?(page: number, last: number): string;
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
  return (
    <nav aria-label={labels.pages} className="flex items-center justify-end gap-2 px-2 py-1.5">
      <Button disabled={page <= 1} onClick={() => onPage(page - 1)} size="sm">
        {labels.previous}
      </Button>
      <span className="tabular-nums" aria-live="polite">
        {labels.pageOf ? labels.pageOf(page, last) : `${page} / ${last}`}
      </span>
      <Button disabled={page >= last} onClick={() => onPage(page + 1)} size="sm">
        {labels.next}
      </Button>
    </nav>
  );
}

/** The pager of a list of records counted by `total`, shown only past one page (15 unless told). */
export function RecordsPager({
  total,
  page,
  perPage,
  onPage,
}: {
  total: number;
  page: number;
  perPage?: number;
  onPage(page: number): void;
}) {
  const { t } = useTranslation();
  if (!hasPages(total, perPage)) return null;
  return (
    <Pager
      page={page}
      last={lastPage(total, perPage)}
      labels={{
        pages: t('assets.pages'),
        previous: t('assets.previous'),
        next: t('assets.next'),
        pageOf: (current, last) => t('assets.pageOf', { page: current, last }),
      }}
      onPage={onPage}
    />
  );
}
