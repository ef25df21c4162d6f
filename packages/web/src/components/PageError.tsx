import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useRouteError } from 'react-router';
import { Button } from './ui/index.js';

/**
 * What a page shows when it fails while rendering or loading: a translated note with a reload
 * button, inside the app's layout, so the header and navigation still work. Never the error's text
 * or stack: that goes to the console for developers.
 */
export function PageError() {
  const error = useRouteError();
  const { t } = useTranslation();
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <section
      role="alert"
      aria-labelledby="page-error-title"
      className="mx-auto flex max-w-md flex-col gap-3 p-8"
    >
      <h1 id="page-error-title" className="text-lg font-semibold">
        {t('pageError.title')}
      </h1>
      <p className="text-muted">{t('pageError.text')}</p>
      <div className="flex flex-wrap gap-3">
        <Button variant="primary" onClick={() => window.location.reload()}>
          {t('pageError.reload')}
        </Button>
        <Link to="/home" className="rounded border px-4 py-1.5 border-line">
          {t('pageError.home')}
        </Link>
      </div>
    </section>
  );
}
