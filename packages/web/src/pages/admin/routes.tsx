import type { RouteObject } from 'react-router';
import { PageError } from '../../components/PageError.js';

/**
 * The operator console's routes (issue 17), outside the user layout. Only this table is in the
 * app's main bundle: every page, the frame and the console's texts are chunks loaded on first visit
 * to /admin, so users never download any of it.
 */

/** A page not built yet says so plainly (never a page that only looks finished). */
const notBuilt: Pick<RouteObject, 'lazy'> = {
  lazy: () => import('./shell/NotBuilt.js').then((m) => ({ Component: m.NotBuilt })),
};

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
        // Each area replaces its `...notBuilt` with `lazy: () => import('./<area>/<Page>.js')...`.
        { index: true, ...notBuilt }, // dashboard: helper "users"
        { path: 'users', ...notBuilt }, // helper "users"
        { path: 'users/:id', ...notBuilt }, // helper "users"
        { path: 'balances', ...notBuilt }, // helper "users"
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
