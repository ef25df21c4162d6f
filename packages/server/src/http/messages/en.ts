/**
 * Server messages in English: the source every other language translates. Keys starting
 * with `rule.` describe a field rule and follow the field name ("password: must be ...").
 * Placeholders are written {name}.
 */
export const en = {
  // Field rules, used in validation messages.
  'rule.required': 'is required',
  'rule.too_long': 'is too long (at most {max} characters)',
  'rule.too_short': 'is too short (at least {min} characters)',
  'rule.too_big': 'must be at most {max}',
  'rule.too_small': 'must be at least {min}',
  'rule.integer': 'must be a whole number',
  'rule.positive': 'must be 1 or more',
  'rule.decimal': 'must be a plain decimal number such as 12.5',
  'rule.password': 'must be 6-16 letters or digits',
  'rule.email': 'must be a valid email address',
  'rule.code': 'must be the 6-digit code',
  'rule.code_type': 'must be 1, 2, 3, 4 or 5',
  'rule.account_kind': 'must be email or mobile',
  'rule.type': 'has the wrong type (expected {expected})',
  'rule.invalid': 'is invalid',
  'error.validation': '{field}: {rule}',

  // Transport and session.
  'error.bad_json': 'The request body is not valid JSON',
  'error.route_not_found': 'There is no such API call',
  'error.not_found': 'Not found',
  'error.auth_required': 'Please log in',
  'error.session_expired': 'Your session has expired, please log in again',
  'error.rate_limited': 'Too many requests, please try again in {seconds} s',
  'error.internal': 'Server error, please retry later',

  // Accounts and passwords.
  'error.mobile_invalid': 'Enter a valid mobile number (6-15 digits)',
  'error.area_required': 'Choose the country or area code of the mobile number',
  'error.area_unknown': 'Unknown country or area code',
  'error.account_exists': 'This account is already registered',
  'error.account_not_found': 'No account uses this email or mobile number',
  'error.passwords_differ': 'The two passwords are inconsistent',
  'error.invite_required': 'An invite code is required to register',
  'error.invite_invalid': 'This invite code does not exist',
  'error.login_failed': 'Wrong account or password',
  'error.login_locked': 'Too many wrong passwords; please try again in {minutes} minutes',
  'error.sms_code_required': 'Enter the SMS code',
  'error.old_password_wrong': 'The old password is wrong',
  'error.same_password': 'The new password must differ from the old one',
  'error.email_taken': 'This email is already used by another account',
  'error.email_already_bound': 'Your account already has an email',
  'error.no_contact': 'Your account has no email or mobile number to send the code to',
  'error.code_needs_login': 'Please log in to request this code',
  'error.not_your_contact': 'This email or mobile number is not the one on your account',

  // Verification codes and their delivery.
  'error.code_wait': 'Please wait {seconds} s before asking for another code',
  'error.code_invalid': 'The verification code is wrong',
  'error.code_expired': 'The verification code has expired or was already used; ask for a new one',
  'error.code_attempts': 'Too many wrong codes; please ask for a new one',
  'error.delivery_unconfigured': 'This server cannot send {channel} messages yet',
  'error.delivery_failed': 'The {channel} message could not be sent, please retry later',
  'error.setting_unknown': 'There is no public setting with this name',
  'channel.email': 'email',
  'channel.sms': 'SMS',
  'code.purpose.1': 'registration',
  'code.purpose.2': 'password reset',
  'code.purpose.3': 'trade password',
  'code.purpose.4': 'email binding',
  'code.purpose.5': 'sign-in',
  'mail.subject': 'Your {site} verification code: {code}',
  'mail.body':
    'Your {purpose} verification code is {code}. It is valid for 10 minutes and can be used once. If you did not ask for it, ignore this message; nobody from {site} will ever ask you for it.',

  // Success notices.
  'ok.code_sent': 'The code has been sent',
  'ok.registered': 'Registration successful',
  'ok.logged_in': 'Logged in',
  'ok.logged_out': 'Logged out',
  'ok.password_changed': 'Password changed; please log in again',
  'ok.password_reset': 'Password reset; please log in with the new password',
  'ok.pay_password_set': 'Trade password set',
  'ok.email_bound': 'Email bound',

  // News category names.
  'news_category.banner': 'Banners',
  'news_category.support': 'Support',
  'news_category.about': 'About us',
  'news_category.news': 'News',
  'news_category.notice': 'Notices',
  'news_category.legal': 'Terms and policies',
} as const;

export type MessageKey = keyof typeof en;
export type Catalog = Record<MessageKey, string>;
