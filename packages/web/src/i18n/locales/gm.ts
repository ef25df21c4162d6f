import type { Texts } from './en.js';

/** German texts of the web app. */
export const gm: Texts = {
  brand: 'Open Exchange',
  nav: {
    legal: 'Fiat-Handel',
    spot: 'Spot',
    lever: 'Hebel',
    micro: 'Schnellkontrakt',
    myshop: 'Mein Shop',
    financial: 'Finanzen',
    assets: 'Vermögen',
    markets: 'Märkte',
    service: 'Kundenservice',
    menu: 'Menü',
  },
  account: {
    login: 'Anmelden',
    register: 'Registrieren',
    settings: 'Kontoeinstellungen',
    authentication: 'Verifizierung',
    feedback: 'Feedback',
    logout: 'Abmelden',
    menu: 'Konto',
  },
  theme: {
    label: 'Design',
    light: 'Hell',
    dark: 'Dunkel',
    toLight: 'Zum hellen Design wechseln',
    toDark: 'Zum dunklen Design wechseln',
  },
  language: {
    label: 'Sprache',
    en: 'English',
    hk: '繁體中文',
    jp: '日本語',
  },
  soon: {
    title: 'Demnächst verfügbar',
    body: 'Diese Seite befindet sich im Aufbau. Noch funktioniert hier nichts, daher kann hier nichts Ihr Guthaben bewegen.',
    back: 'Zurück zur Startseite',
  },
  notFound: {
    title: 'Seite nicht gefunden',
    body: 'Unter dieser Adresse gibt es keine Seite.',
  },
  http: {
    serverError: 'Serverfehler, bitte später erneut versuchen',
    timeout: 'Ihre Sitzung ist abgelaufen, bitte melden Sie sich erneut an',
    network: 'Server nicht erreichbar, bitte später erneut versuchen',
  },
  footer: {
    copyright: '© 2022 Open Exchange. Open Source: Jeder Preis stammt aus einer echten Order.',
  },
};
