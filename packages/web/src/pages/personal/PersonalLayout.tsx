import { useTranslation } from 'react-i18next';
import { SideMenuLayout } from '../../components/SideMenuLayout.js';

/**
 * The personal centre's menu (the spec's menu lists account settings, authentication and feedback;
 * the transaction log and collection settings are its other children, so they are listed too).
 */
const MENU = [
  'accountSettings',
  'transactionLog',
  'collectionSettings',
  'authentication',
  'api',
  'feedback',
] as const;

export function PersonalLayout() {
  const { t } = useTranslation();
  return (
    <SideMenuLayout
      label={t('personal.menu')}
      items={MENU.map((page) => ({ to: `/personal/${page}`, text: t(`personal.nav.${page}`) }))}
    />
  );
}
