import type { Texts } from './en.js';

/** Dutch texts of the web app. */
export const du: Texts = {
  brand: 'Open Exchange',
  nav: {
    legal: 'Fiat-handel',
    spot: 'Spot',
    lever: 'Hefboom',
    micro: 'Snel contract',
    myshop: 'Mijn winkel',
    financial: 'Beleggen',
    assets: 'Activa',
    markets: 'Markten',
    service: 'Klantenservice',
    menu: 'Menu',
  },
  account: {
    login: 'Inloggen',
    register: 'Registreren',
    settings: 'Accountinstellingen',
    authentication: 'Verificatie',
    feedback: 'Feedback',
    logout: 'Uitloggen',
    menu: 'Account',
  },
  theme: {
    label: 'Thema',
    light: 'Licht',
    dark: 'Donker',
    toLight: 'Overschakelen naar het lichte thema',
    toDark: 'Overschakelen naar het donkere thema',
  },
  language: {
    label: 'Taal',
    en: 'English',
    hk: '繁體中文',
    jp: '日本語',
  },
  soon: {
    title: 'Binnenkort beschikbaar',
    body: 'Deze pagina is in aanbouw. Er werkt nog niets, dus hier kan niets uw tegoeden verplaatsen.',
    back: 'Terug naar de startpagina',
  },
  notFound: {
    title: 'Pagina niet gevonden',
    body: 'Er is geen pagina op dit adres.',
  },
  http: {
    serverError: 'Serverfout, probeer het later opnieuw',
    timeout: 'Uw sessie is verlopen, log opnieuw in',
    network: 'Kan de server niet bereiken, probeer het later opnieuw',
  },
  footer: {
    copyright: '© 2022 Open Exchange. Open source: elke prijs komt van een echte order.',
  },
};
