import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation, type RouteObject } from 'react-router';
import { useSession } from '../features/session.js';
import { PageError } from '../components/PageError.js';
import { useToasts } from '../components/toast.js';
import { NotFound } from '../pages/ComingSoon.js';
import { adminRoute } from '../console/routes.js';
import { Layout } from './Layout.js';
import type { TextKey } from '../i18n/catalogs.js';

/**
 * Pages that need a signed-in user send visitors to /login, with the page to come back to; `reason`
 * (a text key) says why as they go ("Please log in and trade" on the micro page).
 */
function RequireSession({ children, reason }: { children?: ReactNode; reason?: TextKey }) {
  const token = useSession((state) => state.token);
  const location = useLocation();
  const { t } = useTranslation();
  const show = useToasts((state) => state.show);
  useEffect(() => {
    if (!token && reason) show('error', t(reason));
  }, [token, reason, show, t]);
  if (!token) {
    const redirect = encodeURIComponent(location.pathname + location.search);
    return <Navigate to={`/login?redirect=${redirect}`} replace />;
  }
  return children ?? <Outlet />;
}

/** The asset centre (docs/wallet.md): its menu and nine pages, each loaded on first visit. */
type AccountPages = typeof import('../pages/assets/AccountPage.js');
const assetPage = (name: Exclude<keyof AccountPages, 'AccountPage'>) => () =>
  import('../pages/assets/AccountPage.js').then((m) => ({ Component: m[name] }));
const assetsRoute: RouteObject = {
  path: 'assets',
  lazy: () => import('../pages/assets/AssetsLayout.js').then((m) => ({ Component: m.AssetsLayout })),
  children: [
    { index: true, element: <Navigate to="/assets/tradeAccount" replace /> },
    { path: 'tradeAccount', lazy: assetPage('TradeAccountPage') },
    { path: 'legalAccount', lazy: assetPage('LegalAccountPage') },
    { path: 'leverAccount', lazy: assetPage('LeverAccountPage') },
    { path: 'secondAccount', lazy: assetPage('SecondAccountPage') },
    { path: 'financialAccount', lazy: assetPage('FinancialAccountPage') },
    {
      path: 'bindAddr',
      lazy: () => import('../pages/assets/BindAddrPage.js').then((m) => ({ Component: m.BindAddrPage })),
    },
    {
      path: 'dealRecords',
      lazy: () =>
        import('../pages/assets/DealRecordsPage.js').then((m) => ({ Component: m.DealRecordsPage })),
    },
    {
      path: 'transfer',
      lazy: () => import('../pages/assets/TransferPage.js').then((m) => ({ Component: m.TransferPage })),
    },
    {
      path: 'transferLog',
      lazy: () =>
        import('../pages/assets/TransferLogPage.js').then((m) => ({ Component: m.TransferLogPage })),
    },
  ],
};

/** The personal centre (docs/personal.md): its menu and five pages, plus the password and binding pages. */
const personalPage = (name: string) => () =>
  import(`../pages/personal/${name}.tsx`).then((m: Record<string, React.ComponentType>) => ({
    Component: m[name],
  }));
const personalRoute: RouteObject = {
  path: 'personal',
  lazy: () => import('../pages/personal/PersonalLayout.js').then((m) => ({ Component: m.PersonalLayout })),
  children: [
    { index: true, element: <Navigate to="/personal/accountSettings" replace /> },
    { path: 'accountSettings', lazy: personalPage('AccountSettingsPage') },
    { path: 'transactionLog', lazy: personalPage('TransactionLogPage') },
    { path: 'collectionSettings', lazy: personalPage('CollectionSettingsPage') },
    { path: 'authentication', lazy: personalPage('AuthenticationPage') },
    { path: 'feedback', lazy: personalPage('FeedbackPage') },
    { path: 'api', lazy: personalPage('ApiKeysPage') },
  ],
};

/**
 * The fiat desk (docs/p2p.md): the hall is open to visitors (sign-in links instead of order buttons);
 * my orders and an order's detail need a session. /legalIndex goes to the hall.
 */
const p2pPage = (name: string) => () =>
  import(`../pages/p2p/${name}.tsx`).then((m: Record<string, React.ComponentType>) => ({
    Component: m[name],
  }));
const p2pRoute: RouteObject = {
  path: 'legalIndex',
  lazy: () => import('../pages/p2p/parts.js').then((m) => ({ Component: m.P2pLayout })),
  children: [
    { index: true, element: <Navigate to="/legalIndex/legal" replace /> },
    { path: 'legal', lazy: p2pPage('HallPage') },
    {
      element: <RequireSession />,
      children: [
        { path: 'orders', lazy: p2pPage('OrdersPage') },
        {
          path: 'orderdetail',
          lazy: () => import('../pages/p2p/OrderDetail.js').then((m) => ({ Component: m.OrderDetailPage })),
        },
      ],
    },
  ],
};

/** My shop (docs/p2p.md): my ads (or how to become a seller), the orders on them and one's detail. */
const shopPage = (name: string) => () =>
  import(`../pages/shop/${name}.tsx`).then((m: Record<string, React.ComponentType>) => ({
    Component: m[name],
  }));
const shopRoute: RouteObject = {
  path: 'myshop',
  lazy: () => import('../pages/p2p/parts.js').then((m) => ({ Component: m.ShopLayout })),
  children: [
    { index: true, element: <Navigate to="/myshop/myshoporders" replace /> },
    { path: 'myshoporders', lazy: shopPage('MyAdsPage') },
    { path: 'shoporders', lazy: shopPage('ShopOrdersPage') },
    { path: 'shoporderdetail', lazy: shopPage('ShopOrderDetailPage') },
  ],
};

/**
 * The pages behind an error boundary (the router's error element, on a pathless route inside the
 * layout): a page that fails to render or to load shows a translated note with a reload button,
 * with the header and navigation still there, never a blank app or a stack trace.
 */
function withPageErrors(pages: RouteObject[]): RouteObject[] {
  return [{ errorElement: <PageError />, children: pages }];
}

/**
 * The route table of the product spec (docs/web-app.md). Each built page is its own chunk, loaded when first visited.
 */
export const routes: RouteObject[] = [
  // The operator console (docs/operator-console.md): its own frame, outside the user layout, loaded on first visit.
  adminRoute,
  {
    element: <Layout />,
    // Should the layout itself fail, the same note without it (never React Router's stack page).
    errorElement: <PageError />,
    // Pages are loaded on first visit; nothing to show in the meantime but the empty layout.
    hydrateFallbackElement: <div />,
    children: withPageErrors([
      { index: true, element: <Navigate to="/home" replace /> },
      {
        path: 'home',
        lazy: () => import('../pages/home/HomePage.js').then((m) => ({ Component: m.HomePage })),
      },
      {
        path: 'markets',
        lazy: () => import('../pages/markets/MarketsPage.js').then((m) => ({ Component: m.MarketsPage })),
      },
      {
        path: 'notice',
        lazy: () => import('../pages/notice/NoticePage.js').then((m) => ({ Component: m.NoticePage })),
      },
      {
        path: 'login',
        lazy: () => import('../pages/login/LoginPage.js').then((m) => ({ Component: m.LoginPage })),
      },
      {
        path: 'register',
        lazy: () => import('../pages/register/RegisterPage.js').then((m) => ({ Component: m.RegisterPage })),
      },
      {
        path: 'forgetPassword',
        lazy: () =>
          import('../pages/forgot/ForgotPasswordPage.js').then((m) => ({ Component: m.ForgotPasswordPage })),
      },
      {
        path: 'trade',
        lazy: () => import('../pages/trade/TradePage.js').then((m) => ({ Component: m.TradePage })),
      },
      {
        path: 'deposit',
        lazy: () => import('../pages/earn/DepositPage.js').then((m) => ({ Component: m.DepositPage })),
      },
      {
        path: 'white',
        lazy: () => import('../pages/white/WhitePage.js').then((m) => ({ Component: m.WhitePage })),
      },
      {
        path: 'transparency',
        lazy: () =>
          import('../pages/transparency/TransparencyPage.js').then((m) => ({
            Component: m.TransparencyPage,
          })),
      },
      p2pRoute,
      {
        path: 'second',
        element: <RequireSession reason="micro.pleaseLogIn" />,
        children: [
          {
            index: true,
            lazy: () => import('../pages/micro/MicroPage.js').then((m) => ({ Component: m.MicroPage })),
          },
        ],
      },
      {
        path: 'lever',
        element: <RequireSession reason="lever.pleaseLogIn" />,
        children: [
          {
            index: true,
            lazy: () => import('../pages/lever/LeverPage.js').then((m) => ({ Component: m.LeverPage })),
          },
        ],
      },
      {
        element: <RequireSession />,
        children: [
          shopRoute,
          assetsRoute,
          personalRoute,
          { path: 'resetPassword', lazy: personalPage('ResetPasswordPage') },
          { path: 'tradePassword', lazy: personalPage('TradePasswordPage') },
          { path: 'bindAccount', lazy: personalPage('BindAccountPage') },
          {
            path: 'coinlog',
            lazy: () => import('../pages/earn/CoinlogPage.js').then((m) => ({ Component: m.CoinlogPage })),
          },
        ],
      },
      { path: '*', element: <NotFound /> },
    ]),
  },
];
