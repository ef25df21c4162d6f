import { api, type AdminUserRow } from '@oex/protocol';
import { useId, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useAdminT, type AdminT } from '../i18n.js';
import { AdminTable, fieldColours, useAdminPage, type Column, AdminPager } from '../parts.js';
import { Button, QueryState } from '../../components/ui/index.js';

/** Users (docs/operator-console.md): search by id, email, phone or invite code; a row opens the user's page. */
export function UsersPage() {
  const t = useAdminT('users');
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const query = useAdminPage(api.admin.users.search, { q: q || undefined, page });
  const columns: Column<AdminUserRow>[] = [
    {
      key: 'id',
      header: t('col.id'),
      cell: (row) => (
        <Link to={`/admin/users/${row.id}`} className="text-accent tabular-nums underline">
          #{row.id}
        </Link>
      ),
    },
    {
      key: 'account',
      header: t('col.account'),
      cell: (row) => <span className="break-all">{contactOf(row)}</span>,
    },
    {
      key: 'invite',
      header: t('col.invite'),
      cell: (row) => <span className="font-mono">{row.invite_code}</span>,
    },
    { key: 'identity', header: t('col.identity'), cell: (row) => t(`identity.${row.review_status}`) },
    { key: 'state', header: t('col.state'), cell: (row) => <UserBadges t={t} user={row} /> },
    {
      key: 'created',
      header: t('col.registered'),
      cell: (row) => <span className="whitespace-nowrap">{row.created_at}</span>,
    },
  ];
  return (
    <section className="flex flex-col gap-3">
      <h1 className="text-lg font-semibold">{t('title')}</h1>
      <Search t={t} initial={q} onSearch={(text) => setParams(text ? { q: text } : {})} />
      <QueryState
        query={query}
        isEmpty={(data) => data.data.length === 0}
        empty={q ? t('noMatch', { q }) : t('empty')}
      >
        {(data) => (
          <>
            <p className="text-xs text-muted" data-testid="users-total">
              {t('found', { count: data.total })}
            </p>
            <AdminTable
              label={t('title')}
              columns={columns}
              rows={data.data}
              rowKey={(row) => row.id}
              testId="users-table"
            />
            <AdminPager
              page={data.current_page}
              last={data.last_page}
              onPage={(next) => setParams({ ...(q ? { q } : {}), page: String(next) })}
            />
          </>
        )}
      </QueryState>
    </section>
  );
}

function Search({
  t,
  initial,
  onSearch,
}: {
  t: AdminT<'users'>;
  initial: string;
  onSearch(text: string): void;
}) {
  const id = useId();
  const [text, setText] = useState(initial);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text.trim());
  };
  return (
    <form role="search" onSubmit={submit} className="flex flex-wrap items-end gap-2">
      <div className="flex min-w-0 flex-1 flex-col gap-1 sm:max-w-md">
        <label htmlFor={id}>{t('search')}</label>
        <input
          id={id}
          type="search"
          className={`rounded border px-2 py-1 ${fieldColours}`}
          placeholder={t('searchHint')}
          value={text}
          maxLength={100}
          onChange={(event) => setText(event.target.value)}
        />
      </div>
      <Button size="sm" type="submit">
        {t('searchButton')}
      </Button>
    </form>
  );
}

/** Email, else the phone with its area code. */
export function contactOf(user: Pick<AdminUserRow, 'email' | 'mobile' | 'area_code'>): string {
  if (user.email) return user.email;
  if (user.mobile) return `+${user.area_code ?? ''} ${user.mobile}`;
  return '—';
}

/** Frozen (red) and the exchange's own liquidity accounts, as short badges. */
export function UserBadges({
  t,
  user,
}: {
  t: AdminT<'users'>;
  user: Pick<AdminUserRow, 'frozen' | 'is_system'>;
}) {
  if (!user.frozen && !user.is_system) return <span className="text-muted">{t('active')}</span>;
  return (
    <span className="flex flex-wrap gap-1">
      {user.frozen && (
        <span className="rounded border border-down px-1.5 text-xs font-medium text-down" data-badge="frozen">
          {t('frozen')}
        </span>
      )}
      {user.is_system && (
        <span className="rounded border border-line px-1.5 text-xs" data-badge="liquidity">
          {t('liquidity')}
        </span>
      )}
    </span>
  );
}
