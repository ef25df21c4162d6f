import type { Texts } from './en.js';

/** Japanese texts of the web app. */
export const jp: Texts = {
  brand: 'Open Exchange',
  nav: {
    legal: '法定通貨取引',
    spot: '現物',
    lever: 'レバレッジ',
    micro: '秒契約',
    myshop: 'マイショップ',
    financial: '資産運用',
    assets: '資産',
    markets: 'マーケット',
    service: 'カスタマーサービス',
    menu: 'メニュー',
  },
  account: {
    login: 'ログイン',
    register: '新規登録',
    settings: 'アカウント設定',
    authentication: '本人確認',
    feedback: 'フィードバック',
    logout: 'ログアウト',
    menu: 'アカウント',
  },
  theme: {
    label: 'テーマ',
    light: 'ライト',
    dark: 'ダーク',
    toLight: 'ライトテーマに切り替え',
    toDark: 'ダークテーマに切り替え',
  },
  language: {
    label: '言語',
    en: 'English',
    hk: '繁體中文',
    jp: '日本語',
  },
  soon: {
    title: '近日公開',
    body: 'このページは現在準備中です。まだ何も機能しないため、ここで資金が動くことはありません。',
    back: 'ホームページに戻る',
  },
  notFound: {
    title: 'ページが見つかりません',
    body: 'このアドレスにはページがありません。',
  },
  http: {
    serverError: 'サーバーエラーです。しばらくしてから再度お試しください',
    timeout: 'セッションの有効期限が切れました。再度ログインしてください',
    network: 'サーバーに接続できません。しばらくしてから再度お試しください',
  },
  footer: {
    copyright: '© 2022 Open Exchange。オープンソース：すべての価格は実際の注文に基づいています。',
  },
};
