import { Decimal } from '@oex/protocol';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';

/** The savings pages' title and their two views: the products and my financial. */
export function EarnHeader({ current }: { current: 'products' | 'mine' }) {
  const { t } = useTranslation();
  const link = 'border-b-2 px-1 pb-1 text-sm';
  return (
    <header className="flex flex-wrap items-end justify-between gap-2">
      <h1 className="text-lg font-semibold">{t(current === 'products' ? 'earn.title' : 'earn.mineTitle')}</h1>
      <nav aria-label={t('earn.views')} className="flex gap-4">
        {(
          [
            ['/deposit', 'earn.products'],
            ['/coinlog', 'earn.mine'],
          ] as const
        ).map(([to, key]) => (
          <NavLink
            key={to}
            to={to}
            className={({ isActive }) =>
              `${link} ${isActive ? 'border-accent text-ink' : 'border-transparent text-muted'}`
            }
          >
            {t(key)}
          </NavLink>
        ))}
      </nav>
    </header>
  );
}

/** A daily rate as the spec shows it: the percent with its own places, "0.05%". */
export function RatePercent({ rate }: { rate: string }) {
  const { t } = useTranslation();
  const value = Decimal.tryParse(rate);
  return (
    <span className="tabular-nums">{t('earn.ratePerDay', { rate: value ? value.toString() : rate })}</span>
  );
}
