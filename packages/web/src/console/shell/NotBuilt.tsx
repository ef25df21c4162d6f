import { useAdminT } from '../i18n.js';

/** A console page that is not built yet: one plain line saying so. */
export function NotBuilt() {
  const t = useAdminT('shell');
  return (
    <p className="py-6 text-muted" data-testid="admin-not-built">
      {t('notBuilt')}
    </p>
  );
}

export function NoSuchPage() {
  const t = useAdminT('shell');
  return <p className="py-6 text-muted">{t('notFound')}</p>;
}
