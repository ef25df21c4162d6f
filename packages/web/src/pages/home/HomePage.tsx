import type { MarketView, QuoteGroup } from '@oex/protocol';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { MarketTable } from '../../components/MarketTable.js';
import { Category, noticeLink, useHomeCoins, useNewsList } from '../../features/content/news.js';
import { useQuoteGroups } from '../../features/markets/quotes.js';
import { homeMarkets, sortMarkets, type SortKey } from '../../features/markets/rules.js';
import { useStableOrder } from '../../features/markets/stable-order.js';
import { useSession } from '../../features/session.js';
import { SiteFooter } from './SiteFooter.js';
import { QueryState } from '../../components/ui/index.js';

function Hero() {
  const { t } = useTranslation();
  const token = useSession((state) => state.token);
  return (
    <section className="py-10 text-center sm:py-14">
      <h1 className="mb-3 text-3xl font-semibold sm:text-4xl">{t('home.heroTitle')}</h1>
      <p className="mx-auto mb-6 max-w-2xl text-muted">{t('home.heroBody')}</p>
      <Link
        to={token ? '/trade' : '/register'}
        className="inline-block rounded px-6 py-2.5 font-medium text-white bg-accent-strong"
      >
        {token ? t('home.tradeNow') : t('home.registerNow')}
      </Link>
    </section>
  );
}

function Banners({ tableDrawn }: { tableDrawn: boolean }) {
  const { t } = useTranslation();
  const banners = useNewsList(Category.BANNERS, 4);
  // The banners wait for the market table: on a phone they sit below it, and drawn before it they
  // would stand in the first screen for a moment and be its largest paint instead of the prices.
  const items = banners.data?.data.filter((item) => item.banner) ?? [];
  // On a phone the banner comes after the market table (order-1), so prices are the first screen.
  const frame = 'order-1 mb-6 grid gap-3 sm:order-none sm:grid-cols-2 lg:grid-cols-3';
  // While the list loads, boxes of the banners' size hold their place, so nothing below jumps.
  if (banners.isPending || !tableDrawn) {
    return (
      <div aria-hidden="true" className={frame}>
        {[0, 1, 2].map((index) => (
          <div
            key={index}
            className={`aspect-[3/1] rounded-lg motion-safe:animate-pulse ${index > 0 ? 'hidden sm:block' : ''} bg-panel`}
          />
        ))}
      </div>
    );
  }
  if (items.length === 0) return null;
  return (
    <section aria-label={t('home.banners')} className={frame}>
      {items.slice(0, 3).map((item, index) => (
        // On a phone only the first banner shows, so the market table stays near the top.
        <Link
          key={item.id}
          to={noticeLink(item)}
          className={`overflow-hidden rounded-lg border ${index > 0 ? 'hidden sm:block' : 'block'} border-line`}
        >
          <div className="relative">
            {/* The first banner is the largest thing on a wide first screen: fetched first, not lazily. */}
            {/* The artwork has no words: the title over it is the article's, in the reader's language. */}
            <img
              src={item.banner!}
              alt=""
              width={900}
              height={300}
              className="aspect-[3/1] w-full object-cover"
              loading={index === 0 ? 'eager' : 'lazy'}
              fetchPriority={index === 0 ? 'high' : 'auto'}
            />
            <span
              className="absolute inset-0 flex items-center px-[6%] text-lg leading-tight font-bold text-white text-shadow-[0_1px_3px_rgb(0_0_0/45%)] sm:text-base lg:text-lg"
              data-testid="banner-title"
            >
              {item.title}
            </span>
          </div>
        </Link>
      ))}
    </section>
  );
}

function Notices() {
  const { t } = useTranslation();
  const notices = useNewsList(Category.NOTICES, 3);
  const items = notices.data?.data ?? [];
  if (!notices.isPending && items.length === 0) return null;
  return (
    <section
      aria-label={t('home.notices')}
      aria-busy={notices.isPending}
      className="mb-6 flex flex-wrap items-center gap-x-6 gap-y-1 rounded border px-3 py-2 text-sm border-line bg-panel"
    >
      <span className="font-semibold text-accent">{t('home.notices')}</span>
      {/* Placeholder lines where the titles will be, so the table below does not jump. */}
      {notices.isPending &&
        [0, 1, 2].map((index) => (
          <span
            key={index}
            aria-hidden="true"
            className="inline-block h-4 w-48 rounded motion-safe:animate-pulse bg-line"
          />
        ))}
      {items.map((item) => (
        <Link key={item.id} to={noticeLink(item)} className="truncate hover:underline">
          {item.title}
        </Link>
      ))}
    </section>
  );
}

/** The home rows, by change on load and by the user's column after a click; live values change in place. */
function TopCoinsTable({ markets }: { markets: MarketView[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // Until the user sorts, the rows stay as loaded: by change, highest first (homeMarkets).
  const [sort, setSort] = useState<{ key: SortKey; descending: boolean } | null>(null);
  const shown = sort ?? { key: 'change', descending: true };
  const rows = useStableOrder(markets, sort ? `${sort.key}:${sort.descending}` : 'load', (loaded) =>
    sort ? sortMarkets(loaded, sort.key, sort.descending) : loaded,
  );
  const onSort = (key: SortKey) =>
    setSort(
      key === shown.key ? { key, descending: !shown.descending } : { key, descending: key !== 'symbol' },
    );
  return (
    <MarketTable
      caption={t('home.topCoins')}
      markets={rows}
      sort={{ ...shown, onSort }}
      onOpen={(market, index) => void navigate(`/trade?id=${index}&match=${market.id}`)}
    />
  );
}

/** The query's state, with the table's data as drawn (deferred). */
type Groups = { data: QuoteGroup[] | undefined; isPending: boolean; isError: boolean; refetch(): unknown };

function TopCoins({ groups }: { groups: Groups }) {
  const { t } = useTranslation();
  const homeCoins = useHomeCoins();
  return (
    <section className="mb-8">
      <div className="mb-2 flex items-baseline justify-between">
        <h2 className="text-lg font-semibold">{t('home.topCoins')}</h2>
        <Link to="/markets" className="text-accent">
          {t('home.allMarkets')}
        </Link>
      </div>
      <div className="rounded-lg border px-2 border-line">
        <QueryState
          query={groups}
          isEmpty={(data) => data.length === 0}
          skeleton={{ rows: 5, rowClass: 'h-10' }}
        >
          {(data) => <TopCoinsTable markets={homeMarkets(data, homeCoins)} />}
        </QueryState>
      </div>
    </section>
  );
}

const FEATURES = ['realPrices', 'openSettlement', 'withdrawals', 'openSource'] as const;

function Features() {
  const { t } = useTranslation();
  return (
    <section
      aria-label={t('home.why')}
      className="order-2 mb-10 grid gap-3 sm:order-none sm:grid-cols-2 lg:grid-cols-4"
    >
      {FEATURES.map((key) => (
        <article key={key} className="rounded-lg border p-4 border-line bg-panel">
          <h3 className="mb-1 font-semibold">{t(`home.features.${key}.title`)}</h3>
          <p className="text-sm text-muted">{t(`home.features.${key}.body`)}</p>
        </article>
      ))}
    </section>
  );
}

/** Home: hero, banners, notices, the live top-coins table, features and the footer. */
export function HomePage() {
  const groups = useQuoteGroups();
  // The table's first draw is the longest piece of loading home: React draws it in the
  // background, in slices that never block a tap for long (a deferred value).
  const data = useDeferredValue(groups.data);
  return (
    <>
      <div className="mx-auto flex max-w-6xl flex-col">
        <Hero />
        <Banners tableDrawn={data !== undefined} />
        <Notices />
        <TopCoins groups={{ ...groups, data }} />
        <Features />
      </div>
      <SiteFooter />
    </>
  );
}
