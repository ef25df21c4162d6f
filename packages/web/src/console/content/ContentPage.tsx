import { api, LANGS, type AdminArticleRow, type ArticleStatus } from '@oex/protocol';
import { useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { LANGUAGE_NAMES } from '../../i18n/tags.js';
import { useAdminT, type AdminT, type ConsoleKey, type KeysUnder } from '../i18n.js';
import { AdminTable, fieldColours, formatTime, useAdminPage, type Column, AdminPager } from '../parts.js';
import { useCan } from '../session.js';
import { CATEGORY_TABS, categoryOf, StatusBadge } from './parts.js';
import { primaryClass, QueryState, Tabs } from '../../components/ui/index.js';

const STATUSES: readonly ArticleStatus[] = ['published', 'withdrawn'];

/**
 * The console's articles (docs/operator-console.md), one category at a time in the order the public sees them:
 * which languages each has, whether it is published or withdrawn, and a way into its editor.
 */
export function ContentPage() {
  const t = useAdminT('content');
  const canEdit = useCan('content');
  const statusId = useId();
  const [params, setParams] = useSearchParams();
  const category = categoryOf(params.get('category'));
  // categoryOf answers one of the tabs, each named in the catalogue (`cat.<id>`).
  const nameOf = (value: number) => t(`cat.${String(value) as KeysUnder<ConsoleKey<'content'>, 'cat.'>}`);
  const categoryName = nameOf(category);
  const status = STATUSES.find((value) => value === params.get('status'));
  const page = Math.max(1, Number(params.get('page')) || 1);
  const query = useAdminPage(api.admin.content.articles, { category, status, page });
  const show = (next: { category?: number; status?: ArticleStatus | undefined; page?: number }) => {
    const merged = { category, status, page: 1, ...next };
    setParams(
      Object.fromEntries(
        Object.entries(merged)
          .filter(([, value]) => value !== undefined && value !== 1)
          .map(([key, value]) => [key, String(value)]),
      ),
      { replace: true },
    );
  };
  const columns: Column<AdminArticleRow>[] = [
    { key: 'id', header: t('col.id'), cell: (row) => row.id, numeric: true },
    { key: 'title', header: t('col.title'), cell: (row) => <span className="break-words">{row.title}</span> },
    { key: 'langs', header: t('col.langs'), cell: (row) => <Languages t={t} own={row.langs} /> },
    { key: 'sort', header: t('col.sort'), cell: (row) => row.sort, numeric: true },
    { key: 'status', header: t('col.status'), cell: (row) => <StatusBadge t={t} status={row.status} /> },
    {
      key: 'changed',
      header: t('col.changed'),
      cell: (row) => (
        <span className="whitespace-nowrap tabular-nums">
          {formatTime(row.withdrawn_at ?? row.updated_at ?? row.created_at)}
        </span>
      ),
    },
    {
      key: 'open',
      header: '',
      cell: (row) => (
        <Link
          to={`/admin/content/${row.id}`}
          className="inline-block rounded border border-line px-2 py-0.5"
          aria-label={`${canEdit ? t('edit') : t('view')} #${row.id}`}
        >
          {canEdit ? t('edit') : t('view')}
        </Link>
      ),
    },
  ];
  return (
    <section className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-lg font-semibold">{t('title')}</h1>
        {canEdit && (
          <Link
            to={`/admin/content/new?category=${category}`}
            className={`${primaryClass} ml-auto`}
            data-testid="content-new"
          >
            {t('new')}
          </Link>
        )}
      </div>
      <p className="text-muted">{t('intro')}</p>
      {!canEdit && (
        <p className="text-xs text-muted" data-testid="content-read-only">
          {t('readOnly')}
        </p>
      )}
      <div className="flex flex-wrap items-end gap-x-4 gap-y-2 border-b border-line">
        <Tabs<number>
          label={t('title')}
          className="flex flex-wrap gap-x-4 gap-y-1"
          values={CATEGORY_TABS}
          active={category}
          text={nameOf}
          onChange={(value) => show({ category: value, status })}
        />
        <label htmlFor={statusId} className="mb-1 ml-auto flex items-center gap-2">
          <span className="text-muted">{t('filter.status')}</span>
          <select
            id={statusId}
            className={`rounded border px-1 py-0.5 ${fieldColours}`}
            value={status ?? ''}
            onChange={(event) => show({ status: STATUSES.find((value) => value === event.target.value) })}
          >
            <option value="">{t('status.all')}</option>
            {STATUSES.map((value) => (
              <option key={value} value={value}>
                {t(`status.${value}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div role="tabpanel" aria-label={categoryName} data-testid="content-list">
        <QueryState query={query} isEmpty={(data) => data.data.length === 0} empty={t('empty')}>
          {(data) => (
            <>
              <AdminTable
                label={categoryName}
                columns={columns}
                rows={data.data}
                rowKey={(row) => row.id}
                testId="content-table"
              />
              <AdminPager
                page={data.current_page}
                last={data.last_page}
                onPage={(next) => show({ page: next })}
              />
            </>
          )}
        </QueryState>
      </div>
    </section>
  );
}

/** The seven languages as short codes: bold where the article has its own text, faint where English stands in. */
function Languages({ t, own }: { t: AdminT<'content'>; own: readonly string[] }) {
  return (
    <span className="flex flex-wrap gap-1">
      {LANGS.map((lang) => {
        const has = own.includes(lang);
        const name = LANGUAGE_NAMES[lang];
        const label = (own: boolean, language: string) =>
          own ? t('langs.own', { lang: language }) : t('langs.english', { lang: language });
        return (
          <span
            key={lang}
            title={label(has, name)}
            className={`rounded px-1 text-xs uppercase ${has ? 'bg-panel font-semibold text-ink' : 'text-muted line-through'}`}
          >
            <span aria-hidden="true">{lang}</span>
            <span className="sr-only">{label(has, name)}</span>
          </span>
        );
      })}
    </span>
  );
}
