import type { UserInfo } from '@oex/protocol';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, Outlet } from 'react-router';
import { call } from '../api/http.js';
import { Toaster } from '../components/toast.js';
import { useSession } from '../features/session.js';
import { currentLang, setLang } from '../i18n/index.js';
import { toggleTheme, useTheme } from './theme.js';

/** The spec's selector offers three languages; the other four are kept when set in storage. */
const SELECTABLE = ['en', 'hk', 'jp'] as const;

const NAV = [
  ['legal', '/legalIndex'],
  ['spot', '/trade'],
  ['lever', '/lever'],
  ['micro', '/second'],
  ['myshop', '/myshop'],
  ['financial', '/deposit'],
  ['assets', '/assets'],
] as const;

function TopBar() {
  const { t } = useTranslation();
  const { token, user, clear } = useSession();
  const theme = useTheme();
  const isSeller = user?.is_seller === 1 || localStorage.getItem('is_seller') === '1';
  const lang = currentLang();
  const logout = async () => {
    try {
      await call('POST', 'user/logout', {}, { quiet: true });
    } finally {
      clear();
      window.location.assign('/home');
    }
  };
  return (
    <header
      className="sticky top-0 z-40 border-b"
      style={{ background: 'var(--bg)', borderColor: 'var(--border)' }}
    >
      <div className="mx-auto flex min-h-12 max-w-[1600px] flex-wrap items-center gap-x-3 gap-y-1 px-3 py-1.5">
        <Link to="/home" className="shrink-0 font-semibold" style={{ color: 'var(--accent)' }}>
          {t('brand')}
        </Link>
        <nav
          aria-label={t('nav.menu')}
          className="order-last flex w-full gap-1 overflow-x-auto whitespace-nowrap sm:order-none sm:w-auto sm:min-w-0 sm:flex-1"
        >
          {NAV.filter(([key]) => key !== 'myshop' || isSeller).map(([key, to]) => (
            <NavLink
              key={key}
              to={to}
              className={({ isActive }) => `rounded px-2 py-1 ${isActive ? 'font-semibold' : ''}`}
              style={({ isActive }) => ({ color: isActive ? 'var(--accent)' : 'var(--text)' })}
            >
              {t(`nav.${key}`)}
            </NavLink>
          ))}
        </nav>
        <div className="ml-auto flex shrink-0 items-center gap-2 sm:ml-0">
          <a
            href="/notice?category_id=4"
            className="hidden shrink-0 lg:inline"
            style={{ color: 'var(--muted)' }}
          >
            {t('nav.service')}
          </a>
          <label className="sr-only" htmlFor="language">
            {t('language.label')}
          </label>
          <select
            id="language"
            value={(SELECTABLE as readonly string[]).includes(lang) ? lang : ''}
            onChange={(event) => setLang(event.target.value as (typeof SELECTABLE)[number])}
            className="shrink-0 rounded border px-1 py-0.5"
            style={{ background: 'var(--bg)', borderColor: 'var(--border)', color: 'var(--text)' }}
          >
            {!(SELECTABLE as readonly string[]).includes(lang) && <option value="">{lang}</option>}
            {SELECTABLE.map((code) => (
              <option key={code} value={code}>
                {t(`language.${code}`)}
              </option>
            ))}
          </select>
          <button
            type="button"
            onClick={toggleTheme}
            aria-label={theme === 'dark' ? t('theme.toLight') : t('theme.toDark')}
            className="shrink-0 rounded border px-2 py-0.5"
            style={{ borderColor: 'var(--border)' }}
          >
            {theme === 'dark' ? t('theme.light') : t('theme.dark')}
          </button>
          {token ? (
            <details className="relative shrink-0">
              <summary className="cursor-pointer list-none rounded px-2 py-1">{t('account.menu')}</summary>
              <div
                className="absolute right-0 mt-1 flex w-44 flex-col rounded border py-1 shadow"
                style={{ background: 'var(--bg)', borderColor: 'var(--border)' }}
              >
                <Link className="px-3 py-1.5" to="/personal/accountSettings">
                  {t('account.settings')}
                </Link>
                <Link className="px-3 py-1.5" to="/personal/authentication">
                  {t('account.authentication')}
                </Link>
                <Link className="px-3 py-1.5" to="/personal/feedback">
                  {t('account.feedback')}
                </Link>
                <button type="button" className="px-3 py-1.5 text-left" onClick={() => void logout()}>
                  {t('account.logout')}
                </button>
              </div>
            </details>
          ) : (
            <div className="flex shrink-0 gap-2">
              <Link to="/login">{t('account.login')}</Link>
              <Link
                to="/register"
                className="rounded px-2 text-white"
                style={{ background: 'var(--accent-strong)' }}
              >
                {t('account.register')}
              </Link>
            </div>
          )}
        </div>
      </div>
    </header>
  );
}

/** With a stored token, loads who is signed in (a timed-out token is cleared by the client). */
function useSignedInUser(): void {
  const { token, user, setUser } = useSession();
  useEffect(() => {
    if (!token || user) return;
    void call<UserInfo>('GET', 'user/info', {}, { quiet: true }).then(setUser, () => undefined);
  }, [token, user, setUser]);
}

export function Layout() {
  const { t } = useTranslation();
  useSignedInUser();
  return (
    <div className="flex min-h-screen flex-col">
      <TopBar />
      <Toaster />
      <main className="flex-1 px-3">
        <Outlet />
      </main>
      <footer
        className="border-t px-3 py-4 text-center text-xs"
        style={{ borderColor: 'var(--border)', color: 'var(--muted)' }}
      >
        {t('footer.copyright')}
      </footer>
    </div>
  );
}
