import type { RouteObject } from 'react-router';
import { PageError } from '../components/PageError.js';

/**
 * The operator console's routes (docs/operator-console.md), outside the user layout. Only this table is in the
 * app's main bundle: every page, the frame and the console's texts are chunks loaded on first visit
 * to /admin, so users never download any of it.
 */

export const adminRoute: RouteObject = {
  path: 'admin',
  lazy: () => import('./shell/AdminRoot.js').then((m) => ({ Component: m.AdminRoot })),
  errorElement: <PageError />,
  hydrateFallbackElement: <div />,
  children: [
    {
      path: 'login',
      lazy: () => import('./shell/LoginPage.js').then((m) => ({ Component: m.LoginPage })),
    },
    {
      // Everything else needs a signed-in operator; the frame sends others to the login.
      lazy: () => import('./shell/AdminLayout.js').then((m) => ({ Component: m.AdminLayout })),
      errorElement: <PageError />,
      children: [
        {
          index: true,
          lazy: () => import('./dashboard/DashboardPage.js').then((m) => ({ Component: m.DashboardPage })),
        },
        {
          path: 'users',
          lazy: () => import('./users/UsersPage.js').then((m) => ({ Component: m.UsersPage })),
        },
        {
          path: 'users/:id',
          lazy: () => import('./users/UserDetailPage.js').then((m) => ({ Component: m.UserDetailPage })),
        },
        {
          path: 'balances',
          lazy: () => import('./balances/AdjustmentsPage.js').then((m) => ({ Component: m.AdjustmentsPage })),
        },
        {
          path: 'markets',
          lazy: () => import('./markets/MarketsPage.js').then((m) => ({ Component: m.MarketsPage })),
        },
        {
          path: 'content',
          lazy: () => import('./content/ContentPage.js').then((m) => ({ Component: m.ContentPage })),
        },
        {
          path: 'content/:id',
          lazy: () => import('./content/ArticlePage.js').then((m) => ({ Component: m.ArticlePage })),
        },
        {
          path: 'reviews',
          lazy: () => import('./reviews/ReviewsPage.js').then((m) => ({ Component: m.ReviewsPage })),
        },
        { path: 'log', lazy: () => import('./log/LogPage.js').then((m) => ({ Component: m.LogPage })) },
        {
          path: '*',
          lazy: () => import('./shell/NotBuilt.js').then((m) => ({ Component: m.NoSuchPage })),
        },
      ],
    },
  ],
};
