import type { Lang } from '@oex/protocol';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, Outlet, useLocation } from 'react-router';
import { useLiveState } from '../api/socket.js';
import { ScrollArea } from '../components/ScrollArea.js';
import { Toaster } from '../components/toast.js';
import { Button } from '../components/ui/index.js';
import { useSession } from '../features/session.js';
import { currentLang, setLang } from '../i18n/index.js';
import { LANGUAGE_NAMES, LOCALE_OF } from '../i18n/tags.js';
import { jumpTo } from '../lib/jump.js';
import { toggleTheme, useTheme } from './theme.js';
import type { TextKey } from '../i18n/catalogs.js';

/** The spec's selector offers three languages; the other four are kept when set in storage. */
const SELECTABLE: readonly Lang[] = ['en', 'hk', 'jp'];

/**
 * Each page's title and description (for search results and shared links), by path; a page not
 * listed has the brand and the home description.
 */
const PAGE_META: Record<string, { title: TextKey; description: TextKey }> = {
  '/home': { title: 'home.heroTitle', description: 'meta.home' },
  '/markets': { title: 'markets.title', description: 'meta.markets' },
  '/trade': { title: 'nav.spot', description: 'meta.trade' },
  '/second': { title: 'nav.micro', description: 'meta.micro' },
  '/lever': { title: 'nav.lever', description: 'meta.lever' },
  '/login': { title: 'login.title', description: 'meta.home' },
  '/register': { title: 'register.title', description: 'meta.home' },
  '/forgetPassword': { title: 'forgot.title', description: 'meta.home' },
  '/transparency': { title: 'transparency.title', description: 'meta.home' },
  ...Object.fromEntries(
    ['tradeAccount', 'legalAccount', 'leverAccount', 'secondAccount', 'financialAccount', 'transfer'].map(
      (page) => [`/assets/${page}`, { title: `assets.nav.${page}`, description: 'meta.home' }],
    ),
  ),
  ...Object.fromEntries(
    ['bindAddr', 'dealRecords', 'transferLog'].map((page) => [
      `/assets/${page}`,
      { title: 'assets.menu', description: 'meta.home' },
    ]),
  ),
};

/** Keyboard shortcuts past the header, by path: every page skips to its content, trade to its form. */
const SKIP_TARGETS: Record<string, { id: string; text: TextKey }[]> = {
  '/trade': [{ id: 'order-forms', text: 'skip.orderForm' }],
  '/second': [{ id: 'micro-order', text: 'skip.orderForm' }],
  '/lever': [{ id: 'lever-order', text: 'skip.orderForm' }],
};

const NAV = [
  ['legal', '/legalIndex'],
  ['spot', '/trade'],
  ['lever', '/lever'],
  ['micro', '/second'],
  ['myshop', '/myshop'],
  ['financial', '/deposit'],
  ['assets', '/assets'],
] as const;

/** Pages that belong to an entry beside its own path: my financial is part of financial. */
const NAV_ALSO: Partial<Record<(typeof NAV)[number][0], string>> = { financial: '/coinlog' };

function TopBar() {
  const { t } = useTranslation();
  const { token, user, clear } = useSession();
  const theme = useTheme();
  const isSeller = user?.is_seller === 1 || localStorage.getItem('is_seller') === '1';
  const lang = currentLang();
  const { pathname } = useLocation();
  const logout = async () => {
    try {
      // The calls' module is loaded when used: the contract's entries stay out of the first bundle.
      const { logOut } = await import('../features/auth/calls.js');
      await logOut();
    } finally {
      clear();
      window.location.assign('/home');
    }
  };
  return (
    <header className="sticky top-0 z-40 border-b bg-page border-line">
      <div className="mx-auto flex min-h-12 max-w-[1600px] flex-wrap items-center gap-x-3 gap-y-1 px-3 py-1.5">
        <Link to="/home" className="shrink-0 font-semibold text-accent">
          {t('brand')}
        </Link>
        <ScrollArea
          as="nav"
          label={t('nav.menu')}
          className="order-last w-full sm:order-none sm:w-auto sm:min-w-0 sm:flex-1"
          // On a phone every entry wraps into view (nothing hidden past the edge); wider, one row.
          innerClassName="flex flex-wrap gap-x-1 whitespace-nowrap sm:flex-nowrap"
        >
          {NAV.filter(([key]) => key !== 'myshop' || isSeller).map(([key, to]) => {
            const also = NAV_ALSO[key] !== undefined && pathname.startsWith(NAV_ALSO[key]);
            return (
              <NavLink
                key={key}
                to={to}
                aria-current={also ? 'page' : undefined}
                className={({ isActive }) =>
                  `rounded px-2 py-1 ${isActive || also ? 'font-semibold text-accent' : 'text-ink'}`
                }
              >
                {t(`nav.${key}`)}
              </NavLink>
            );
          })}
          {/* Beside the controls from lg up; in the menu below that, so a phone reaches it too. */}
          <a href="/notice?category_id=4" className="rounded px-2 py-1 lg:hidden text-ink">
            {t('nav.service')}
          </a>
        </ScrollArea>
        <div className="ml-auto flex shrink-0 items-center gap-2 sm:ml-0">
          <a href="/notice?category_id=4" className="hidden shrink-0 lg:inline text-muted">
            {t('nav.service')}
          </a>
          <label className="sr-only" htmlFor="language">
            {t('language.label')}
          </label>
          <select
            id="language"
            value={lang}
            onChange={(event) => setLang(event.target.value as Lang)}
            className="shrink-0 rounded border px-1 py-0.5 bg-page border-line text-ink"
          >
            {/* A language set in storage but not offered is still shown, by its own name. */}
            {(SELECTABLE.includes(lang) ? SELECTABLE : [lang, ...SELECTABLE]).map((code) => (
              <option key={code} value={code} lang={LOCALE_OF[code]}>
                {LANGUAGE_NAMES[code]}
              </option>
            ))}
          </select>
          <Button
            size="sm"
            onClick={toggleTheme}
            aria-label={theme === 'dark' ? t('theme.toLight') : t('theme.toDark')}
            className="shrink-0"
          >
            {theme === 'dark' ? t('theme.light') : t('theme.dark')}
          </Button>
          {token ? (
            <AccountMenu onLogout={() => void logout()} />
          ) : (
            <div className="flex shrink-0 gap-2">
              <Link to="/login">{t('account.login')}</Link>
              <Link to="/register" className="rounded px-2 text-white bg-accent-strong">
                {t('account.register')}
              </Link>
            </div>
          )}
        </div>
      </div>
      <ConnectionMark />
    </header>
  );
}

/**
 * The account menu: opens on its button, and closes on a click outside it, on Escape (focus goes
 * back to the button) and on navigation.
 */
function AccountMenu({ onLogout }: { onLogout(): void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const location = useLocation();
  useEffect(() => setOpen(false), [location.key]);
  useEffect(() => {
    if (!open) return;
    const outside = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const escape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('pointerdown', outside);
    document.addEventListener('keydown', escape);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('keydown', escape);
    };
  }, [open]);
  return (
    <div ref={root} className="relative shrink-0">
      <Button
        ref={button}
        variant="bare"
        aria-expanded={open}
        aria-controls={menuId}
        // The arrow is drawn by CSS, so the button's name and text stay "Account".
        className="rounded px-2 py-1 after:ml-1 after:content-['▾']"
        onClick={() => setOpen(!open)}
      >
        {t('account.menu')}
      </Button>
      {open && (
        <div
          id={menuId}
          className="absolute right-0 z-50 mt-1 flex w-44 flex-col rounded border py-1 shadow bg-page border-line"
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
          <Button variant="bare" className="px-3 py-1.5 text-left" onClick={onLogout}>
            {t('account.logout')}
          </Button>
        </div>
      )}
    </div>
  );
}

/**
 * A lasting mark while the live channel is down and the client retries, so nobody takes a frozen
 * price for a live one; it goes when the channel is back.
 */
function ConnectionMark() {
  const { t } = useTranslation();
  const state = useLiveState();
  return (
    <div role="status" aria-live="polite">
      {state === 'reconnecting' && (
        <p
          data-testid="reconnecting"
          className="flex items-center justify-center gap-2 border-t px-3 py-1 text-xs border-line bg-panel text-ink"
        >
          <span
            aria-hidden="true"
            className="inline-block h-2 w-2 rounded-full motion-safe:animate-pulse bg-down"
          />
          {t('live.reconnecting')}
        </p>
      )}
    </div>
  );
}

/** The skip links: hidden until focused, the first stops of the Tab order. */
function SkipLinks() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const targets = [...(SKIP_TARGETS[pathname] ?? []), { id: 'main', text: 'skip.content' as const }];
  return (
    <div className="contents">
      {targets.map(({ id, text }) => (
        <a
          key={id}
          href={`#${id}`}
          onClick={(event) => {
            if (jumpTo(id)) event.preventDefault();
          }}
          className="sr-only z-50 rounded px-3 py-2 text-white focus:not-sr-only focus:fixed focus:top-2 focus:left-2 bg-accent-strong"
        >
          {t(text)}
        </a>
      ))}
    </div>
  );
}

/** Sets the page's title and description in its language as the route changes. */
function usePageMeta(): void {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  useEffect(() => {
    const page = PAGE_META[pathname];
    const brand = t('brand');
    document.title = page ? `${t(page.title)} · ${brand}` : brand;
    const description = t(page?.description ?? 'meta.home');
    document.querySelector('meta[name="description"]')?.setAttribute('content', description);
  }, [pathname, t]);
}

/** With a stored token, loads who is signed in (a timed-out token is cleared by the client). */
function useSignedInUser(): void {
  const { token, user, setUser } = useSession();
  useEffect(() => {
    if (!token || user) return;
    void import('../features/personal/security.js')
      .then(({ loadUserInfo }) => loadUserInfo())
      .then(setUser, () => undefined);
  }, [token, user, setUser]);
}

export function Layout() {
  const { t } = useTranslation();
  useSignedInUser();
  usePageMeta();
  return (
    <div className="flex min-h-screen flex-col">
      <SkipLinks />
      <TopBar />
      <Toaster />
      <main id="main" tabIndex={-1} className="flex-1 px-3 outline-none!">
        <Outlet />
      </main>
      <footer className="border-t border-line px-3 py-4 text-center text-xs text-muted">
        {t('footer.copyright')}{' '}
        <Link to="/transparency" className="underline">
          {t('footer.transparency')}
        </Link>
      </footer>
    </div>
  );
}
