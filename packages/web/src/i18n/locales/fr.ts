import type { Texts } from './en.js';

/** French texts of the web app. */
export const fr: Texts = {
  brand: 'Open Exchange',
  nav: {
    legal: 'Trading fiat',
    spot: 'Spot',
    lever: 'Effet de levier',
    micro: 'Contrat rapide',
    myshop: 'Ma boutique',
    financial: 'Épargne',
    assets: 'Actifs',
    markets: 'Marchés',
    service: 'Service client',
    menu: 'Menu',
  },
  account: {
    login: 'Se connecter',
    register: "S'inscrire",
    settings: 'Paramètres du compte',
    authentication: "Vérification d'identité",
    feedback: 'Commentaires',
    logout: 'Se déconnecter',
    menu: 'Compte',
  },
  theme: {
    label: 'Thème',
    light: 'Clair',
    dark: 'Sombre',
    toLight: 'Passer au thème clair',
    toDark: 'Passer au thème sombre',
  },
  language: {
    label: 'Langue',
    en: 'English',
    hk: '繁體中文',
    jp: '日本語',
  },
  soon: {
    title: 'Bientôt disponible',
    body: "Cette page est en construction. Rien n'y fonctionne encore, donc rien ici ne peut déplacer vos fonds.",
    back: "Retour à l'accueil",
  },
  notFound: {
    title: 'Page introuvable',
    body: "Il n'existe aucune page à cette adresse.",
  },
  http: {
    serverError: 'Erreur du serveur, veuillez réessayer plus tard',
    timeout: 'Votre session a expiré, veuillez vous reconnecter',
    network: 'Impossible de joindre le serveur, veuillez réessayer plus tard',
  },
  footer: {
    copyright: "© 2022 Open Exchange. Open source : chaque prix provient d'un ordre réel.",
  },
};
