import type { Catalog } from './en.js';

/** Server messages in Traditional Chinese (Hong Kong). */
export const hk: Catalog = {
  // Field rules, used in validation messages.
  'rule.required': '不能為空',
  'rule.too_long': '過長（最多 {max} 個字元）',
  'rule.too_short': '過短（最少 {min} 個字元）',
  'rule.too_big': '不能大於 {max}',
  'rule.too_small': '不能小於 {min}',
  'rule.integer': '必須為整數',
  'rule.positive': '必須大於或等於 1',
  'rule.decimal': '必須為普通小數，例如 12.5',
  'rule.password': '必須為 6-16 位字母或數字',
  'rule.email': '必須為有效的電郵地址',
  'rule.code': '必須為 6 位數字驗證碼',
  'rule.code_type': '必須為 1、2、3、4 或 5',
  'rule.account_kind': '必須為電郵或手機',
  'rule.type': '類型錯誤（應為 {expected}）',
  'rule.invalid': '無效',
  'error.validation': '{field}：{rule}',

  // Transport and session.
  'error.bad_json': '請求內容不是有效的 JSON',
  'error.route_not_found': '找不到此 API 接口',
  'error.not_found': '找不到',
  'error.auth_required': '請先登入',
  'error.session_expired': '登入已過期，請重新登入',
  'error.rate_limited': '請求過於頻繁，請於 {seconds} 秒後再試',
  'error.internal': '伺服器錯誤，請稍後再試',

  // Accounts and passwords.
  'error.mobile_invalid': '請輸入有效的手機號碼（6-15 位數字）',
  'error.area_required': '請選擇手機號碼的國家或地區代碼',
  'error.area_unknown': '未知的國家或地區代碼',
  'error.account_exists': '此帳戶已註冊',
  'error.account_not_found': '沒有帳戶使用此電郵或手機號碼',
  'error.passwords_differ': '兩次輸入的密碼不一致',
  'error.invite_required': '註冊需要邀請碼',
  'error.invite_invalid': '此邀請碼不存在',
  'error.login_failed': '帳戶或密碼錯誤',
  'error.login_locked': '密碼錯誤次數過多，請於 {minutes} 分鐘後再試',
  'error.sms_code_required': '請輸入短訊驗證碼',
  'error.old_password_wrong': '舊密碼錯誤',
  'error.same_password': '新密碼不能與舊密碼相同',
  'error.email_taken': '此電郵已被其他帳戶使用',
  'error.email_already_bound': '您的帳戶已綁定電郵',
  'error.no_contact': '您的帳戶沒有可接收驗證碼的電郵或手機號碼',
  'error.code_needs_login': '請先登入再索取此驗證碼',
  'error.not_your_contact': '此電郵或手機號碼不是您帳戶綁定的',

  // Verification codes and their delivery.
  'error.code_wait': '請等候 {seconds} 秒後再索取驗證碼',
  'error.code_invalid': '驗證碼錯誤',
  'error.code_expired': '驗證碼已過期或已使用，請重新索取',
  'error.code_attempts': '驗證碼錯誤次數過多，請重新索取',
  'error.delivery_unconfigured': '本伺服器暫時未能發送{channel}',
  'error.delivery_failed': '{channel}發送失敗，請稍後再試',
  'error.setting_unknown': '沒有此名稱的公開設定',
  'channel.email': '電郵',
  'channel.sms': '短訊',
  'code.purpose.1': '註冊',
  'code.purpose.2': '重設密碼',
  'code.purpose.3': '交易密碼',
  'code.purpose.4': '綁定電郵',
  'code.purpose.5': '登入',
  'mail.subject': '您的 {site} 驗證碼：{code}',
  'mail.body':
    '您的{purpose}驗證碼為 {code}，10 分鐘內有效，只可使用一次。如非本人操作，請忽略此訊息；{site} 的職員絕不會向您索取驗證碼。',

  // Success notices.
  'ok.code_sent': '驗證碼已發送',
  'ok.registered': '註冊成功',
  'ok.logged_in': '登入成功',
  'ok.logged_out': '已登出',
  'ok.password_changed': '密碼已更改，請重新登入',
  'ok.password_reset': '密碼已重設，請以新密碼登入',
  'ok.pay_password_set': '交易密碼設定成功',
  'ok.email_bound': '電郵綁定成功',

  // News category names.
  'news_category.banner': '橫額',
  'news_category.support': '支援中心',
  'news_category.about': '關於我們',
  'news_category.news': '新聞',
  'news_category.notice': '公告',
  'news_category.legal': '條款及政策',
};
