import type { AccountCode, AccountGroup, AccountView, MarketView } from '@oex/protocol';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ScrollArea } from '../../components/ScrollArea.js';
import { useAccountGroups, useMarkets } from '../../features/assets/queries.js';
import { ACCOUNT_PAGES, actionState, type AccountPage as PageName } from '../../features/assets/rules.js';
import { currentLang } from '../../i18n/index.js';
import { formatNumber } from '../../lib/format.js';
import { Holdings } from '../earn/Holdings.js';
import { formatAmount } from './parts.js';
import { Button, buttonClass, Loading, QueryState, Th } from '../../components/ui/index.js';

// The panels carry the QR code and the withdrawal form: loaded when first opened.
const ChargePanel = lazy(() => import('./ChargePanel.js').then((m) => ({ default: m.ChargePanel })));
const WithdrawPanel = lazy(() => import('./WithdrawPanel.js').then((m) => ({ default: m.WithdrawPanel })));
const ConvertPanel = lazy(() => import('./ConvertPanel.js').then((m) => ({ default: m.ConvertPanel })));

type Panel = 'charge' | 'withdraw' | 'convert';
const PANELS: Panel[] = ['charge', 'withdraw', 'convert'];

const HIDE_ZERO_KEY = 'assetsHideZero';
/** Row actions are compact: three of them share the row with the figures. */
const actionClass = 'rounded border px-2 py-0.5 text-xs whitespace-nowrap aria-disabled:opacity-40';

/** Charge or withdraw: a link that opens the panel, or greyed with the reason when closed. */
function PanelAction({
  account,
  panel,
  state,
  active,
}: {
  account: AccountView;
  panel: Panel;
  state: 'absent' | 'open' | 'closed' | 'noNetwork';
  active: boolean;
}) {
  const { t } = useTranslation();
  const code = account.currency_code;
  const text = t(`assets.${panel}`);
  const name = t(`assets.${panel}Of`, { currency: code });
  if (state === 'absent') return null;
  if (state === 'closed' || state === 'noNetwork') {
    const why =
      state === 'noNetwork'
        ? t('assets.noNetwork', { currency: code })
        : // Converting is never closed (convertState), so only these two have a closed text.
          t(`assets.${panel as Exclude<Panel, 'convert'>}Closed`, { currency: code });
    const tipId = `why-${panel}-${account.currency_id}`;
    // Greyed, with its reason shown on hover and on keyboard focus (and read as its description).
    return (
      <span className="group relative inline-flex">
        <Button
          size="sm"
          aria-disabled="true"
          aria-label={name}
          aria-describedby={tipId}
          className="cursor-not-allowed text-xs whitespace-nowrap"
          onClick={(event) => event.preventDefault()}
        >
          {text}
        </Button>
        <span
          id={tipId}
          role="tooltip"
          className="invisible absolute top-full right-0 z-20 mt-1 w-48 rounded border px-2 py-1 text-left text-xs whitespace-normal shadow group-focus-within:visible group-hover:visible border-line bg-panel text-ink"
        >
          {why}
        </span>
      </span>
    );
  }
  return (
    <Link
      to={`?${panel}=${account.currency_id}`}
      data-panel={panel}
      replace
      aria-label={name}
      aria-current={active ? 'true' : undefined}
      className={`${actionClass} text-accent ${active ? 'border-accent' : 'border-line'}`}
    >
      {text}
    </Link>
  );
}

function AccountTable({
  group,
  panel,
  hideZero,
  markets,
}: {
  group: AccountGroup;
  panel: { kind: Panel; currencyId: number } | null;
  hideZero: boolean;
  /** The USDT market of each currency, by currency id: what a conversion sells on. */
  markets: ReadonlyMap<number, MarketView>;
}) {
  const { t } = useTranslation();
  const lang = currentLang();
  const actions = group.is_recharge === 1;
  const rows = hideZero
    ? group.accounts.filter((account) => account.balance !== '0' || account.lock_balance !== '0')
    : group.accounts;
  return (
    <ScrollArea label={t('assets.balances')}>
      <table className="w-full border-collapse text-sm sm:min-w-[36rem]" data-testid="balances">
        <caption className="sr-only">{t('assets.balancesOf', { account: group.name })}</caption>
        <thead>
          <tr>
            <Th>{t('assets.columns.currency')}</Th>
            <Th numeric>{t('assets.columns.available')}</Th>
            <th scope="col" className="hidden px-2 py-1.5 text-right font-normal sm:table-cell text-muted">
              {t('assets.columns.locked')}
            </th>
            <Th numeric>{t('assets.columns.usd')}</Th>
            {actions && (
              <th scope="col" className="px-2 py-1.5 text-right font-normal text-muted">
                {t('assets.columns.action')}
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {rows.map((account) => (
            <tr
              key={account.currency_id}
              className="border-t border-line"
              data-currency={account.currency_code}
              data-currency-id={account.currency_id}
            >
              <th scope="row" className="px-2 py-2 text-left font-medium">
                {account.currency_code}
                <span
                  className={`ml-2 hidden text-xs font-normal sm:inline ${panel ? 'xl:hidden 2xl:inline' : ''} text-muted`}
                >
                  {account.currency.name}
                </span>
              </th>
              <td
                className="px-2 py-2 text-right tabular-nums"
                data-testid="available"
                data-value={account.balance}
              >
                {formatAmount(account.balance, account.currency.decimals, lang)}
                {/* On a phone the locked column is folded under the available amount, when not zero. */}
                {account.lock_balance !== '0' && (
                  <span className="block text-xs sm:hidden text-muted">
                    {t('assets.columns.locked')}{' '}
                    {formatAmount(account.lock_balance, account.currency.decimals, lang)}
                  </span>
                )}
              </td>
              <td
                className="hidden px-2 py-2 text-right tabular-nums sm:table-cell"
                data-testid="locked"
                data-value={account.lock_balance}
              >
                {formatAmount(account.lock_balance, account.currency.decimals, lang)}
              </td>
              <td className="px-2 py-2 text-right tabular-nums" data-testid="usd">
                {formatNumber(account.convert_usd, 2, lang)}
              </td>
              {actions && (
                <td className="px-2 py-2">
                  <div className="flex flex-col items-end gap-1 sm:flex-row sm:justify-end sm:gap-2">
                    <PanelAction
                      account={account}
                      panel="charge"
                      state={actionState(
                        group.is_recharge,
                        account.currency.open_recharge,
                        account.currency.currency_protocols.length,
                      )}
                      active={panel?.kind === 'charge' && panel.currencyId === account.currency_id}
                    />
                    <PanelAction
                      account={account}
                      panel="withdraw"
                      state={actionState(
                        group.is_recharge,
                        account.currency.open_draw,
                        account.currency.currency_protocols.length,
                      )}
                      active={panel?.kind === 'withdraw' && panel.currencyId === account.currency_id}
                    />
                    <PanelAction
                      account={account}
                      panel="convert"
                      state={convertState(group, markets.get(account.currency_id))}
                      active={panel?.kind === 'convert' && panel.currencyId === account.currency_id}
                    />
                  </div>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollArea>
  );
}

/** The spot account converts a currency to USDT where that currency has a USDT market. */
function convertState(group: AccountGroup, market: MarketView | undefined): 'absent' | 'open' {
  return group.account_code === 'change_account' && market ? 'open' : 'absent';
}

/** Which panel the address asks for (`?charge=<currency id>`, `?withdraw=` or `?convert=`), if any. */
function usePanel(): { kind: Panel; currencyId: number } | null {
  const [params] = useSearchParams();
  for (const kind of PANELS) {
    const id = Number(params.get(kind));
    if (Number.isInteger(id) && id > 0) return { kind, currencyId: id };
  }
  return null;
}

/**
 * An account page: total in USD, a link to its records, and each currency's
 * available, locked and USD value, live. On the spot account (is_recharge) each row opens the
 * charge or withdraw panel when the currency allows it.
 */
export function AccountPage({ page }: { page: PageName }) {
  const { t } = useTranslation();
  const lang = currentLang();
  const code: AccountCode = ACCOUNT_PAGES[page];
  const groups = useAccountGroups();
  const quotes = useMarkets();
  const markets = useMemo(
    () =>
      new Map(
        (quotes.data ?? [])
          .flatMap((quote) => quote.matches)
          .filter((match) => match.quote_currency_code === 'USDT')
          .map((match) => [match.base_currency_id, match]),
      ),
    [quotes.data],
  );
  const panel = usePanel();
  const [, setParams] = useSearchParams();
  // Kept on this device, like the other display choices.
  const [hideZero, setHideZero] = useState(() => localStorage.getItem(HIDE_ZERO_KEY) === '1');
  // Closing a panel gives the focus back to the action that opened it.
  const close = () => {
    const opened = panel && `tr[data-currency-id="${panel.currencyId}"] [data-panel="${panel.kind}"]`;
    setParams({}, { replace: true });
    if (opened) requestAnimationFrame(() => document.querySelector<HTMLElement>(opened)?.focus());
  };
  return (
    <QueryState query={groups} skeleton={{ rows: 6, rowClass: 'h-9' }}>
      {(data) => {
        const group = data.find((candidate) => candidate.account_code === code);
        if (!group) return <p>{t('assets.noAccount')}</p>;
        const account = panel && group.accounts.find((row) => row.currency_id === panel.currencyId);
        const market = account ? markets.get(account.currency_id) : undefined;
        const shown =
          account &&
          panel &&
          (panel.kind === 'convert' ? convertState(group, market) : actionState(group.is_recharge, 1)) ===
            'open'
            ? panel
            : null;
        return (
          <div className="flex flex-col gap-4">
            <section
              aria-labelledby="account-title"
              className="flex flex-wrap items-end justify-between gap-3 rounded-lg border p-4 bg-panel border-line"
            >
              <div>
                <h1 id="account-title" className="text-lg font-semibold">
                  {group.name}
                </h1>
                <p className="mt-1 text-xs text-muted">{t('assets.totalUsd')}</p>
                <p className="text-2xl font-semibold tabular-nums" data-testid="total-usd">
                  ≈ {formatNumber(group.convert_usd, 2, lang)}{' '}
                  <span className="text-sm font-normal">USD</span>
                </p>
              </div>
              <div className="flex flex-wrap gap-2 text-sm">
                <Link
                  to={`/assets/transfer?from=${group.account_type_id}`}
                  className={`${buttonClass} text-accent`}
                >
                  {t('assets.nav.transfer')}
                </Link>
                {group.is_recharge === 1 && (
                  <Link to="/assets/bindAddr" className={`${buttonClass} text-accent`}>
                    {t('assets.addresses')}
                  </Link>
                )}
                <Link to={`/assets/dealRecords?types=${code}`} className={`${buttonClass} text-accent`}>
                  {t('assets.records')}
                </Link>
              </div>
            </section>
            <div className={shown ? 'grid gap-4 xl:grid-cols-[minmax(0,1fr)_26rem]' : ''}>
              <div className="min-w-0">
                <label className="mb-1 flex items-center justify-end gap-1 text-xs text-muted">
                  <input
                    type="checkbox"
                    checked={hideZero}
                    onChange={(event) => {
                      localStorage.setItem(HIDE_ZERO_KEY, event.target.checked ? '1' : '0');
                      setHideZero(event.target.checked);
                    }}
                  />
                  {t('assets.hideZero')}
                </label>
                <AccountTable group={group} panel={shown} hideZero={hideZero} markets={markets} />
              </div>
              {shown && account && (
                <Suspense fallback={<Loading rows={6} />}>
                  {shown.kind === 'convert' ? (
                    market && (
                      <ConvertPanel
                        key={`convert-${account.currency_id}`}
                        currency={account.currency}
                        market={market}
                        available={account.balance}
                        onClose={close}
                      />
                    )
                  ) : shown.kind === 'charge' ? (
                    <ChargePanel
                      key={`charge-${account.currency_id}`}
                      currency={account.currency}
                      onClose={close}
                    />
                  ) : (
                    <WithdrawPanel
                      key={`withdraw-${account.currency_id}`}
                      currency={account.currency}
                      available={account.balance}
                      onClose={close}
                    />
                  )}
                </Suspense>
              )}
            </div>
          </div>
        );
      }}
    </QueryState>
  );
}

export const TradeAccountPage = () => <AccountPage page="tradeAccount" />;
export const LegalAccountPage = () => <AccountPage page="legalAccount" />;
export const LeverAccountPage = () => <AccountPage page="leverAccount" />;
export const SecondAccountPage = () => <AccountPage page="secondAccount" />;
export const FinancialAccountPage = () => (
  <>
    <AccountPage page="financialAccount" />
    <div className="mt-4">
      <Holdings />
    </div>
  </>
);
