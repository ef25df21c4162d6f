import { useEffect, useRef } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router';
import { ScrollArea } from './ScrollArea.js';

export interface SideMenuItem {
  to: string;
  text: string;
}

/**
 * A section with its own menu (asset centre, personal centre): the menu beside the nested page on
 * a wide screen, a strip of tabs above it on a phone, the current entry scrolled into view.
 */
export function SideMenuLayout({ label, items }: { label: string; items: readonly SideMenuItem[] }) {
  const { pathname } = useLocation();
  const menu = useRef<HTMLDivElement>(null);
  useEffect(() => {
    menu.current
      ?.querySelector('[aria-current="page"]')
      ?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [pathname]);
  return (
    <div ref={menu} className="mx-auto flex max-w-7xl flex-col gap-4 py-4 md:flex-row">
      <ScrollArea
        as="nav"
        label={label}
        className="md:w-52 md:shrink-0"
        innerClassName="flex gap-1 whitespace-nowrap md:flex-col md:whitespace-normal"
      >
        {items.map((item) => (
          <NavLink
            key={item.to}
            to={item.to}
            className={({ isActive }) =>
              `rounded px-3 py-2 ${isActive ? 'bg-panel font-semibold text-accent' : 'text-ink'}`
            }
          >
            {item.text}
          </NavLink>
        ))}
      </ScrollArea>
      <div className="min-w-0 flex-1">
        <Outlet />
      </div>
    </div>
  );
}
