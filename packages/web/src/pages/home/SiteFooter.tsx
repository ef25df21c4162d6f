import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Category, noticeLink, useNewsList, useSettings } from '../../features/content/news.js';
import type { TextKey } from '../../i18n/catalogs.js';

/** Three titles per column. */
const PER_COLUMN = 3;

const COLUMNS = [
  [Category.ABOUT, 'home.footer.about'],
  [Category.SUPPORT, 'home.footer.support'],
  [Category.NEWS, 'home.footer.news'],
] as const;

function Column({ categoryId, title }: { categoryId: number; title: TextKey }) {
  const { t } = useTranslation();
  const list = useNewsList(categoryId, PER_COLUMN);
  return (
    <nav aria-label={t(title)}>
      <h2 className="mb-2 font-semibold">{t(title)}</h2>
      <ul className="flex flex-col gap-1">
        {(list.data?.data ?? []).slice(0, PER_COLUMN).map((item) => (
          <li key={item.id}>
            <Link to={noticeLink(item)} className="hover:underline text-muted">
              {item.title}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The home footer: the first titles of categories 5, 4 and 6, and the contact settings. */
export function SiteFooter() {
  const { t } = useTranslation();
  const settings = useSettings();
  const phone = settings.data?.contact_mobile;
  const email = settings.data?.contact_email;
  return (
    <div className="-mx-3 border-t px-3 py-8 border-line bg-panel">
      <div className="mx-auto grid max-w-6xl gap-6 text-sm sm:grid-cols-4">
        {COLUMNS.map(([categoryId, title]) => (
          <Column key={categoryId} categoryId={categoryId} title={title} />
        ))}
        <div>
          <h2 className="mb-2 font-semibold">{t('home.footer.contact')}</h2>
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
            {phone && (
              <>
                <dt className="text-muted">{t('home.footer.phone')}</dt>
                <dd>
                  <a href={`tel:${phone.replace(/\s/g, '')}`}>{phone}</a>
                </dd>
              </>
            )}
            {email && (
              <>
                <dt className="text-muted">{t('home.footer.email')}</dt>
                <dd>
                  <a href={`mailto:${email}`}>{email}</a>
                </dd>
              </>
            )}
          </dl>
        </div>
      </div>
    </div>
  );
}
