import { api, type OperatorLogEntry } from '@oex/protocol';
import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { callAdmin } from '../api.js';
import { useAdminT, type AdminT } from '../i18n.js';
import { AdminTable, fieldColours, formatTime, useAdminPage, type Column, AdminPager } from '../parts.js';
import { diffValues, type Change } from './diff.js';
import { Button, QueryState } from '../../components/ui/index.js';

const PER_PAGE = 50;

/**
 * The operator log (docs/operator-console.md): every admin action, newest first, filtered by operator or action;
 * the chain's state and head hash on top; a row opens to its request and its before/after.
 */
export function LogPage() {
  const t = useAdminT('log');
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const operator = params.get('operator') ?? '';
  const action = params.get('action') ?? '';
  const [open, setOpen] = useState<number | null>(null);
  const query = useAdminPage(api.admin.log.list, {
    page,
    per_page: PER_PAGE,
    operator: operator || undefined,
    action: action || undefined,
  });
  const show = (next: { page?: number; operator?: string; action?: string }) => {
    const merged = { page: String(next.page ?? 1), operator, action, ...next };
    setParams(
      Object.fromEntries(
        Object.entries({ ...merged, page: String(merged.page) }).filter(([, value]) => value !== ''),
      ),
    );
  };
  const columns: Column<OperatorLogEntry>[] = [
    { key: 'id', header: t('col.id'), cell: (row) => row.id },
    {
      key: 'at',
      header: t('col.at'),
      cell: (row) => <span className="whitespace-nowrap tabular-nums">{formatTime(row.at, true)}</span>,
    },
    { key: 'operator', header: t('col.operator'), cell: (row) => row.operator },
    { key: 'ip', header: t('col.ip'), cell: (row) => <span className="font-mono text-xs">{row.ip}</span> },
    {
      key: 'action',
      header: t('col.action'),
      cell: (row) => <span className="font-mono text-xs">{row.action}</span>,
    },
    { key: 'target', header: t('col.target'), cell: (row) => row.target || '—' },
    { key: 'reason', header: t('col.reason'), cell: (row) => row.reason || '—' },
    { key: 'outcome', header: t('col.outcome'), cell: (row) => <Outcome t={t} outcome={row.outcome} /> },
    {
      key: 'open',
      header: '',
      cell: (row) => (
        <Button
          size="sm"
          aria-expanded={open === row.id}
          onClick={() => setOpen(open === row.id ? null : row.id)}
        >
          {open === row.id ? t('hide') : t('details')}
        </Button>
      ),
    },
  ];
  return (
    <section className="flex flex-col gap-3">
      <h1 className="text-lg font-semibold">{t('title')}</h1>
      <ChainStatus t={t} />
      <Filters t={t} operator={operator} action={action} onApply={(next) => show(next)} />
      <QueryState query={query} isEmpty={(data) => data.data.length === 0} empty={t('empty')}>
        {(data) => (
          <>
            <AdminTable
              label={t('title')}
              columns={columns}
              rows={data.data}
              rowKey={(row) => row.id}
              selected={open}
              expanded={(row) => (open === row.id ? <EntryDetail t={t} entry={row} /> : null)}
              testId="operator-log"
            />
            <AdminPager
              page={data.current_page}
              last={data.last_page}
              onPage={(next) => show({ page: next })}
            />
          </>
        )}
      </QueryState>
    </section>
  );
}

function Outcome({ t, outcome }: { t: AdminT<'log'>; outcome: string }) {
  const done = outcome === 'ok';
  return (
    <span className={done ? 'text-up' : 'text-down'} data-outcome={done ? 'ok' : 'refused'}>
      {done ? `✓ ${t('ok')}` : `✕ ${outcome}`}
    </span>
  );
}

/** Whether the hash chain holds from the first entry to the head, asked again on demand. */
function ChainStatus({ t }: { t: AdminT<'log'> }) {
  const check = useQuery({
    queryKey: ['admin', api.admin.log.verify.path],
    queryFn: () => callAdmin(api.admin.log.verify, {}, { quiet: true }),
  });
  const data = check.data;
  const broken = data && !data.ok;
  return (
    <div
      className={`flex flex-wrap items-center gap-x-4 gap-y-1 rounded border bg-panel px-3 py-2 ${broken ? 'border-down' : 'border-line'}`}
      role="status"
      data-testid="chain-status"
      data-ok={data ? String(data.ok) : undefined}
    >
      {!data ? (
        <span className="text-muted">{check.isError ? t('chain.failed') : t('chain.checking')}</span>
      ) : data.ok ? (
        <span className="font-medium text-up">✓ {t('chain.ok', { entries: data.entries })}</span>
      ) : (
        <span className="font-medium text-down">
          ✕ {t('chain.broken', { id: data.broken_at ?? '?', problem: data.problem ?? '' })}
        </span>
      )}
      {data?.head && (
        <span className="min-w-0 break-all">
          <span className="text-muted">{t('chain.head', { id: data.head.id })} </span>
          <code className="text-xs" data-testid="chain-head">
            {data.head.hash}
          </code>
        </span>
      )}
      <Button size="sm" className="ml-auto" disabled={check.isFetching} onClick={() => void check.refetch()}>
        {t('chain.again')}
      </Button>
    </div>
  );
}

function Filters({
  t,
  operator,
  action,
  onApply,
}: {
  t: AdminT<'log'>;
  operator: string;
  action: string;
  onApply(next: { operator: string; action: string }): void;
}) {
  const [name, setName] = useState(operator);
  const [route, setRoute] = useState(action);
  const id = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply({ operator: name.trim().toLowerCase(), action: route.trim() });
  };
  return (
    <form className="flex flex-wrap items-end gap-2" onSubmit={submit} role="search">
      <label className="flex flex-col gap-0.5" htmlFor={`${id}-operator`}>
        <span className="text-xs text-muted">{t('col.operator')}</span>
        <input
          id={`${id}-operator`}
          className={`w-36 rounded border px-2 py-0.5 ${fieldColours}`}
          value={name}
          onChange={(event) => setName(event.target.value)}
        />
      </label>
      <label className="flex flex-col gap-0.5" htmlFor={`${id}-action`}>
        <span className="text-xs text-muted">{t('col.action')}</span>
        <input
          id={`${id}-action`}
          className={`w-48 rounded border px-2 py-0.5 ${fieldColours}`}
          placeholder={t('actionHint')}
          value={route}
          onChange={(event) => setRoute(event.target.value)}
        />
      </label>
      <Button size="sm" type="submit">
        {t('filter')}
      </Button>
      {(operator || action) && (
        <Button
          size="sm"
          onClick={() => {
            setName('');
            setRoute('');
            onApply({ operator: '', action: '' });
          }}
        >
          {t('clear')}
        </Button>
      )}
    </form>
  );
}

const CHANGE_CLASS: Record<Change, string> = {
  same: '',
  changed: 'text-warn',
  added: 'text-up',
  removed: 'text-down',
};
const CHANGE_MARK: Record<Change, string> = { same: ' ', changed: '~', added: '+', removed: '−' };

/** One entry opened: its before/after line by line, the request as sent, and its two hashes. */
function EntryDetail({ t, entry }: { t: AdminT<'log'>; entry: OperatorLogEntry }) {
  const lines = diffValues(entry.before, entry.after);
  return (
    <div className="flex flex-col gap-2 text-xs" data-testid="log-entry-detail">
      <div className="overflow-x-auto">
        <table className="w-full border-collapse font-mono">
          <caption className="text-left font-sans font-medium">{t('diff.title')}</caption>
          <thead>
            <tr className="text-muted">
              <th scope="col" className="w-4 px-1 text-left font-normal">
                <span className="sr-only">{t('diff.change')}</span>
              </th>
              <th scope="col" className="px-1 text-left font-normal">
                {t('diff.path')}
              </th>
              <th scope="col" className="px-1 text-left font-normal">
                {t('diff.before')}
              </th>
              <th scope="col" className="px-1 text-left font-normal">
                {t('diff.after')}
              </th>
            </tr>
          </thead>
          <tbody>
            {lines.length === 0 && (
              <tr>
                <td colSpan={4} className="px-1 font-sans text-muted">
                  {t('diff.none')}
                </td>
              </tr>
            )}
            {lines.map((line) => (
              <tr key={line.path} data-change={line.change}>
                <td className={`px-1 ${CHANGE_CLASS[line.change]}`} title={t(`diff.${line.change}`)}>
                  <span aria-hidden="true">{CHANGE_MARK[line.change]}</span>
                  <span className="sr-only">{t(`diff.${line.change}`)}</span>
                </td>
                <td className="px-1 break-all">{line.path}</td>
                <td className={`px-1 break-all ${line.change === 'same' ? 'text-muted' : ''}`}>
                  {line.before ?? ''}
                </td>
                <td className={`px-1 break-all ${CHANGE_CLASS[line.change]}`}>{line.after ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <details>
        <summary className="cursor-pointer">{t('request')}</summary>
        <pre className="overflow-x-auto rounded border border-line p-2">
          {JSON.stringify(entry.request, null, 2)}
        </pre>
      </details>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 font-mono">
        <dt className="font-sans text-muted">{t('prevHash')}</dt>
        <dd className="break-all">{entry.prev_hash}</dd>
        <dt className="font-sans text-muted">{t('hash')}</dt>
        <dd className="break-all">{entry.hash}</dd>
      </dl>
    </div>
  );
}
