import type { Texts } from './en.js';

/** Simplified Chinese texts of the web app. */
export const zh: Texts = {
  brand: 'Open Exchange',
  nav: {
    legal: '法币交易',
    spot: '币币',
    lever: '杠杆',
    micro: '秒合约',
    myshop: '我的店铺',
    financial: '理财',
    assets: '资产',
    markets: '行情',
    service: '在线客服',
    menu: '菜单',
  },
  account: {
    login: '登录',
    register: '注册',
    settings: '账户设置',
    authentication: '身份认证',
    feedback: '意见反馈',
    logout: '退出登录',
    menu: '账户',
  },
  theme: {
    label: '主题',
    light: '浅色',
    dark: '深色',
    toLight: '切换到浅色主题',
    toDark: '切换到深色主题',
  },
  language: {
    label: '语言',
    en: 'English',
    hk: '繁體中文',
    jp: '日本語',
  },
  soon: {
    title: '敬请期待',
    body: '本页面正在建设中。页面上的功能尚不可用，因此这里的任何操作都不会动用您的资金。',
    back: '返回首页',
  },
  notFound: {
    title: '页面不存在',
    body: '该地址没有对应的页面。',
  },
  http: {
    serverError: '服务器错误，请稍后重试',
    timeout: '登录已超时，请重新登录',
    network: '无法连接服务器，请稍后重试',
  },
  footer: {
    copyright: '© 2022 Open Exchange。开源项目：每一个价格都来自真实订单。',
  },
};
