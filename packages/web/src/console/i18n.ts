import i18next from 'i18next';
import { use, useMemo } from 'react';
import type { ConsoleArea, ConsoleCatalogs, ConsoleKey, KeysUnder } from '../i18n/catalogs.js';
import { currentLang } from '../i18n/index.js';

export type { ConsoleArea, ConsoleKey, KeysUnder };

/**
 * The console's texts: each area has a JSON catalogue a language,
 * `i18n/locales/<lang>/console-<area>.json`, each its own chunk. An area's catalogue in the page's
 * language loads with the area's first page, into i18next's namespace `admin` under the area's
 * name, so the user app carries none of them and no other language is downloaded.
 */
const LOADERS = import.meta.glob<ConsoleCatalogs[ConsoleArea]>('../i18n/locales/*/console-*.json', {
  import: 'default',
});

const loaded = new Map<ConsoleArea, Promise<void>>();

/** Loads an area's texts in the page's language once; later calls share it. */
export function loadAdminTexts(area: ConsoleArea): Promise<void> {
  let promise = loaded.get(area);
  if (!promise) {
    const file = `../i18n/locales/${currentLang()}/console-${area}.json`;
    const loader = LOADERS[file];
    if (!loader) throw new Error(`No console texts for the area "${area}" (${file})`);
    promise = loader().then((texts) => {
      // Under the language i18next was started with (the page's language's BCP 47 tag).
      i18next.addResourceBundle(i18next.language, 'admin', { [area]: texts }, true, true);
    });
    loaded.set(area, promise);
  }
  return promise;
}

/** An area's `t`: only that area's keys (from its English catalogue) compile. */
export type AdminT<A extends ConsoleArea> = (key: ConsoleKey<A>, values?: Record<string, unknown>) => string;

/** i18next's `t` for the `admin` namespace, which the app's typed resources do not describe. */
const translate = i18next.t.bind(i18next) as unknown as (
  key: string,
  options: Record<string, unknown>,
) => string;

/**
 * An area's texts in the page's language: `t('key', { name })` with `{{name}}` filled in. The
 * component waits (React suspends; the console's layout shows a loading line) until the area's
 * texts have arrived.
 */
export function useAdminT<A extends ConsoleArea>(area: A): AdminT<A> {
  use(loadAdminTexts(area));
  return useMemo(
    () => (key: ConsoleKey<A>, values?: Record<string, unknown>) =>
      translate(`${area}.${key}`, { ns: 'admin', ...values }),
    [area],
  );
}
