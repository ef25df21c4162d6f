import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, Outlet, useLocation } from 'react-router';
import { ScrollArea } from '../../components/ScrollArea.js';

/** The left menu of spec 001 §2: three accounts and the transfer page. */
const MENU = ['tradeAccount', 'leverAccount', 'secondAccount', 'transfer'] as const;

/**
 * The asset centre (/assets): a menu beside the nested page on a wide screen, a strip above it on a
 * phone.
 */
export function AssetsLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const menu = useRef<HTMLDivElement>(null);
  // On a phone the menu is a strip: the current page's entry is scrolled into view.
  useEffect(() => {
    menu.current
      ?.querySelector('[aria-current="page"]')
      ?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [pathname]);
  return (
    <div ref={menu} className="mx-auto flex max-w-7xl flex-col gap-4 py-4 md:flex-row">
      <ScrollArea
        as="nav"
        label={t('assets.menu')}
        className="md:w-52 md:shrink-0"
        innerClassName="flex gap-1 whitespace-nowrap md:flex-col md:whitespace-normal"
      >
        {MENU.map((page) => (
          <NavLink
            key={page}
            to={`/assets/${page}`}
            className={({ isActive }) => `rounded px-3 py-2 ${isActive ? 'font-semibold' : ''}`}
            style={({ isActive }) => ({
              color: isActive ? 'var(--accent)' : 'var(--text)',
              background: isActive ? 'var(--panel)' : undefined,
            })}
          >
            {t(`assets.nav.${page}`)}
          </NavLink>
        ))}
      </ScrollArea>
      <div className="min-w-0 flex-1">
        <Outlet />
      </div>
    </div>
  );
}
