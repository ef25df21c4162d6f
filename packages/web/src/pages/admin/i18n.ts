import type { Lang } from '@oex/protocol';
import i18next from 'i18next';
import { use, useMemo } from 'react';
import { currentLang } from '../../i18n/index.js';

/**
 * The console's texts: each area keeps its own in `pages/admin/<area>/texts.ts` (every language)
 * and they load with the area's first page, into i18next's namespace `admin` under the area's
 * name, so the user app carries none of them.
 */
export type AreaTexts = Record<Lang, Record<string, string>>;

/** Every area's texts file, each its own chunk, found by its place: a new area needs no list. */
const LOADERS = import.meta.glob<{ texts: AreaTexts }>('./*/texts.ts');

const loaded = new Map<string, Promise<void>>();

/** Loads an area's texts once (the current language's are registered); later calls share it. */
export function loadAdminTexts(area: string): Promise<void> {
  let promise = loaded.get(area);
  if (!promise) {
    const loader = LOADERS[`./${area}/texts.ts`];
    if (!loader) throw new Error(`No console texts for the area "${area}" (pages/admin/${area}/texts.ts)`);
    const lang = currentLang();
    promise = loader().then(({ texts }) => {
      i18next.addResourceBundle(lang, 'admin', { [area]: texts[lang] }, true, true);
    });
    loaded.set(area, promise);
  }
  return promise;
}

export type AdminT = (key: string, values?: Record<string, unknown>) => string;

/**
 * An area's texts in the page's language: `t('key', { name })` with `{{name}}` filled in. The
 * component waits (React suspends; the console's layout shows a loading line) until the area's
 * texts have arrived.
 */
export function useAdminT(area: string): AdminT {
  use(loadAdminTexts(area));
  return useMemo(
    () => (key: string, values?: Record<string, unknown>) =>
      i18next.t(`${area}.${key}`, { ns: 'admin', ...values }),
    [area],
  );
}
