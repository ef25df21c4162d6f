import { useTranslation } from 'react-i18next';

/** The loading, empty and error states every data view shows. */

export function Loading({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <p role="status" className="py-6 text-center" style={{ color: 'var(--muted)' }}>
      {label ?? t('state.loading')}
    </p>
  );
}

export function Empty({ text }: { text?: string }) {
  const { t } = useTranslation();
  return (
    <p className="py-6 text-center" style={{ color: 'var(--muted)' }}>
      {text ?? t('state.empty')}
    </p>
  );
}

export function Failed({ onRetry }: { onRetry(): void }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="flex flex-col items-center gap-2 py-6">
      <p style={{ color: 'var(--muted)' }}>{t('state.failed')}</p>
      <button
        type="button"
        className="rounded border px-3 py-1"
        style={{ borderColor: 'var(--border)' }}
        onClick={onRetry}
      >
        {t('state.retry')}
      </button>
    </div>
  );
}

/** Picks the state of a query: loading, failed (with retry), empty, or the content. */
export function QueryState<T>({
  query,
  isEmpty,
  empty,
  children,
}: {
  query: { data: T | undefined; isPending: boolean; isError: boolean; refetch(): unknown };
  isEmpty?(data: T): boolean;
  empty?: string;
  children(data: T): React.ReactNode;
}) {
  if (query.data !== undefined) {
    return isEmpty?.(query.data) ? <Empty text={empty} /> : children(query.data);
  }
  if (query.isError) return <Failed onRetry={() => void query.refetch()} />;
  return <Loading />;
}
