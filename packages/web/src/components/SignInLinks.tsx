import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Log in (coming back to `redirect`) and register, for a visitor where a form would be. */
export function SignInLinks({ redirect }: { redirect: string }) {
  const { t } = useTranslation();
  return (
    <div className="flex gap-3">
      <Link
        to={`/login?redirect=${encodeURIComponent(redirect)}`}
        className="rounded border px-4 py-1.5 border-line"
      >
        {t('account.login')}
      </Link>
      <Link to="/register" className="rounded px-4 py-1.5 text-white bg-accent-strong">
        {t('account.register')}
      </Link>
    </div>
  );
}
