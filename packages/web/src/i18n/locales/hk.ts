import type { Texts } from './en.js';

/** Traditional Chinese (Hong Kong) texts of the web app. */
export const hk: Texts = {
  brand: 'Open Exchange',
  nav: {
    legal: '法幣交易',
    spot: '幣幣',
    lever: '槓桿',
    micro: '秒合約',
    myshop: '我的店舖',
    financial: '理財',
    assets: '資產',
    markets: '行情',
    service: '線上客服',
    menu: '選單',
  },
  account: {
    login: '登入',
    register: '註冊',
    settings: '帳戶設定',
    authentication: '身份認證',
    feedback: '意見回饋',
    logout: '登出',
    menu: '帳戶',
  },
  theme: {
    label: '主題',
    light: '淺色',
    dark: '深色',
    toLight: '切換至淺色主題',
    toDark: '切換至深色主題',
  },
  language: {
    label: '語言',
    en: 'English',
    hk: '繁體中文',
    jp: '日本語',
  },
  soon: {
    title: '敬請期待',
    body: '本頁面正在建設中。頁面上的功能尚未可用，因此這裡的任何操作都不會動用您的資金。',
    back: '返回首頁',
  },
  notFound: {
    title: '找不到頁面',
    body: '此網址沒有對應的頁面。',
  },
  http: {
    serverError: '伺服器錯誤，請稍後再試',
    timeout: '登入已逾時，請重新登入',
    network: '無法連線至伺服器，請稍後再試',
  },
  footer: {
    copyright: '© 2022 Open Exchange。開源項目：每一個價格都來自真實訂單。',
  },
};
