import { useTranslation } from 'react-i18next';

import { Holdings } from './Holdings.js';
import { EarnHeader } from './parts.js';

/** My financial (/coinlog): the holdings, in force, ended or all; their interest rows are in the records. */
export function CoinlogPage() {
  const { t } = useTranslation();
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-3 p-3 text-sm sm:p-4">
      <EarnHeader current="mine" />
      <p className="text-muted">{t('earn.mineIntro')}</p>
      <Holdings filters />
    </div>
  );
}
