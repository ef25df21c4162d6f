import { useTranslation } from 'react-i18next';
import { SideMenuLayout } from '../../components/SideMenuLayout.js';

/** The spec's left menu: three accounts and the transfer page. */
const MENU = ['tradeAccount', 'leverAccount', 'secondAccount', 'transfer'] as const;

/**
 * The asset centre (/assets): a menu beside the nested page on a wide screen, a strip above it on a
 * phone.
 */
export function AssetsLayout() {
  const { t } = useTranslation();
  return (
    <SideMenuLayout
      label={t('assets.menu')}
      items={MENU.map((page) => ({ to: `/assets/${page}`, text: t(`assets.nav.${page}`) }))}
    />
  );
}
