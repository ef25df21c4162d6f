import { ResponseCode } from '@oex/protocol';
import DOMPurify from 'dompurify';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ApiError } from '../../api/http.js';
import { Category, noticeLink, useNewsItem, useNewsList } from '../../features/content/news.js';
import { currentLang } from '../../i18n/index.js';
import { formatDay } from '../../lib/format.js';
import { Empty, Failed, Loading, QueryState } from '../../components/ui/index.js';

function positiveInt(text: string | null): number | null {
  const value = Number(text);
  return Number.isInteger(value) && value > 0 ? value : null;
}

/**
 * The notice page: the category's articles on the left, the chosen one on the right.
 * The body is HTML from the server, sanitised before it is shown.
 */
export function NoticePage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const categoryId = positiveInt(search.get('category_id')) ?? Category.SUPPORT;
  const list = useNewsList(categoryId, 50);
  const chosen = positiveInt(search.get('id')) ?? list.data?.data[0]?.id ?? null;
  const article = useNewsItem(chosen);
  return (
    <div className="mx-auto grid max-w-6xl gap-6 py-6 md:grid-cols-[16rem_1fr]">
      <nav aria-label={t('notice.list')} className="md:border-r md:pr-4 border-line">
        <QueryState query={list} isEmpty={(page) => page.data.length === 0} empty={t('notice.none')}>
          {(page) => (
            <ul className="flex flex-col gap-1">
              {page.data.map((item) => (
                <li key={item.id}>
                  <Link
                    to={noticeLink(item)}
                    aria-current={item.id === chosen ? 'page' : undefined}
                    className={`block rounded px-2 py-1.5 ${item.id === chosen ? 'bg-panel text-accent' : 'text-ink'}`}
                  >
                    {item.title}
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </QueryState>
      </nav>
      <article className="min-w-0">
        {chosen === null ? (
          list.isPending ? (
            <Loading />
          ) : (
            <Empty text={t('notice.none')} />
          )
        ) : article.data ? (
          <>
            <h1 className="mb-1 text-2xl font-semibold">{article.data.title}</h1>
            <p className="mb-4 text-xs text-muted">
              <time dateTime={article.data.created_at.slice(0, 10)}>
                {formatDay(article.data.created_at, currentLang())}
              </time>
            </p>
            <div
              className="notice-body"
              // Sanitised: scripts, handlers and unsafe URLs are stripped before rendering.
              dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(article.data.content) }}
            />
          </>
        ) : article.error instanceof ApiError && article.error.code === ResponseCode.ERROR ? (
          // The server's own words, announced: no such article, or one the exchange withdrew.
          <div role="alert">
            <Empty text={article.error.message} />
          </div>
        ) : article.isError ? (
          <Failed onRetry={() => void article.refetch()} />
        ) : (
          <Loading />
        )}
      </article>
    </div>
  );
}
