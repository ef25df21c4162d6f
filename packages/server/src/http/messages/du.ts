import type { Catalog } from './en.js';

/** Server messages in Dutch. */
export const du: Catalog = {
  // Field rules, used in validation messages.
  'rule.required': 'is verplicht',
  'rule.too_long': 'is te lang (maximaal {max} tekens)',
  'rule.too_short': 'is te kort (minimaal {min} tekens)',
  'rule.too_big': 'mag maximaal {max} zijn',
  'rule.too_small': 'moet minimaal {min} zijn',
  'rule.integer': 'moet een geheel getal zijn',
  'rule.positive': 'moet 1 of meer zijn',
  'rule.decimal': 'moet een gewoon decimaal getal zijn, zoals 12.5',
  'rule.password': 'moet uit 6-16 letters of cijfers bestaan',
  'rule.email': 'moet een geldig e-mailadres zijn',
  'rule.code': 'moet de 6-cijferige code zijn',
  'rule.code_type': 'moet 1, 2, 3, 4 of 5 zijn',
  'rule.account_kind': 'moet e-mail of mobiel zijn',
  'rule.type': 'heeft het verkeerde type ({expected} verwacht)',
  'rule.invalid': 'is ongeldig',
  'error.validation': '{field}: {rule}',

  // Transport and session.
  'error.bad_json': 'De inhoud van het verzoek is geen geldige JSON',
  'error.route_not_found': 'Deze API-aanroep bestaat niet',
  'error.not_found': 'Niet gevonden',
  'error.auth_required': 'Log eerst in',
  'error.session_expired': 'Uw sessie is verlopen, log opnieuw in',
  'error.rate_limited': 'Te veel verzoeken, probeer het over {seconds} s opnieuw',
  'error.internal': 'Serverfout, probeer het later opnieuw',

  // Accounts and passwords.
  'error.mobile_invalid': 'Voer een geldig mobiel nummer in (6-15 cijfers)',
  'error.area_required': 'Kies het land- of regionummer van het mobiele nummer',
  'error.area_unknown': 'Onbekend land- of regionummer',
  'error.account_exists': 'Dit account is al geregistreerd',
  'error.account_not_found': 'Er is geen account met dit e-mailadres of mobiele nummer',
  'error.passwords_differ': 'De twee wachtwoorden komen niet overeen',
  'error.invite_required': 'Voor registratie is een uitnodigingscode nodig',
  'error.invite_invalid': 'Deze uitnodigingscode bestaat niet',
  'error.login_failed': 'Onjuist account of wachtwoord',
  'error.login_locked': 'Te vaak een onjuist wachtwoord; probeer het over {minutes} minuten opnieuw',
  'error.sms_code_required': 'Voer de sms-code in',
  'error.old_password_wrong': 'Het oude wachtwoord is onjuist',
  'error.same_password': 'Het nieuwe wachtwoord moet verschillen van het oude',
  'error.email_taken': 'Dit e-mailadres wordt al door een ander account gebruikt',
  'error.email_already_bound': 'Uw account heeft al een e-mailadres',
  'error.no_contact': 'Uw account heeft geen e-mailadres of mobiel nummer om de code naar te sturen',
  'error.code_needs_login': 'Log in om deze code aan te vragen',
  'error.not_your_contact': 'Dit e-mailadres of mobiele nummer hoort niet bij uw account',

  // Verification codes and their delivery.
  'error.code_wait': 'Wacht {seconds} s voordat u een nieuwe code aanvraagt',
  'error.code_invalid': 'De verificatiecode is onjuist',
  'error.code_expired': 'De verificatiecode is verlopen of al gebruikt; vraag een nieuwe aan',
  'error.code_attempts': 'Te veel onjuiste codes; vraag een nieuwe aan',
  'error.delivery_unconfigured': 'Deze server kan nog geen berichten via {channel} versturen',
  'error.delivery_failed': 'Het bericht via {channel} kon niet worden verstuurd, probeer het later opnieuw',
  'error.setting_unknown': 'Er is geen openbare instelling met deze naam',
  'channel.email': 'e-mail',
  'channel.sms': 'sms',
  'code.purpose.1': 'registratie',
  'code.purpose.2': 'wachtwoordherstel',
  'code.purpose.3': 'handelswachtwoord',
  'code.purpose.4': 'e-mailkoppeling',
  'code.purpose.5': 'inloggen',
  'mail.subject': 'Uw {site}-verificatiecode: {code}',
  'mail.body':
    'Uw verificatiecode ({purpose}) is {code}. Deze is 10 minuten geldig en kan één keer worden gebruikt. Hebt u hem niet aangevraagd, negeer dan dit bericht; niemand van {site} zal u er ooit om vragen.',

  // Success notices.
  'ok.code_sent': 'De code is verstuurd',
  'ok.registered': 'Registratie geslaagd',
  'ok.logged_in': 'Ingelogd',
  'ok.logged_out': 'Uitgelogd',
  'ok.password_changed': 'Wachtwoord gewijzigd; log opnieuw in',
  'ok.password_reset': 'Wachtwoord hersteld; log in met het nieuwe wachtwoord',
  'ok.pay_password_set': 'Handelswachtwoord ingesteld',
  'ok.email_bound': 'E-mailadres gekoppeld',

  // News category names.
  'news_category.banner': 'Bannerafbeeldingen',
  'news_category.support': 'Ondersteuning',
  'news_category.about': 'Over ons',
  'news_category.news': 'Nieuws',
  'news_category.notice': 'Mededelingen',
  'news_category.legal': 'Voorwaarden en beleid',
};
