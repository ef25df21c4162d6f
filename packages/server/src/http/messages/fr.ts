import type { Catalog } from './en.js';

/** Server messages in French. */
export const fr: Catalog = {
  // Field rules, used in validation messages.
  'rule.required': 'est obligatoire',
  'rule.too_long': 'ne doit pas dépasser {max} caractères',
  'rule.too_short': 'doit contenir au moins {min} caractères',
  'rule.too_big': 'ne doit pas dépasser {max}',
  'rule.too_small': 'doit valoir au moins {min}',
  'rule.integer': 'doit être un nombre entier',
  'rule.positive': 'doit valoir 1 ou plus',
  'rule.decimal': 'doit être un nombre décimal simple, par exemple 12.5',
  'rule.password': 'doit contenir 6 à 16 lettres ou chiffres',
  'rule.email': 'doit être une adresse e-mail valide',
  'rule.code': 'doit être le code à 6 chiffres',
  'rule.code_type': 'doit valoir 1, 2, 3, 4 ou 5',
  'rule.account_kind': 'doit être e-mail ou mobile',
  'rule.type': 'a un type incorrect ({expected} attendu)',
  'rule.invalid': "n'est pas valide",
  'error.validation': '{field}: {rule}',

  // Transport and session.
  'error.bad_json': "Le corps de la requête n'est pas un JSON valide",
  'error.route_not_found': "Cet appel d'API n'existe pas",
  'error.not_found': 'Introuvable',
  'error.auth_required': 'Veuillez vous connecter',
  'error.session_expired': 'Votre session a expiré, veuillez vous reconnecter',
  'error.rate_limited': 'Trop de requêtes, veuillez réessayer dans {seconds} s',
  'error.internal': 'Erreur du serveur, veuillez réessayer plus tard',

  // Accounts and passwords.
  'error.mobile_invalid': 'Saisissez un numéro de mobile valide (6 à 15 chiffres)',
  'error.area_required': "Choisissez l'indicatif du pays ou de la région du numéro de mobile",
  'error.area_unknown': 'Indicatif de pays ou de région inconnu',
  'error.account_exists': 'Ce compte est déjà enregistré',
  'error.account_not_found': "Aucun compte n'utilise cet e-mail ou ce numéro de mobile",
  'error.passwords_differ': 'Les deux mots de passe ne correspondent pas',
  'error.invite_required': "Un code d'invitation est requis pour s'inscrire",
  'error.invite_invalid': "Ce code d'invitation n'existe pas",
  'error.login_failed': 'Compte ou mot de passe incorrect',
  'error.login_locked': 'Trop de mots de passe erronés ; veuillez réessayer dans {minutes} minutes',
  'error.sms_code_required': 'Saisissez le code SMS',
  'error.old_password_wrong': "L'ancien mot de passe est incorrect",
  'error.same_password': "Le nouveau mot de passe doit être différent de l'ancien",
  'error.email_taken': 'Cet e-mail est déjà utilisé par un autre compte',
  'error.email_already_bound': 'Votre compte possède déjà un e-mail',
  'error.no_contact': "Votre compte n'a ni e-mail ni numéro de mobile auquel envoyer le code",
  'error.code_needs_login': 'Veuillez vous connecter pour demander ce code',
  'error.not_your_contact': "Cette adresse e-mail ou ce numéro de mobile n'est pas celui de votre compte",

  // Verification codes and their delivery.
  'error.code_wait': 'Veuillez patienter {seconds} s avant de demander un nouveau code',
  'error.code_invalid': 'Le code de vérification est incorrect',
  'error.code_expired': 'Le code de vérification a expiré ou a déjà été utilisé ; demandez-en un nouveau',
  'error.code_attempts': 'Trop de codes erronés ; veuillez en demander un nouveau',
  'error.delivery_unconfigured': 'Ce serveur ne peut pas encore envoyer de messages par {channel}',
  'error.delivery_failed': "Le message par {channel} n'a pas pu être envoyé, veuillez réessayer plus tard",
  'error.setting_unknown': 'Aucun paramètre public ne porte ce nom',
  'channel.email': 'e-mail',
  'channel.sms': 'SMS',
  'code.purpose.1': 'inscription',
  'code.purpose.2': 'réinitialisation du mot de passe',
  'code.purpose.3': 'mot de passe de transaction',
  'code.purpose.4': "association de l'e-mail",
  'code.purpose.5': 'connexion',
  'mail.subject': 'Votre code de vérification {site} : {code}',
  'mail.body':
    "Votre code de vérification ({purpose}) est {code}. Il est valable 10 minutes et ne peut être utilisé qu'une seule fois. Si vous ne l'avez pas demandé, ignorez ce message ; personne de {site} ne vous le demandera jamais.",

  // Success notices.
  'ok.code_sent': 'Le code a été envoyé',
  'ok.registered': 'Inscription réussie',
  'ok.logged_in': 'Connexion réussie',
  'ok.logged_out': 'Déconnexion réussie',
  'ok.password_changed': 'Mot de passe modifié ; veuillez vous reconnecter',
  'ok.password_reset': 'Mot de passe réinitialisé ; veuillez vous connecter avec le nouveau mot de passe',
  'ok.pay_password_set': 'Mot de passe de transaction défini',
  'ok.email_bound': 'E-mail associé',

  // News category names.
  'news_category.banner': 'Bannières',
  'news_category.support': 'Assistance',
  'news_category.about': 'À propos',
  'news_category.news': 'Actualités',
  'news_category.notice': 'Annonces',
  'news_category.legal': 'Conditions et politiques',
};
