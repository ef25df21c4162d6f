import { CONTENT_CATEGORIES, type ArticleStatus } from '@oex/protocol';
import type { AdminT } from '../i18n.js';

/** The categories in the console's tab order: what operators write most often first. */
export const CATEGORY_TABS = [
  22, 6, 4, 1, 5, 26,
] as const satisfies readonly (typeof CONTENT_CATEGORIES)[number][];

/** A category from the address, or the notices. */
export function categoryOf(text: string | null): number {
  const value = Number(text);
  return (CONTENT_CATEGORIES as readonly number[]).includes(value) ? value : 22;
}

/** Published in green, withdrawn in red, both also in words. */
export function StatusBadge({ t, status }: { t: AdminT<'content'>; status: ArticleStatus }) {
  return (
    <span
      className={`rounded border border-current px-1.5 py-0.5 text-xs font-medium whitespace-nowrap ${status === 'published' ? 'text-up' : 'text-down'}`}
      data-testid="content-status"
    >
      {t(`status.${status}`)}
    </span>
  );
}
