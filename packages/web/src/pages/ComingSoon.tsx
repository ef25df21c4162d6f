import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** What a page not built yet shows: plainly that, so nothing looks finished that is not. */
export function ComingSoon() {
  const { t } = useTranslation();
  return (
    <section className="mx-auto my-16 max-w-md rounded-lg border p-8 text-center border-line bg-panel">
      <h1 className="mb-3 text-xl font-semibold">{t('soon.title')}</h1>
      <p className="mb-6 text-muted">{t('soon.body')}</p>
      <Link to="/home" className="font-medium text-accent">
        {t('soon.back')}
      </Link>
    </section>
  );
}

export function NotFound() {
  const { t } = useTranslation();
  return (
    <section className="mx-auto my-16 max-w-md text-center">
      <h1 className="mb-3 text-xl font-semibold">{t('notFound.title')}</h1>
      <p className="text-muted">{t('notFound.body')}</p>
    </section>
  );
}
