import { api, type OperatorSessionView, type Permission } from '@oex/protocol';
import { useQuery } from '@tanstack/react-query';
import { Suspense, useEffect, useId, useState } from 'react';
import { Navigate, NavLink, Outlet, useLocation } from 'react-router';
import { useExchangeTimeZone } from '../../features/content/news.js';
import { formatTime, zoneLabel } from '../../lib/format.js';
import { adminLoginPath, callAdmin } from '../api.js';
import { useAdminT, type AdminT, type ConsoleKey, type KeysUnder } from '../i18n.js';
import { useOperator } from '../session.js';
import { ConsoleControls } from './controls.js';
import { Button, Failed, Loading } from '../../components/ui/index.js';

interface Area {
  key: KeysUnder<ConsoleKey<'shell'>, 'nav.'>;
  to: string;
  /** What acting here needs; a role with none of it sees the area marked "view only". */
  acts?: readonly Permission[];
}

/** The console's areas, in the side navigation's order; every role may look at every one. */
const DASHBOARD: Area = { key: 'dashboard', to: '/admin' };
const AREAS: readonly Area[] = [
  DASHBOARD,
  { key: 'users', to: '/admin/users', acts: ['users.manage'] },
  { key: 'reviews', to: '/admin/reviews', acts: ['reviews.support', 'reviews.finance'] },
  { key: 'balances', to: '/admin/balances', acts: ['funds'] },
  { key: 'markets', to: '/admin/markets', acts: ['markets'] },
  { key: 'content', to: '/admin/content', acts: ['content'] },
  { key: 'log', to: '/admin/log' },
];

function areaOf(pathname: string): Area {
  const [, , first] = pathname.split('/');
  return AREAS.find((area) => area.to === `/admin/${first}`) ?? DASHBOARD;
}

/**
 * The frame of every console page but the login: a dense side navigation (a menu button opens it
 * on a phone), who is signed in, the language, the theme and logout. Without an operator session it
 * sends to the console's login, back here after.
 */
export function AdminLayout() {
  const token = useOperator((state) => state.token);
  const location = useLocation();
  if (!token) return <Navigate to={adminLoginPath(location.pathname + location.search)} replace />;
  return <SignedIn token={token} />;
}

function SignedIn({ token }: { token: string }) {
  const t = useAdminT('shell');
  const { operator, setOperator } = useOperator();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const location = useLocation();
  // Who the token belongs to: known after a login, asked once after a reload.
  const me = useQuery({
    queryKey: ['admin', 'session', token],
    queryFn: () => callAdmin(api.admin.session.me, {}, { quiet: true }),
    enabled: operator === null,
  });
  useEffect(() => {
    if (me.data) setOperator(me.data);
  }, [me.data, setOperator]);
  useEffect(() => setMenuOpen(false), [location.key]);
  useEffect(() => {
    document.title = `${t(`nav.${areaOf(location.pathname).key}`)} · ${t('title')}`;
  }, [location.pathname, t]);
  return (
    <div className="flex min-h-screen flex-col text-sm">
      <a
        href="#admin-main"
        className="sr-only z-50 rounded bg-accent-strong px-3 py-2 text-white focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        {t('skip')}
      </a>
      <header className="sticky top-0 z-40 flex min-h-10 flex-wrap items-center gap-x-3 gap-y-1 border-b border-line bg-page px-3 py-1">
        <Button
          size="sm"
          className="md:hidden"
          aria-expanded={menuOpen}
          aria-controls={menuId}
          onClick={() => setMenuOpen(!menuOpen)}
        >
          {t('menu')}
        </Button>
        <span className="font-semibold text-accent">{t('title')}</span>
        <div className="ml-auto flex flex-wrap items-center gap-2">
          <ZoneNote t={t} />
          {operator && <OperatorBadge operator={operator} t={t} />}
          <ConsoleControls />
          <LogoutButton t={t} />
        </div>
      </header>
      <div className="flex flex-1 flex-col md:flex-row">
        <nav
          id={menuId}
          aria-label={t('nav.label')}
          className={`${menuOpen ? 'block' : 'hidden'} shrink-0 border-b border-line bg-panel md:block md:w-44 md:border-r md:border-b-0`}
        >
          <ul className="flex flex-col py-1">
            {AREAS.map((area) => (
              <li key={area.key}>
                <AreaLink area={area} t={t} />
              </li>
            ))}
          </ul>
        </nav>
        <main id="admin-main" tabIndex={-1} className="min-w-0 flex-1 px-3 py-3 outline-none">
          {operator ? (
            <Suspense fallback={<Loading />}>
              <Outlet />
            </Suspense>
          ) : me.isError ? (
            <Failed onRetry={() => void me.refetch()} />
          ) : (
            <Loading />
          )}
        </main>
      </div>
    </div>
  );
}

function AreaLink({ area, t }: { area: Area; t: AdminT<'shell'> }) {
  const viewOnly = useOperator(
    (state) => state.operator !== null && area.acts !== undefined && !area.acts.some(state.can),
  );
  return (
    <NavLink
      to={area.to}
      end={area.to === '/admin'}
      className={({ isActive }) =>
        `flex items-baseline justify-between gap-2 px-3 py-1.5 ${isActive ? 'bg-page font-semibold text-accent' : 'text-ink'}`
      }
    >
      <span>{t(`nav.${area.key}`)}</span>
      {viewOnly && (
        <span className="text-xs text-muted" title={t('viewOnlyHint')}>
          {t('viewOnly')}
        </span>
      )}
    </NavLink>
  );
}

/** Which zone the console's times are in: the exchange's, as on the web. */
function ZoneNote({ t }: { t: AdminT<'shell'> }) {
  const zone = useExchangeTimeZone();
  return (
    <span className="text-xs text-muted" data-testid="admin-zone">
      {t('zoneNote', { zone: zoneLabel(zone) })}
    </span>
  );
}

function OperatorBadge({ operator, t }: { operator: OperatorSessionView; t: AdminT<'shell'> }) {
  const ends = formatTime(operator.expires_at);
  return (
    <span
      className="flex items-baseline gap-1.5"
      title={t('sessionEnds', { time: ends })}
      data-testid="admin-operator"
    >
      <span className="font-medium">{operator.name}</span>
      <span className="rounded border border-line px-1 text-xs">{t(`role.${operator.role}`)}</span>
    </span>
  );
}

function LogoutButton({ t }: { t: AdminT<'shell'> }) {
  const clear = useOperator((state) => state.clear);
  const [busy, setBusy] = useState(false);
  const logout = async () => {
    setBusy(true);
    try {
      await callAdmin(api.admin.session.logout, {}, { quiet: true });
    } catch {
      // Gone already or unreachable: the token is forgotten here either way.
    } finally {
      clear();
    }
  };
  return (
    <Button size="sm" disabled={busy} className="text-xs" onClick={() => void logout()}>
      {t('logout')}
    </Button>
  );
}
