import { LANGS, type Lang, type LiabilitySnapshotView, type OperatorLogHeadView } from '@oex/protocol';
import type { ArticleText } from '../content/service.js';
import { translate } from '../platform/messages/index.js';
import { formatDateTime } from '../lib/time.js';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/**
 * The daily notice of a day's snapshot, in every language: per currency the root hash, the total
 * and the number of balances, the instant they were read (and when it was due, if later), and the
 * operator log's head, so anyone can later hold the exchange to what it published that day.
 */
export function snapshotNotice(
  snapshots: readonly LiabilitySnapshotView[],
  logHead: OperatorLogHeadView | null,
  timeZone: string,
): Record<Lang, ArticleText> {
  const first = snapshots[0]!;
  const at = (instant: number) => `${formatDateTime(instant, timeZone)} (${timeZone})`;
  const late = first.due_at !== null && first.taken_at - first.due_at > 60_000;
  const texts = LANGS.map((lang): [Lang, ArticleText] => {
    const t = (key: Parameters<typeof translate>[1], params: Record<string, string | number> = {}) =>
      escapeHtml(translate(lang, key, params));
    const lines = snapshots.map(
      (snapshot) =>
        `<li>${t('notice.transparency_line', {
          currency: snapshot.currency,
          total: snapshot.total,
          count: snapshot.leaf_count,
          root: snapshot.root_hash,
        })}</li>`,
    );
    const content = [
      `<p>${t('notice.transparency_intro', { taken_at: at(first.taken_at) })}</p>`,
      late ? `<p>${t('notice.transparency_late', { due_at: at(first.due_at!) })}</p>` : '',
      `<ul>${lines.join('')}</ul>`,
      `<p>${
        logHead
          ? t('notice.transparency_log', { id: logHead.id, hash: logHead.hash })
          : t('notice.transparency_log_empty')
      }</p>`,
      `<p>${t('notice.transparency_verify')}</p>`,
    ].join('');
    // The title is plain text: no markup to escape.
    return [lang, { title: translate(lang, 'notice.transparency_title', { day: first.day ?? '' }), content }];
  });
  return Object.fromEntries(texts) as Record<Lang, ArticleText>;
}
