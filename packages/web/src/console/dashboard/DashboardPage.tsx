import {
  api,
  type AdminAuditRun,
  type AdminDashboard,
  type AdminMarketFigures,
  type WalletHoldings,
} from '@oex/protocol';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../api/http.js';
import { callAdmin } from '../api.js';
import { useAdminT, type AdminT } from '../i18n.js';
import { AdminTable, formatAmount, formatTime, type Column } from '../parts.js';
import { Button, QueryState } from '../../components/ui/index.js';

const DASHBOARD = ['admin', 'admin/dashboard'];

/**
 * The console's first page (docs/operator-console.md): users, each market's last 24 hours with the market maker's
 * share stated plainly, money waiting, the last ledger audit (run on demand) and the chain check.
 */
export function DashboardPage() {
  const t = useAdminT('dashboard');
  const query = useQuery({
    queryKey: DASHBOARD,
    queryFn: () => callAdmin(api.admin.dashboard, {}, { quiet: true }),
  });
  return (
    <section className="flex flex-col gap-4" data-testid="admin-dashboard">
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <h1 className="text-lg font-semibold">{t('title')}</h1>
        {query.data && (
          <span className="text-xs text-muted">{t('asOf', { time: formatTime(query.data.at, true) })}</span>
        )}
        <Button
          size="sm"
          className="ml-auto"
          disabled={query.isFetching}
          onClick={() => void query.refetch()}
        >
          {t('refresh')}
        </Button>
      </div>
      <QueryState query={query} skeleton={{ rows: 6, rowClass: 'h-10' }}>
        {(data) => (
          <>
            <Users t={t} users={data.users} zone={data.time_zone} />
            <Markets t={t} markets={data.markets} />
            <Waiting t={t} data={data} />
            <Audit t={t} audit={data.audit} />
            <Holdings t={t} holdings={data.holdings} error={data.holdings_error} />
          </>
        )}
      </QueryState>
    </section>
  );
}

function Panel({ title, children, testId }: { title: string; children: ReactNode; testId: string }) {
  return (
    <section
      className="flex flex-col gap-2 rounded border border-line p-3"
      aria-label={title}
      data-testid={testId}
    >
      <h2 className="font-semibold">{title}</h2>
      {children}
    </section>
  );
}

function Stat({ label, value, testId }: { label: string; value: ReactNode; testId: string }) {
  return (
    <div className="flex flex-col rounded bg-panel px-3 py-2" data-testid={testId}>
      <span className="text-xs text-muted">{label}</span>
      <span className="text-lg font-semibold tabular-nums">{value}</span>
    </div>
  );
}

function Users({ t, users, zone }: { t: AdminT<'dashboard'>; users: AdminDashboard['users']; zone: string }) {
  return (
    <Panel title={t('users')} testId="dashboard-users">
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        <Stat label={t('registered')} value={users.registered} testId="stat-registered" />
        <Stat label={t('certified')} value={users.certified} testId="stat-certified" />
        <Stat label={t('activeToday', { zone })} value={users.active_today} testId="stat-active" />
        <Stat label={t('frozen')} value={users.frozen} testId="stat-frozen" />
      </div>
    </Panel>
  );
}

/** The maker's share as a number and a bar, so it reads at a glance. */
function Share({ t, share }: { t: AdminT<'dashboard'>; share: string | null }) {
  if (share === null) return <span className="text-muted">—</span>;
  return (
    <span className="inline-flex items-center gap-2">
      <span className="inline-block h-2 w-16 overflow-hidden rounded bg-panel" aria-hidden="true">
        {/* The width is the maker's share, known only at run time. */}
        <span className="block h-full bg-accent" style={{ width: `${share}%` }} />
      </span>
      <span className="tabular-nums">{t('percent', { value: share })}</span>
    </span>
  );
}

function Markets({ t, markets }: { t: AdminT<'dashboard'>; markets: AdminMarketFigures[] }) {
  const columns: Column<AdminMarketFigures>[] = [
    {
      key: 'symbol',
      header: t('col.market'),
      cell: (row) => <span className="font-medium">{row.symbol}</span>,
    },
    {
      key: 'volume',
      header: t('col.volume'),
      numeric: true,
      cell: (row) => `${formatAmount(row.volume)} ${row.base_code}`,
    },
    {
      key: 'amount',
      header: t('col.amount'),
      numeric: true,
      cell: (row) => `${formatAmount(row.amount)} ${row.quote_code}`,
    },
    { key: 'trades', header: t('col.trades'), numeric: true, cell: (row) => row.trades },
    { key: 'share', header: t('col.makerShare'), cell: (row) => <Share t={t} share={row.maker_share} /> },
    {
      key: 'house',
      header: t('col.houseOnly'),
      numeric: true,
      cell: (row) => `${formatAmount(row.house_only_volume)} ${row.base_code}`,
    },
    {
      key: 'open',
      header: t('col.openOrders'),
      numeric: true,
      cell: (row) => t('openOrders', { count: row.open_orders, maker: row.maker_open_orders }),
    },
  ];
  return (
    <Panel title={t('markets')} testId="dashboard-markets">
      <p className="text-xs text-muted">{t('makerShareHint')}</p>
      <AdminTable
        label={t('markets')}
        columns={columns}
        rows={markets}
        rowKey={(row) => row.id}
        testId="dashboard-market-table"
      />
    </Panel>
  );
}

function Waiting({ t, data }: { t: AdminT<'dashboard'>; data: AdminDashboard }) {
  const lines = (figures: AdminDashboard['deposits_pending']) =>
    figures.per_currency.length === 0 ? (
      <p className="text-muted">{t('nothingWaiting')}</p>
    ) : (
      <ul className="flex flex-col">
        {figures.per_currency.map((row) => (
          <li key={row.currency} className="flex justify-between gap-3 tabular-nums">
            <span>{row.currency}</span>
            <span>{t('countAmount', { count: row.count, amount: row.amount, currency: row.currency })}</span>
          </li>
        ))}
      </ul>
    );
  const withdrawals = data.withdrawals_pending;
  return (
    <Panel title={t('waiting')} testId="dashboard-waiting">
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="flex flex-col gap-1" data-testid="waiting-deposits">
          <h3 className="text-xs text-muted">
            {t('depositsPending', { count: data.deposits_pending.count })}
          </h3>
          {lines(data.deposits_pending)}
        </div>
        <div className="flex flex-col gap-1" data-testid="waiting-withdrawals">
          <h3 className="text-xs text-muted">{t('withdrawalsPending', { count: withdrawals.count })}</h3>
          {lines(withdrawals)}
          {withdrawals.in_review > 0 && (
            <Link to="/admin/reviews?tab=withdrawals" className="text-accent underline">
              {t('inReview', { count: withdrawals.in_review })}
            </Link>
          )}
        </div>
      </div>
    </Panel>
  );
}

function Audit({ t, audit }: { t: AdminT<'dashboard'>; audit: AdminAuditRun | null }) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const run = async () => {
    setBusy(true);
    setProblem(null);
    try {
      await callAdmin(api.admin.runAudit, {}, { quiet: true });
      await queryClient.invalidateQueries({ queryKey: DASHBOARD });
    } catch (error) {
      setProblem(error instanceof ApiError ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };
  const columns: Column<AdminAuditRun['currencies'][number]>[] = [
    { key: 'code', header: t('col.currency'), cell: (row) => row.code },
    { key: 'accounts', header: t('col.accounts'), numeric: true, cell: (row) => row.accounts },
    { key: 'users', header: t('col.usersHold'), numeric: true, cell: (row) => formatAmount(row.users) },
    { key: 'system', header: t('col.systemSide'), numeric: true, cell: (row) => formatAmount(row.system) },
    { key: 'sum', header: t('col.sum'), numeric: true, cell: (row) => formatAmount(row.sum) },
  ];
  return (
    <Panel title={t('audit')} testId="dashboard-audit">
      <div className="flex flex-wrap items-center gap-3">
        {audit === null ? (
          <span className="text-muted">{t('auditNever')}</span>
        ) : (
          <span
            className={audit.ok ? 'text-up' : 'text-down'}
            data-audit={audit.ok ? 'clean' : 'problems'}
            data-testid="audit-verdict"
          >
            {audit.ok ? `✓ ${t('auditClean')}` : `✕ ${t('auditProblems', { count: audit.problems.length })}`}
          </span>
        )}
        {audit && (
          <span className="text-xs text-muted">
            {t('auditWhen', { time: formatTime(audit.at, true), operator: audit.operator })}
          </span>
        )}
        <Button size="sm" className="ml-auto" disabled={busy} onClick={() => void run()}>
          {busy ? t('auditRunning') : t('auditRun')}
        </Button>
      </div>
      {problem && (
        <p role="alert" className="text-down">
          {problem}
        </p>
      )}
      {audit && audit.problems.length > 0 && (
        <ul className="list-disc pl-5 text-down">
          {audit.problems.map((text) => (
            <li key={text}>{text}</li>
          ))}
        </ul>
      )}
      {audit && audit.currencies.length > 0 && (
        <details>
          <summary className="cursor-pointer">{t('auditTotals')}</summary>
          <AdminTable
            label={t('auditTotals')}
            columns={columns}
            rows={audit.currencies}
            rowKey={(row) => row.code}
          />
        </details>
      )}
    </Panel>
  );
}

function Holdings({
  t,
  holdings,
  error,
}: {
  t: AdminT<'dashboard'>;
  holdings: WalletHoldings[] | null;
  error: string | null;
}) {
  const verdict = (row: WalletHoldings) =>
    row.covered === null ? (
      <span className="text-muted">{t('holdingsPartial')}</span>
    ) : row.covered ? (
      <span className="text-up">✓ {t('holdingsCovered')}</span>
    ) : (
      <span className="text-down">✕ {t('holdingsShort')}</span>
    );
  const columns: Column<WalletHoldings>[] = [
    { key: 'currency', header: t('col.currency'), cell: (row) => row.currency },
    { key: 'chain', header: t('col.onChain'), numeric: true, cell: (row) => formatAmount(row.on_chain) },
    {
      key: 'users',
      header: t('col.usersHold'),
      numeric: true,
      cell: (row) => formatAmount(row.users_balances),
    },
    { key: 'verdict', header: t('col.verdict'), cell: verdict },
    {
      key: 'networks',
      header: t('col.networks'),
      cell: (row) =>
        row.networks.map((n) => `${n.chain}${n.available ? '' : ` (${t('notConnected')})`}`).join(', '),
    },
  ];
  return (
    <Panel title={t('holdings')} testId="dashboard-holdings">
      {error !== null ? (
        <p role="alert" className="text-down">
          {t('holdingsFailed', { error })}
        </p>
      ) : !holdings || holdings.length === 0 ? (
        <p className="text-muted">{t('holdingsNone')}</p>
      ) : (
        <AdminTable label={t('holdings')} columns={columns} rows={holdings} rowKey={(row) => row.currency} />
      )}
    </Panel>
  );
}
