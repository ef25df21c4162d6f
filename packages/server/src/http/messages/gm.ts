import type { Catalog } from './en.js';

/** Server messages in German. */
export const gm: Catalog = {
  // Field rules, used in validation messages.
  'rule.required': 'ist erforderlich',
  'rule.too_long': 'ist zu lang (höchstens {max} Zeichen)',
  'rule.too_short': 'ist zu kurz (mindestens {min} Zeichen)',
  'rule.too_big': 'darf höchstens {max} sein',
  'rule.too_small': 'muss mindestens {min} sein',
  'rule.integer': 'muss eine ganze Zahl sein',
  'rule.positive': 'muss 1 oder größer sein',
  'rule.decimal': 'muss eine einfache Dezimalzahl wie 12.5 sein',
  'rule.password': 'muss aus 6-16 Buchstaben oder Ziffern bestehen',
  'rule.email': 'muss eine gültige E-Mail-Adresse sein',
  'rule.code': 'muss der 6-stellige Code sein',
  'rule.code_type': 'muss 1, 2, 3, 4 oder 5 sein',
  'rule.account_kind': 'muss E-Mail oder Mobilnummer sein',
  'rule.type': 'hat den falschen Typ (erwartet: {expected})',
  'rule.invalid': 'ist ungültig',
  'error.validation': '{field}: {rule}',

  // Transport and session.
  'error.bad_json': 'Der Inhalt der Anfrage ist kein gültiges JSON',
  'error.route_not_found': 'Diesen API-Aufruf gibt es nicht',
  'error.not_found': 'Nicht gefunden',
  'error.auth_required': 'Bitte melden Sie sich an',
  'error.session_expired': 'Ihre Sitzung ist abgelaufen, bitte melden Sie sich erneut an',
  'error.rate_limited': 'Zu viele Anfragen, bitte versuchen Sie es in {seconds} s erneut',
  'error.internal': 'Serverfehler, bitte versuchen Sie es später erneut',

  // Accounts and passwords.
  'error.mobile_invalid': 'Geben Sie eine gültige Mobilnummer ein (6-15 Ziffern)',
  'error.area_required': 'Wählen Sie die Länder- oder Regionsvorwahl der Mobilnummer',
  'error.area_unknown': 'Unbekannte Länder- oder Regionsvorwahl',
  'error.account_exists': 'Dieses Konto ist bereits registriert',
  'error.account_not_found': 'Kein Konto verwendet diese E-Mail-Adresse oder Mobilnummer',
  'error.passwords_differ': 'Die beiden Passwörter stimmen nicht überein',
  'error.invite_required': 'Für die Registrierung ist ein Einladungscode erforderlich',
  'error.invite_invalid': 'Dieser Einladungscode existiert nicht',
  'error.login_failed': 'Konto oder Passwort ist falsch',
  'error.login_locked': 'Zu viele falsche Passwörter; bitte versuchen Sie es in {minutes} Minuten erneut',
  'error.sms_code_required': 'Geben Sie den SMS-Code ein',
  'error.old_password_wrong': 'Das alte Passwort ist falsch',
  'error.same_password': 'Das neue Passwort muss sich vom alten unterscheiden',
  'error.email_taken': 'Diese E-Mail-Adresse wird bereits von einem anderen Konto verwendet',
  'error.email_already_bound': 'Ihr Konto hat bereits eine E-Mail-Adresse',
  'error.no_contact':
    'Ihr Konto hat keine E-Mail-Adresse oder Mobilnummer, an die der Code gesendet werden kann',
  'error.code_needs_login': 'Bitte melden Sie sich an, um diesen Code anzufordern',
  'error.not_your_contact': 'Diese E-Mail-Adresse oder Mobilnummer gehört nicht zu Ihrem Konto',

  // Verification codes and their delivery.
  'error.code_wait': 'Bitte warten Sie {seconds} s, bevor Sie einen neuen Code anfordern',
  'error.code_invalid': 'Der Bestätigungscode ist falsch',
  'error.code_expired':
    'Der Bestätigungscode ist abgelaufen oder wurde bereits verwendet; fordern Sie einen neuen an',
  'error.code_attempts': 'Zu viele falsche Codes; bitte fordern Sie einen neuen an',
  'error.delivery_unconfigured': 'Dieser Server kann noch keine {channel}-Nachrichten senden',
  'error.delivery_failed':
    'Die {channel}-Nachricht konnte nicht gesendet werden, bitte versuchen Sie es später erneut',
  'error.setting_unknown': 'Es gibt keine öffentliche Einstellung mit diesem Namen',
  'channel.email': 'E-Mail',
  'channel.sms': 'SMS',
  'code.purpose.1': 'Registrierung',
  'code.purpose.2': 'Passwort zurücksetzen',
  'code.purpose.3': 'Handelspasswort',
  'code.purpose.4': 'E-Mail-Verknüpfung',
  'code.purpose.5': 'Anmeldung',
  'mail.subject': 'Ihr {site}-Bestätigungscode: {code}',
  'mail.body':
    'Ihr Bestätigungscode ({purpose}) lautet {code}. Er ist 10 Minuten gültig und kann einmal verwendet werden. Falls Sie ihn nicht angefordert haben, ignorieren Sie diese Nachricht; niemand von {site} wird Sie jemals danach fragen.',

  // Success notices.
  'ok.code_sent': 'Der Code wurde gesendet',
  'ok.registered': 'Registrierung erfolgreich',
  'ok.logged_in': 'Angemeldet',
  'ok.logged_out': 'Abgemeldet',
  'ok.password_changed': 'Passwort geändert; bitte melden Sie sich erneut an',
  'ok.password_reset': 'Passwort zurückgesetzt; bitte melden Sie sich mit dem neuen Passwort an',
  'ok.pay_password_set': 'Handelspasswort festgelegt',
  'ok.email_bound': 'E-Mail-Adresse verknüpft',

  // News category names.
  'news_category.banner': 'Banner',
  'news_category.support': 'Hilfe',
  'news_category.about': 'Über uns',
  'news_category.news': 'Neuigkeiten',
  'news_category.notice': 'Mitteilungen',
  'news_category.legal': 'Bedingungen und Richtlinien',
};
