import {
  api,
  type AdminCurrencyView,
  type AdminEarnProductView,
  type AdminMarketView,
  type AdminMicroCurrencyView,
  type AdminMicroOptions,
  type AdminNetworkView,
  type CallSpec,
  type ChangeSet,
  type ChangeStatus,
  type ReplyOf,
  type ScheduledChangeView,
} from '@oex/protocol';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useToasts } from '../../components/toast.js';
import { callAdmin } from '../api.js';
import { useAdminT, type AdminT } from '../i18n.js';
import { AdminTable, DecisionDialog, formatTime, useAdminPage, type Column, AdminPager } from '../parts.js';
import { useCan } from '../session.js';
import { ChangeDialog, fieldLabel, shownValue, type ChangeTarget } from './ChangeDialog.js';
import { Button, QueryState, Tabs } from '../../components/ui/index.js';

const TABS = ['markets', 'currencies', 'seconds', 'products', 'changes'] as const;
type Tab = (typeof TABS)[number];
const STATUSES = ['pending', 'applied', 'cancelled', 'all'] as const;
type StatusTab = (typeof STATUSES)[number];

/** A list of the console, read fresh whenever the page shows it. */
function useList<S extends CallSpec>(entry: S) {
  return useQuery({
    queryKey: ['admin', entry.path],
    queryFn: () => callAdmin<CallSpec>(entry, {}, { quiet: true }) as Promise<ReplyOf<S>>,
  });
}

/** A switch as a word in the up or down colour, so open and closed read at a glance. */
function Flag({ t, value }: { t: AdminT<'markets'>; value: 0 | 1 }) {
  return <span className={value ? 'text-up' : 'text-down'}>{value ? t('on') : t('off')}</span>;
}

/**
 * Markets and currencies (docs/operator-console.md): every market, currency and network, seconds option and
 * savings product with its settings, and the changes scheduled for them. A change is made in a
 * dialog (current → new, when, the notice, the reason, a review) and only ever at a stated time.
 */
export function MarketsPage() {
  const t = useAdminT('markets');
  const canAct = useCan('markets');
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab: Tab = TABS.find((value) => value === asked) ?? 'markets';
  const [editing, setEditing] = useState<ChangeTarget | null>(null);
  const edit = canAct ? setEditing : null;
  return (
    <section className="flex flex-col gap-3" data-testid="admin-markets">
      <h1 className="text-lg font-semibold">{t('title')}</h1>
      <p className="text-xs text-muted">{t('intro')}</p>
      {!canAct && (
        <p className="text-xs text-muted" data-testid="markets-read-only">
          {t('readOnly')}
        </p>
      )}
      <Tabs<Tab>
        label={t('title')}
        className="flex flex-wrap gap-x-4 gap-y-1 border-b"
        values={TABS}
        active={tab}
        text={(value) => t(`tab.${value}`)}
        onChange={(value) => setParams({ tab: value }, { replace: true })}
      />
      <div role="tabpanel" aria-label={t(`tab.${tab}`)}>
        {tab === 'markets' && <Markets t={t} edit={edit} />}
        {tab === 'currencies' && <Currencies t={t} edit={edit} />}
        {tab === 'seconds' && <Seconds t={t} edit={edit} />}
        {tab === 'products' && <Products t={t} edit={edit} />}
        {tab === 'changes' && <Changes t={t} canAct={canAct} />}
      </div>
      {editing && <ChangeDialog t={t} target={editing} onClose={() => setEditing(null)} />}
    </section>
  );
}

type Edit = ((target: ChangeTarget) => void) | null;

function EditButton({ t, edit, target }: { t: AdminT<'markets'>; edit: Edit; target: ChangeTarget }) {
  if (!edit) return null;
  return (
    <Button
      size="sm"
      aria-label={t('editLabel', { target: target.name })}
      onClick={() => edit(target)}
      data-testid={`edit-${target.kind}-${target.id}`}
    >
      {t('edit')}
    </Button>
  );
}

/** The actions column of a table whose rows an operator may change: none for a role that may not. */
function editColumn<T>(t: AdminT<'markets'>, edit: Edit, targetOf: (row: T) => ChangeTarget): Column<T>[] {
  if (!edit) return [];
  return [
    {
      key: 'actions',
      header: t('col.actions'),
      cell: (row) => <EditButton t={t} edit={edit} target={targetOf(row)} />,
    },
  ];
}

function marketValues(market: AdminMarketView): ChangeSet {
  const values: ChangeSet = {
    open_change: market.open_change,
    open_lever: market.open_lever,
    open_microtrade: market.open_microtrade,
    sell_disabled: market.sell_disabled,
    change_fee_rate: market.change_fee_rate,
    price_decimals: market.price_decimals,
    number_decimals: market.number_decimals,
    min_number: market.min_number,
    lever_point_rate: market.lever_point_rate,
    lever_share_num: market.lever_share_num,
    lever_fee_rate: market.lever_fee_rate,
  };
  if (market.lever) {
    values.lever_multiples = market.lever.multiples;
    values.lever_min_share = market.lever.min_share;
    values.lever_max_share = market.lever.max_share;
    values.lever_overnight_rate = market.lever.overnight_rate;
  }
  return values;
}

function Markets({ t, edit }: { t: AdminT<'markets'>; edit: Edit }) {
  const query = useList(api.admin.markets);
  const percent = (market: AdminMarketView) =>
    shownValue(t, 'market', 'change_fee_rate', market.change_fee_rate);
  const columns: Column<AdminMarketView>[] = [
    { key: 'symbol', header: t('col.symbol'), cell: (m) => <span className="font-medium">{m.symbol}</span> },
    { key: 'spot', header: t('col.spot'), cell: (m) => <Flag t={t} value={m.open_change} /> },
    {
      key: 'lever',
      header: t('col.lever'),
      cell: (m) => (
        <span>
          <Flag t={t} value={m.open_lever} />
          <span className="block text-xs text-muted">
            {m.lever ? `${m.lever.multiples.join('/')}×` : t('noLever')}
          </span>
        </span>
      ),
    },
    { key: 'seconds', header: t('col.seconds'), cell: (m) => <Flag t={t} value={m.open_microtrade} /> },
    { key: 'fee', header: t('col.fee'), numeric: true, cell: percent },
    {
      key: 'precision',
      header: t('col.precision'),
      numeric: true,
      cell: (m) => `${m.price_decimals} / ${m.number_decimals}`,
    },
    { key: 'min', header: t('col.minOrder'), numeric: true, cell: (m) => m.min_number },
    {
      key: 'open',
      header: t('col.open'),
      cell: (m) =>
        t('openCounts', {
          orders: t('orderCount', { count: m.open_orders }),
          positions: t('positionCount', { count: m.open_positions }),
        }),
    },
  ];
  columns.push(
    ...editColumn<AdminMarketView>(t, edit, (m) => ({
      kind: 'market',
      id: m.id,
      name: m.symbol,
      current: marketValues(m),
    })),
  );
  return (
    <QueryState query={query} isEmpty={(rows) => rows.length === 0} empty={t('empty.list')}>
      {(rows) => (
        <AdminTable
          label={t('tab.markets')}
          columns={columns}
          rows={rows}
          rowKey={(m) => m.id}
          testId="markets-table"
        />
      )}
    </QueryState>
  );
}

function Currencies({ t, edit }: { t: AdminT<'markets'>; edit: Edit }) {
  const query = useList(api.admin.currencies);
  const columns: Column<AdminCurrencyView>[] = [
    { key: 'code', header: t('col.currency'), cell: (c) => <span className="font-medium">{c.code}</span> },
    { key: 'deposits', header: t('col.deposits'), cell: (c) => <Flag t={t} value={c.open_recharge} /> },
    { key: 'withdrawals', header: t('col.withdrawals'), cell: (c) => <Flag t={t} value={c.open_draw} /> },
    {
      key: 'fee',
      header: t('col.withdrawFee'),
      numeric: true,
      cell: (c) => shownValue(t, 'currency', 'draw_rate', c.draw_rate),
    },
    {
      key: 'limits',
      header: t('col.withdrawLimits'),
      numeric: true,
      cell: (c) => `${c.draw_min} / ${c.draw_max}`,
    },
  ];
  const networkColumns: Column<AdminNetworkView>[] = [
    { key: 'network', header: t('col.network'), cell: (n) => `${n.currency_code} · ${n.chain}` },
    { key: 'deposits', header: t('col.deposits'), cell: (n) => <Flag t={t} value={n.open_deposit} /> },
    { key: 'withdrawals', header: t('col.withdrawals'), cell: (n) => <Flag t={t} value={n.open_withdraw} /> },
    { key: 'min', header: t('col.minDeposit'), numeric: true, cell: (n) => n.min_deposit },
    { key: 'connected', header: t('col.connected'), cell: (n) => (n.available ? t('yes') : t('no')) },
  ];
  columns.push(
    ...editColumn<AdminCurrencyView>(t, edit, (c) => ({
      kind: 'currency',
      id: c.id,
      name: c.code,
      current: {
        open_recharge: c.open_recharge,
        open_draw: c.open_draw,
        draw_rate: c.draw_rate,
        draw_min: c.draw_min,
        draw_max: c.draw_max,
      },
    })),
  );
  networkColumns.push(
    ...editColumn<AdminNetworkView>(t, edit, (n) => ({
      kind: 'currency_network',
      id: n.id,
      name: `${n.currency_code} · ${n.chain}`,
      current: {
        open_deposit: n.open_deposit,
        open_withdraw: n.open_withdraw,
        min_deposit: n.min_deposit,
      },
    })),
  );
  return (
    <QueryState query={query} isEmpty={(rows) => rows.length === 0} empty={t('empty.list')}>
      {(rows) => (
        <div className="flex flex-col gap-4">
          <AdminTable label={t('tab.currencies')} columns={columns} rows={rows} rowKey={(c) => c.id} />
          <h2 className="font-semibold">{t('networksTitle')}</h2>
          <AdminTable
            label={t('networksTitle')}
            columns={networkColumns}
            rows={rows.flatMap((currency) => currency.networks)}
            rowKey={(n) => n.id}
          />
        </div>
      )}
    </QueryState>
  );
}

function Seconds({ t, edit }: { t: AdminT<'markets'>; edit: Edit }) {
  const query = useList(api.admin.microOptions);
  type Option = AdminMicroOptions['seconds'][number];
  const columns: Column<Option>[] = [
    { key: 'seconds', header: t('col.duration'), cell: (o) => `${o.seconds} s` },
    {
      key: 'ratio',
      header: t('col.ratio'),
      numeric: true,
      cell: (o) => shownValue(t, 'micro_seconds', 'profit_ratio', o.profit_ratio),
    },
    { key: 'offered', header: t('col.offered'), cell: (o) => <Flag t={t} value={o.is_open} /> },
    { key: 'open', header: t('col.openContracts'), numeric: true, cell: (o) => o.open_orders },
  ];
  columns.push(
    ...editColumn<Option>(t, edit, (o) => ({
      kind: 'micro_seconds',
      id: o.seconds,
      name: `${o.seconds} s`,
      current: { profit_ratio: o.profit_ratio, is_open: o.is_open },
    })),
  );
  return (
    <QueryState query={query}>
      {(data) => (
        <div className="flex flex-col gap-2">
          <AdminTable
            label={t('tab.seconds')}
            columns={columns}
            rows={data.seconds}
            rowKey={(o) => o.seconds}
          />
          <p className="text-xs text-muted">
            {t('microFee', { rate: shownValue(t, 'micro_seconds', 'profit_ratio', data.fee_rate) })}
          </p>
          {edit && (
            <Button
              size="sm"
              className="self-start"
              onClick={() => edit({ kind: 'micro_seconds', id: null, name: '', current: {} })}
              data-testid="add-duration"
            >
              {t('addDuration')}
            </Button>
          )}
          <h2 className="font-semibold">{t('stakesTitle')}</h2>
          <AdminTable
            label={t('stakesTitle')}
            columns={stakeColumns(t, edit)}
            rows={data.currencies}
            rowKey={(c) => c.currency_id}
          />
        </div>
      )}
    </QueryState>
  );
}

/** Each currency's seconds-contract stakes: the preset buttons and the bounds of any amount. */
function stakeColumns(t: AdminT<'markets'>, edit: Edit): Column<AdminMicroCurrencyView>[] {
  const columns: Column<AdminMicroCurrencyView>[] = [
    {
      key: 'currency',
      header: t('col.currency'),
      cell: (c) => <span className="font-medium">{c.code}</span>,
    },
    { key: 'presets', header: t('col.presets'), numeric: true, cell: (c) => c.numbers.join(' · ') },
    { key: 'min', header: t('col.minStake'), numeric: true, cell: (c) => c.min_number },
    { key: 'max', header: t('col.maxStake'), numeric: true, cell: (c) => c.max_number },
  ];
  columns.push(
    ...editColumn<AdminMicroCurrencyView>(t, edit, (c) => ({
      kind: 'micro_currency',
      id: c.currency_id,
      name: c.code,
      current: { numbers: c.numbers, min_number: c.min_number, max_number: c.max_number },
    })),
  );
  return columns;
}

function Products({ t, edit }: { t: AdminT<'markets'>; edit: Edit }) {
  const query = useList(api.admin.earnProducts);
  const columns: Column<AdminEarnProductView>[] = [
    { key: 'name', header: t('col.product'), cell: (p) => <span className="font-medium">{p.name}</span> },
    { key: 'days', header: t('col.days'), numeric: true, cell: (p) => p.days },
    {
      key: 'rate',
      header: t('col.rate'),
      numeric: true,
      cell: (p) => shownValue(t, 'earn_product', 'rate', p.rate),
    },
    {
      key: 'limits',
      header: t('col.limits'),
      numeric: true,
      cell: (p) => `${p.min_number} / ${p.max_number} ${p.currency_code}`,
    },
    { key: 'quota', header: t('col.quota'), numeric: true, cell: (p) => `${p.sold} / ${p.total_quota}` },
    { key: 'sale', header: t('col.onSale'), cell: (p) => <Flag t={t} value={p.is_open} /> },
    { key: 'holdings', header: t('col.holdings'), numeric: true, cell: (p) => p.holdings },
  ];
  columns.push(
    ...editColumn<AdminEarnProductView>(t, edit, (p) => ({
      kind: 'earn_product',
      id: p.id,
      name: p.name,
      current: {
        is_open: p.is_open,
        rate: p.rate,
        days: p.days,
        min_number: p.min_number,
        max_number: p.max_number,
        total_quota: p.total_quota,
      },
    })),
  );
  return (
    <QueryState query={query} isEmpty={(rows) => rows.length === 0} empty={t('empty.list')}>
      {(rows) => <AdminTable label={t('tab.products')} columns={columns} rows={rows} rowKey={(p) => p.id} />}
    </QueryState>
  );
}

/** What a change sets: old → new (what it replaced once applied, what is now while pending). */
function ChangeLines({ t, change }: { t: AdminT<'markets'>; change: ScheduledChangeView }): ReactNode {
  const old = change.before ?? change.current;
  return (
    <ul className="flex flex-col">
      {Object.entries(change.changes).map(([field, value]) => (
        <li key={field} className="tabular-nums">
          {fieldLabel(t, change.kind, field)}: {old && `${shownValue(t, change.kind, field, old[field])} → `}
          <strong>{shownValue(t, change.kind, field, value)}</strong>
        </li>
      ))}
    </ul>
  );
}

function Changes({ t, canAct }: { t: AdminT<'markets'>; canAct: boolean }) {
  const [params, setParams] = useSearchParams();
  const asked = params.get('status');
  const status: StatusTab = STATUSES.find((value) => value === asked) ?? 'pending';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const query = useAdminPage(api.admin.changes.list, {
    status: status === 'all' ? undefined : (status as ChangeStatus),
    page,
  });
  const [cancelling, setCancelling] = useState<ScheduledChangeView | null>(null);
  const queryClient = useQueryClient();
  const columns: Column<ScheduledChangeView>[] = [
    { key: 'id', header: t('col.id'), numeric: true, cell: (c) => c.id },
    {
      key: 'target',
      header: t('col.target'),
      cell: (c) => (
        <span>
          <span className="font-medium">{c.target_name}</span>
          <span className="block text-xs text-muted">{t(`kind.${c.kind}`)}</span>
        </span>
      ),
    },
    { key: 'change', header: t('col.change'), cell: (c) => <ChangeLines t={t} change={c} /> },
    { key: 'effective', header: t('col.effective'), cell: (c) => formatTime(c.effective_at) },
    { key: 'by', header: t('col.by'), cell: (c) => c.created_by },
    { key: 'reason', header: t('col.reason'), cell: (c) => c.reason },
    {
      key: 'status',
      header: t('col.status'),
      cell: (c) => (
        <span data-testid={`change-status-${c.id}`}>
          {t(`status.${c.status}`)}
          <span className="block text-xs text-muted">
            {c.status === 'applied' && t('appliedAt', { time: formatTime(c.applied_at, true) })}
            {c.status === 'cancelled' && t('cancelledBy', { by: c.cancelled_by, reason: c.cancel_reason })}
          </span>
        </span>
      ),
    },
  ];
  if (canAct) {
    columns.push({
      key: 'actions',
      header: t('col.actions'),
      cell: (c) =>
        c.status === 'pending' && (
          <Button size="sm" onClick={() => setCancelling(c)} data-testid={`cancel-change-${c.id}`}>
            {t('cancelChange')}
          </Button>
        ),
    });
  }
  return (
    <div className="flex flex-col gap-2">
      <Tabs<StatusTab>
        label={t('tab.changes')}
        className="flex flex-wrap gap-x-4 gap-y-1 border-b text-xs"
        values={STATUSES}
        active={status}
        text={(value) => t(`status.${value}`)}
        onChange={(value) => setParams({ tab: 'changes', status: value }, { replace: true })}
      />
      <QueryState query={query} isEmpty={(data) => data.data.length === 0} empty={t(`empty.${status}`)}>
        {(data) => (
          <>
            <AdminTable
              label={t('tab.changes')}
              columns={columns}
              rows={data.data}
              rowKey={(c) => c.id}
              testId="changes-table"
            />
            <AdminPager
              page={data.current_page}
              last={data.last_page}
              onPage={(next) => setParams({ tab: 'changes', status, page: String(next) })}
            />
          </>
        )}
      </QueryState>
      {cancelling && (
        <DecisionDialog
          texts={{
            title: t('cancelTitle', { id: cancelling.id }),
            confirm: t('cancelConfirm'),
            cancel: t('keep'),
            reasonLabel: t('dialog.reason'),
            reasonHint: t('cancelHint'),
          }}
          summary={<ChangeLines t={t} change={cancelling} />}
          confirmVariant="down"
          reasonRequired
          onConfirm={async (reason) => {
            await callAdmin(api.admin.changes.cancel, { id: cancelling.id, reason }, { quiet: true });
            useToasts.getState().show('success', t('status.cancelled'));
            await queryClient.invalidateQueries({ queryKey: ['admin'] });
          }}
          onClose={() => setCancelling(null)}
          testId="cancel-change-dialog"
        />
      )}
    </div>
  );
}
