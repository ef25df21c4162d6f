import {
  api,
  BANNER_CATEGORY,
  CONTENT_CATEGORIES,
  CONTENT_IMAGE_PATH,
  LANGS,
  type AdminArticle,
  type ArticleSaveRequest,
  type ArticleText,
  type ContentImage,
  type Lang,
} from '@oex/protocol';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import DOMPurify from 'dompurify';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { ApiError } from '../../api/http.js';
import { LANGUAGE_NAMES, LOCALE_OF } from '../../i18n/tags.js';
import { callAdmin, uploadAdmin } from '../api.js';
import { useAdminT, type AdminT } from '../i18n.js';
import { DecisionDialog, fieldColours, formatTime, ProtectedImage, useAction } from '../parts.js';
import { useCan } from '../session.js';
import { categoryOf, StatusBadge } from './parts.js';
import { RichText } from './RichText.js';
import { Button, DialogButtons, Failed, Loading, ProblemLine, Tabs } from '../../components/ui/index.js';
import { Dialog, type DialogHandle } from '../../components/ui/index.js';

type Texts = Partial<Record<Lang, ArticleText>>;

const articleKey = (id: number) => ['admin', 'content-article', id];

/** Whether an HTML body shows any text or picture (what the server will also ask). */
function hasBody(html: string): boolean {
  if (/<img\s/i.test(html)) return true;
  const text = new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '';
  return text.replace(/\u00a0/g, ' ').trim() !== '';
}

/** The languages to send: English always, the others only where something was written. */
function textsToSend(texts: Texts): Texts {
  return Object.fromEntries(
    LANGS.flatMap((lang) => {
      const text = texts[lang];
      if (!text) return [];
      if (lang !== 'en' && text.title.trim() === '' && !hasBody(text.content)) return [];
      return [[lang, { title: text.title.trim(), content: text.content }]];
    }),
  );
}

/** What stops a preview before the server is asked, in the operator's words. */
function firstProblem(
  t: AdminT<'content'>,
  texts: Texts,
  category: number,
  banner: string | null,
): string | null {
  const en = texts.en;
  if (!en || en.title.trim() === '' || !hasBody(en.content)) return t('check.english');
  for (const lang of LANGS) {
    const text = texts[lang];
    if (lang !== 'en' && text && text.title.trim() === '' && hasBody(text.content)) {
      return t('check.title', { lang: LANGUAGE_NAMES[lang] });
    }
  }
  if (category === BANNER_CATEGORY && !banner) return t('banner.required');
  return null;
}

/**
 * One article's editor (`/admin/content/:id`, or `new`): category, order, banner, and a tab per
 * language with its title and body. "Preview" asks the server for the sanitised text and shows it
 * as readers will see it; publishing is confirmed there. An existing article can be withdrawn or
 * published again, with a reason.
 */
export function ArticlePage() {
  const t = useAdminT('content');
  const { id: param } = useParams();
  const [search] = useSearchParams();
  const id = param === 'new' ? null : Number(param);
  const valid = id === null || (Number.isInteger(id) && id > 0);
  const article = useQuery({
    queryKey: articleKey(id ?? 0),
    queryFn: () => callAdmin(api.admin.content.article, { id: id! }, { quiet: true }),
    enabled: id !== null && valid,
    retry: false,
  });
  if (!valid) return <NotFound t={t} />;
  if (id === null)
    return <Editor key="new" t={t} initial={null} category={categoryOf(search.get('category'))} />;
  if (article.data)
    return <Editor key={`${id}`} t={t} initial={article.data} category={article.data.category_id} />;
  if (article.error instanceof ApiError && article.error.code === 0) return <NotFound t={t} />;
  if (article.isError) return <Failed onRetry={() => void article.refetch()} />;
  return <Loading />;
}

function NotFound({ t }: { t: AdminT<'content'> }) {
  return (
    <section className="flex flex-col gap-2 py-4">
      <p className="text-muted">{t('notFound')}</p>
      <Link to="/admin/content" className="text-accent underline">
        {t('back')}
      </Link>
    </section>
  );
}

function Editor({
  t,
  initial,
  category: firstCategory,
}: {
  t: AdminT<'content'>;
  initial: AdminArticle | null;
  category: number;
}) {
  const canEdit = useCan('content');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const ids = { category: useId(), sort: useId(), sortHint: useId(), bodyNote: useId() };
  const [category, setCategory] = useState(firstCategory);
  const [sort, setSort] = useState(String(initial?.sort ?? 0));
  // undefined keeps the article's banner; null removes it; a number is a new upload.
  const [bannerUpload, setBannerUpload] = useState<number | null | undefined>(undefined);
  const [banner, setBanner] = useState<string | null>(initial?.banner ?? null);
  const [texts, setTexts] = useState<Texts>(initial?.texts ?? { en: { title: '', content: '' } });
  const [lang, setLang] = useState<Lang>('en');
  const [problem, setProblem] = useState<string | null>(null);
  const [previewing, setPreviewing] = useState<Texts | null>(null);
  const [deciding, setDeciding] = useState<'withdraw' | 'restore' | null>(null);

  const setText = (code: Lang, text: ArticleText | undefined) =>
    setTexts((all) => ({ ...all, [code]: text }));
  const current = texts[lang];
  const sortNumber = Number(sort);
  const sortValid = /^\d{1,4}$/.test(sort.trim()) && sortNumber <= 9999;

  const openPreview = () => {
    const blocker = sortValid ? firstProblem(t, texts, category, banner) : t('sort.hint');
    setProblem(blocker);
    if (!blocker) setPreviewing(textsToSend(texts));
  };

  const saved = (next: AdminArticle) => {
    queryClient.setQueryData(articleKey(next.id), next);
    void queryClient.invalidateQueries({ queryKey: ['admin', 'admin/content/articles'] });
    if (!initial) void navigate(`/admin/content/${next.id}`, { replace: true });
  };

  return (
    <section className="flex max-w-4xl flex-col gap-3" data-testid="content-editor">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Link to={`/admin/content?category=${category}`} className="text-accent underline">
          {t('back')}
        </Link>
        <h1 className="text-lg font-semibold">
          {initial ? t('editor.edit', { id: initial.id }) : t('editor.new')}
        </h1>
        {initial && <StatusBadge t={t} status={initial.status} />}
      </div>
      {initial && <StatusLines t={t} article={initial} />}

      <div className="flex flex-wrap gap-3">
        <label htmlFor={ids.category} className="flex flex-col gap-0.5">
          <span>{t('category')}</span>
          <select
            id={ids.category}
            className={`rounded border px-2 py-1 ${fieldColours}`}
            value={category}
            disabled={!canEdit}
            onChange={(event) => setCategory(Number(event.target.value))}
          >
            {CONTENT_CATEGORIES.map((value) => (
              <option key={value} value={value}>
                {t(`cat.${value}`)}
              </option>
            ))}
          </select>
        </label>
        <label htmlFor={ids.sort} className="flex flex-col gap-0.5">
          <span>{t('sort')}</span>
          <input
            id={ids.sort}
            inputMode="numeric"
            className={`w-24 rounded border px-2 py-1 tabular-nums ${fieldColours}`}
            value={sort}
            disabled={!canEdit}
            aria-invalid={!sortValid}
            aria-describedby={ids.sortHint}
            onChange={(event) => setSort(event.target.value)}
          />
          <span id={ids.sortHint} className={`text-xs ${sortValid ? 'text-muted' : 'text-down'}`}>
            {t('sort.hint')}
          </span>
        </label>
      </div>

      <BannerField
        t={t}
        banner={banner}
        canEdit={canEdit}
        required={category === BANNER_CATEGORY}
        onUploaded={(image) => {
          setBannerUpload(image.id);
          setBanner(image.url);
        }}
        onRemove={() => {
          setBannerUpload(null);
          setBanner(null);
        }}
      />

      <LanguageTabs t={t} texts={texts} active={lang} onChange={setLang} />
      <div
        role="tabpanel"
        id={`content-lang-${lang}`}
        aria-label={LANGUAGE_NAMES[lang]}
        className="flex flex-col gap-2"
      >
        {current ? (
          <TextFields
            key={lang}
            t={t}
            lang={lang}
            text={current}
            readOnly={!canEdit}
            bodyNoteId={ids.bodyNote}
            onChange={(text) => setText(lang, text)}
            onRemove={lang === 'en' ? undefined : () => setText(lang, undefined)}
          />
        ) : (
          <div className="flex flex-wrap items-center gap-3 py-2">
            <p className="text-muted">{t('lang.fallback', { lang: LANGUAGE_NAMES[lang] })}</p>
            {canEdit && (
              <Button size="sm" onClick={() => setText(lang, { title: '', content: '' })}>
                {t('lang.add', { lang: LANGUAGE_NAMES[lang] })}
              </Button>
            )}
          </div>
        )}
        <p id={ids.bodyNote} className="text-xs text-muted">
          {t('body.note')}
        </p>
      </div>

      <ProblemLine text={problem} testId="content-problem" />
      {canEdit && (
        <div className="flex flex-wrap justify-end gap-2 border-t border-line pt-3">
          {initial?.status === 'published' && (
            <Button
              variant="bare"
              className="rounded border border-down px-3 py-1.5 text-down"
              onClick={() => setDeciding('withdraw')}
            >
              {t('withdraw')}
            </Button>
          )}
          {initial?.status === 'withdrawn' && (
            <Button size="fit" className="px-3 py-1.5" onClick={() => setDeciding('restore')}>
              {t('restore')}
            </Button>
          )}
          <Button variant="primary" onClick={openPreview} data-testid="content-preview">
            {initial?.status === 'withdrawn' ? t('preview.save') : t('preview')}
          </Button>
        </div>
      )}

      {initial && <History t={t} article={initial} />}

      {previewing && (
        <PreviewDialog
          t={t}
          texts={previewing}
          withdrawn={initial?.status === 'withdrawn'}
          editing={initial !== null}
          onClose={() => setPreviewing(null)}
          onConfirm={async (reason) => {
            const body: ArticleSaveRequest = {
              ...(initial ? { id: initial.id } : {}),
              category_id: category,
              sort: sortNumber,
              ...(bannerUpload !== undefined ? { banner_upload_id: bannerUpload } : {}),
              texts: previewing as ArticleSaveRequest['texts'],
              ...(reason ? { reason } : {}),
            };
            saved(await callAdmin(api.admin.content.save, body));
          }}
        />
      )}
      {deciding && initial && (
        <DecisionDialog
          texts={{
            title: t(`${deciding}.title`),
            confirm: t(`${deciding}.confirm`),
            cancel: t('cancel'),
            reasonLabel: t('reason.required'),
            reasonHint: deciding === 'withdraw' ? t('withdraw.hint') : undefined,
          }}
          summary={<p className="font-medium">{initial.texts.en?.title}</p>}
          confirmVariant={deciding === 'withdraw' ? 'down' : 'primary'}
          reasonRequired
          onConfirm={async (reason) =>
            saved(await callAdmin(api.admin.content[deciding], { id: initial.id, reason }))
          }
          onClose={() => setDeciding(null)}
          testId={`content-${deciding}`}
        />
      )}
    </section>
  );
}

function StatusLines({ t, article }: { t: AdminT<'content'>; article: AdminArticle }) {
  const lines = [
    article.updated_at !== null
      ? t('updated.line', {
          created: formatTime(article.created_at),
          at: formatTime(article.updated_at),
          by: article.updated_by ?? '—',
        })
      : t('created.line', { created: formatTime(article.created_at) }),
  ];
  if (article.status === 'withdrawn') {
    lines.push(
      t('withdrawn.line', {
        at: formatTime(article.withdrawn_at),
        by: article.withdrawn_by ?? '—',
        reason: article.withdraw_reason ?? '—',
      }),
    );
  }
  return (
    <div className="text-xs text-muted">
      {lines.map((line) => (
        <p key={line}>{line}</p>
      ))}
    </div>
  );
}

/** The seven languages as tabs; a dot marks the ones with their own text. */
function LanguageTabs({
  t,
  texts,
  active,
  onChange,
}: {
  t: AdminT<'content'>;
  texts: Texts;
  active: Lang;
  onChange(lang: Lang): void;
}) {
  const refs = useRef<Partial<Record<Lang, HTMLButtonElement | null>>>({});
  // Arrow keys move between the tabs, as in any tab list.
  const move = (from: Lang, step: number) => {
    const next = LANGS[(LANGS.indexOf(from) + step + LANGS.length) % LANGS.length]!;
    onChange(next);
    refs.current[next]?.focus();
  };
  return (
    <div
      role="tablist"
      aria-label={t('lang.tabs')}
      className="flex flex-wrap gap-x-3 gap-y-1 border-b border-line"
    >
      {LANGS.map((lang) => {
        const has = texts[lang] !== undefined;
        return (
          <Button
            variant="bare"
            key={lang}
            ref={(element) => {
              refs.current[lang] = element;
            }}
            role="tab"
            aria-selected={active === lang}
            aria-controls={`content-lang-${lang}`}
            tabIndex={active === lang ? 0 : -1}
            className={`-mb-px flex items-center gap-1 border-b-2 pb-1 ${active === lang ? 'border-accent' : 'border-transparent'}`}
            onClick={() => onChange(lang)}
            onKeyDown={(event) => {
              if (event.key === 'ArrowRight') move(lang, 1);
              if (event.key === 'ArrowLeft') move(lang, -1);
            }}
            data-testid={`content-lang-${lang}`}
          >
            <span
              aria-hidden="true"
              className={`inline-block h-1.5 w-1.5 rounded-full ${has ? 'bg-up' : 'bg-line'}`}
            />
            {lang === 'en' ? t('lang.required', { lang: LANGUAGE_NAMES[lang] }) : LANGUAGE_NAMES[lang]}
            <span className="sr-only">
              {has
                ? t('langs.own', { lang: LANGUAGE_NAMES[lang] })
                : t('langs.english', { lang: LANGUAGE_NAMES[lang] })}
            </span>
          </Button>
        );
      })}
    </div>
  );
}

function TextFields({
  t,
  lang,
  text,
  readOnly,
  bodyNoteId,
  onChange,
  onRemove,
}: {
  t: AdminT<'content'>;
  lang: Lang;
  text: ArticleText;
  readOnly: boolean;
  bodyNoteId: string;
  onChange(text: ArticleText): void;
  onRemove?: () => void;
}) {
  const titleId = useId();
  const bodyLabelId = useId();
  return (
    <>
      <label htmlFor={titleId} className="flex flex-col gap-0.5">
        <span>{t('field.title')}</span>
        <input
          id={titleId}
          lang={LOCALE_OF[lang]}
          className={`w-full rounded border px-2 py-1 ${fieldColours}`}
          maxLength={200}
          value={text.title}
          readOnly={readOnly}
          onChange={(event) => onChange({ ...text, title: event.target.value })}
          data-testid="content-title"
        />
      </label>
      <span id={bodyLabelId}>{t('field.body')}</span>
      <RichText
        t={t}
        value={text.content}
        onChange={(content) => onChange({ ...text, content })}
        labelId={bodyLabelId}
        describedBy={bodyNoteId}
        readOnly={readOnly}
        testId="content-body"
      />
      {onRemove && !readOnly && (
        <Button size="sm" className="self-start" onClick={onRemove}>
          {t('lang.clear', { lang: LANGUAGE_NAMES[lang] })}
        </Button>
      )}
    </>
  );
}

/** The banner: what it is now, an upload through the server's image checks, or none. */
function BannerField({
  t,
  banner,
  canEdit,
  required,
  onUploaded,
  onRemove,
}: {
  t: AdminT<'content'>;
  banner: string | null;
  canEdit: boolean;
  required: boolean;
  onUploaded(image: ContentImage): void;
  onRemove(): void;
}) {
  const input = useRef<HTMLInputElement>(null);
  const labelId = useId();
  const hintId = useId();
  const {
    busy,
    problem,
    act: upload,
  } = useAction(async (file: File) => {
    try {
      const form = new FormData();
      form.append('file', file);
      onUploaded(await uploadAdmin(api.admin.content.upload, form));
    } finally {
      if (input.current) input.current.value = '';
    }
  });
  return (
    <div role="group" aria-labelledby={labelId} className="flex flex-col gap-1">
      <span id={labelId}>{t('banner')}</span>
      <div className="flex flex-wrap items-center gap-3">
        {banner ? (
          <BannerImage t={t} url={banner} />
        ) : (
          <p className={required ? 'text-down' : 'text-muted'}>
            {required ? t('banner.required') : t('banner.none')}
          </p>
        )}
        {canEdit && (
          <div className="flex flex-wrap gap-2">
            <input
              ref={input}
              type="file"
              accept="image/jpeg,image/png,image/webp"
              hidden
              onChange={(event) => {
                const file = event.target.files?.[0];
                if (file) void upload(file);
              }}
              data-testid="content-banner-file"
            />
            <Button
              size="sm"
              disabled={busy}
              aria-describedby={hintId}
              onClick={() => input.current?.click()}
            >
              {busy ? t('banner.uploading') : t('banner.upload')}
            </Button>
            {banner && (
              <Button size="sm" onClick={onRemove}>
                {t('banner.remove')}
              </Button>
            )}
          </div>
        )}
      </div>
      <ProblemLine text={problem} testId="content-banner-problem" />
      {canEdit && (
        <p id={hintId} className="text-xs text-muted">
          {t('banner.hint')}
        </p>
      )}
    </div>
  );
}

/** A seed banner is a public file; an upload is read through the operator's route (it may not be public yet). */
function BannerImage({ t, url }: { t: AdminT<'content'>; url: string }) {
  const frame = 'aspect-[3/1] w-72 max-w-full';
  if (url.startsWith(CONTENT_IMAGE_PATH)) {
    return (
      <ProtectedImage
        path={`admin/content/image/${url.slice(CONTENT_IMAGE_PATH.length)}`}
        alt={t('banner.alt')}
        failedText={t('banner.failed')}
        className={frame}
      />
    );
  }
  return (
    <img src={url} alt={t('banner.alt')} className={`${frame} rounded border border-line object-cover`} />
  );
}

/**
 * The texts as the server cleaned them, a tab per language written, and the confirmation. The
 * server's answer is shown through DOMPurify as well, like the public notice page does.
 */
function PreviewDialog({
  t,
  texts,
  withdrawn,
  editing,
  onClose,
  onConfirm,
}: {
  t: AdminT<'content'>;
  texts: Texts;
  withdrawn: boolean;
  editing: boolean;
  onClose(): void;
  onConfirm(reason: string): Promise<void>;
}) {
  const ref = useRef<DialogHandle>(null);
  const titleId = useId();
  const reasonId = useId();
  const [lang, setLang] = useState<Lang>('en');
  const [reason, setReason] = useState('');
  const {
    busy,
    problem,
    act: confirm,
  } = useAction(
    () => onConfirm(reason.trim()),
    () => ref.current?.close(),
  );
  const preview = useQuery({
    queryKey: ['admin', 'content-preview', texts],
    queryFn: () =>
      callAdmin(api.admin.content.preview, { texts: texts as ArticleSaveRequest['texts'] }, { quiet: true }),
    retry: false,
    gcTime: 0,
    // A preview is an operator action in the log: asked once per opening, never again by itself.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
  useEffect(() => {
    ref.current?.showModal();
  }, []);
  const written = LANGS.filter((code) => texts[code] !== undefined);
  const fallback = LANGS.filter((code) => texts[code] === undefined).map((code) => LANGUAGE_NAMES[code]);
  const shown = preview.data?.[lang];
  const reasonShort = reason.trim() !== '' && reason.trim().length < 3;
  return (
    <Dialog
      ref={ref}
      labelledBy={titleId}
      className="w-[min(48rem,calc(100vw-1rem))]"
      onClose={onClose}
      testId="content-preview-dialog"
    >
      <form
        method="dialog"
        className="flex flex-col gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          if (!busy && preview.data && !reasonShort) void confirm();
        }}
      >
        <h2 id={titleId} className="font-semibold">
          {t('preview.title')}
        </h2>
        <p className="text-xs text-muted">{withdrawn ? t('preview.noteWithdrawn') : t('preview.note')}</p>
        {fallback.length > 0 && (
          <p className="text-xs text-muted">{t('preview.fallback', { langs: fallback.join(', ') })}</p>
        )}
        <Tabs<Lang>
          label={t('lang.tabs')}
          className="flex flex-wrap gap-x-3 border-b"
          values={written}
          active={lang}
          text={(code) => LANGUAGE_NAMES[code]}
          onChange={setLang}
        />
        <article
          role="tabpanel"
          aria-label={LANGUAGE_NAMES[lang]}
          className="max-h-[45vh] overflow-y-auto rounded border border-line bg-page p-3"
          data-testid="content-preview-body"
        >
          {preview.isPending && <p role="status">{t('preview.loading')}</p>}
          {preview.error && <ProblemLine text={preview.error.message} testId="content-preview-problem" />}
          {shown && (
            <>
              <h3 className="mb-2 text-xl font-semibold">{shown.title}</h3>
              <div
                className="notice-body"
                // The server's sanitised HTML, sanitised again in the browser as the notice page does.
                dangerouslySetInnerHTML={{ __html: DOMPurify.sanitize(shown.content) }}
              />
            </>
          )}
        </article>
        {editing && (
          <label htmlFor={reasonId} className="flex flex-col gap-1">
            <span>{t('reason.optional')}</span>
            <input
              id={reasonId}
              maxLength={500}
              className={`w-full rounded border px-2 py-1 ${fieldColours}`}
              value={reason}
              aria-invalid={reasonShort}
              onChange={(event) => setReason(event.target.value)}
            />
          </label>
        )}
        <ProblemLine text={problem} testId="content-save-problem" />
        <DialogButtons
          cancelText={t('cancel')}
          confirmText={withdrawn ? t('save') : t('publish')}
          confirmVariant="primary"
          disabled={busy || !preview.data || reasonShort}
          onCancel={() => ref.current?.close()}
        />
      </form>
    </Dialog>
  );
}

function History({ t, article }: { t: AdminT<'content'>; article: AdminArticle }) {
  return (
    <section className="flex flex-col gap-1 border-t border-line pt-3">
      <h2 className="font-semibold">{t('history')}</h2>
      {article.history.length === 0 ? (
        <p className="text-muted">{t('history.none')}</p>
      ) : (
        <ol className="flex flex-col gap-0.5" data-testid="content-history">
          {article.history.map((revision) => (
            <li key={revision.id} className="flex flex-wrap gap-x-3">
              <span className="whitespace-nowrap tabular-nums text-muted">{formatTime(revision.at)}</span>
              <span>
                {t('history.by', { action: t(`action.${revision.action}`), by: revision.operator })}
              </span>
              {revision.reason && <span className="text-muted">{revision.reason}</span>}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
