/** English texts of the web app: the source every other language translates. */
export const en = {
  brand: 'Open Exchange',
  nav: {
    legal: 'Fiat trade',
    spot: 'Spot',
    lever: 'Leverage',
    micro: 'Fast contract',
    myshop: 'My shop',
    financial: 'Financial',
    assets: 'Assets',
    markets: 'Markets',
    service: 'Customer service',
    menu: 'Menu',
  },
  account: {
    login: 'Log in',
    register: 'Register',
    settings: 'Account settings',
    authentication: 'Authentication',
    feedback: 'Feedback',
    logout: 'Log out',
    menu: 'Account',
  },
  theme: {
    label: 'Theme',
    light: 'Light',
    dark: 'Dark',
    toLight: 'Switch to the light theme',
    toDark: 'Switch to the dark theme',
  },
  language: {
    label: 'Language',
    en: 'English',
    hk: '繁體中文',
    jp: '日本語',
  },
  soon: {
    title: 'Coming soon',
    body: 'This page is being built. Nothing on it works yet, so nothing here can move your funds.',
    back: 'Back to the home page',
  },
  notFound: {
    title: 'Page not found',
    body: 'There is no page at this address.',
  },
  http: {
    serverError: 'Server error, please retry later',
    timeout: 'Your session has timed out, please log in again',
    network: 'Cannot reach the server, please retry later',
  },
  footer: {
    copyright: '© 2022 Open Exchange. Open source: every price comes from a real order.',
  },
} as const;

type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };
export type Texts = Widen<typeof en>;
