import { LANGS, type Lang } from '@oex/protocol';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { toggleTheme, useTheme } from '../../app/theme.js';
import { currentLang, setLang } from '../../i18n/index.js';
import { LANGUAGE_NAMES, LOCALE_OF } from '../../i18n/tags.js';
import { Button } from '../../components/ui/index.js';
import { fieldColours } from '../parts.js';

/**
 * The app's language and theme, the same stored choices as the user site: every console text
 * exists in the seven languages, so all seven are offered.
 */
export function ConsoleControls() {
  const { t } = useTranslation();
  const theme = useTheme();
  const lang = currentLang();
  const id = useId();
  return (
    <div className="flex shrink-0 items-center gap-2">
      <label className="sr-only" htmlFor={id}>
        {t('language.label')}
      </label>
      <select
        id={id}
        value={lang}
        onChange={(event) => setLang(event.target.value as Lang)}
        className={`rounded border px-1 py-0.5 text-xs ${fieldColours}`}
      >
        {LANGS.map((code) => (
          <option key={code} value={code} lang={LOCALE_OF[code]}>
            {LANGUAGE_NAMES[code]}
          </option>
        ))}
      </select>
      <Button
        size="sm"
        onClick={toggleTheme}
        aria-label={theme === 'dark' ? t('theme.toLight') : t('theme.toDark')}
        className="text-xs"
      >
        {theme === 'dark' ? t('theme.light') : t('theme.dark')}
      </Button>
    </div>
  );
}
