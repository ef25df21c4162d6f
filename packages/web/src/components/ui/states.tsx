import { useTranslation } from 'react-i18next';
import { Button } from './Button.js';

/** The loading, empty and error states every data view shows. */

/**
 * Placeholder bars where the content will be, about as tall as it, so the page does not jump when it
 * arrives; a screen reader hears "Loading…".
 */
export function Loading({
  label,
  rows = 3,
  rowClass = 'h-6',
}: {
  label?: string;
  rows?: number;
  rowClass?: string;
}) {
  const { t } = useTranslation();
  return (
    <div role="status" aria-busy="true" data-skeleton="" className="flex flex-col gap-2 py-2">
      <span className="sr-only">{label ?? t('state.loading')}</span>
      {Array.from({ length: rows }, (_, index) => (
        <div
          key={index}
          aria-hidden="true"
          className={`${rowClass} rounded bg-panel motion-safe:animate-pulse`}
        />
      ))}
    </div>
  );
}

export function Empty({ text }: { text?: string }) {
  const { t } = useTranslation();
  return <p className="py-6 text-center text-muted">{text ?? t('state.empty')}</p>;
}

export function Failed({ onRetry }: { onRetry(): void }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="flex flex-col items-center gap-2 py-6">
      <p className="text-muted">{t('state.failed')}</p>
      <Button onClick={onRetry}>{t('state.retry')}</Button>
    </div>
  );
}

/** Picks the state of a query: loading, failed (with retry), empty, or the content. */
export function QueryState<T>({
  query,
  isEmpty,
  empty,
  skeleton,
  children,
}: {
  query: { data: T | undefined; isPending: boolean; isError: boolean; refetch(): unknown };
  isEmpty?(data: T): boolean;
  empty?: string;
  /** The placeholder's shape while loading: as many rows of that height as the content will have. */
  skeleton?: { rows: number; rowClass?: string };
  children(data: T): React.ReactNode;
}) {
  if (query.data !== undefined) {
    return isEmpty?.(query.data) ? <Empty text={empty} /> : children(query.data);
  }
  if (query.isError) return <Failed onRetry={() => void query.refetch()} />;
  return <Loading {...skeleton} />;
}
