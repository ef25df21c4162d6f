import type { Catalog } from './en.js';

/** Server messages in Japanese. */
export const jp: Catalog = {
  // Field rules, used in validation messages.
  'rule.required': '必須項目です',
  'rule.too_long': '長すぎます（最大 {max} 文字）',
  'rule.too_short': '短すぎます（最小 {min} 文字）',
  'rule.too_big': '{max} 以下にしてください',
  'rule.too_small': '{min} 以上にしてください',
  'rule.integer': '整数で入力してください',
  'rule.positive': '1 以上にしてください',
  'rule.decimal': '12.5 のような通常の小数で入力してください',
  'rule.password': '6～16 文字の英数字で入力してください',
  'rule.email': '有効なメールアドレスを入力してください',
  'rule.code': '6 桁のコードを入力してください',
  'rule.code_type': '1、2、3、4、5 のいずれかにしてください',
  'rule.account_kind': 'メールまたは携帯電話番号を指定してください',
  'rule.type': '型が正しくありません（{expected} が必要です）',
  'rule.invalid': '無効です',
  'error.validation': '{field}：{rule}',

  // Transport and session.
  'error.bad_json': 'リクエスト本文が有効な JSON ではありません',
  'error.route_not_found': '該当する API はありません',
  'error.not_found': '見つかりません',
  'error.auth_required': 'ログインしてください',
  'error.session_expired': 'セッションの有効期限が切れました。もう一度ログインしてください',
  'error.rate_limited': 'リクエストが多すぎます。{seconds} 秒後にもう一度お試しください',
  'error.internal': 'サーバーエラーです。しばらくしてから再度お試しください',

  // Accounts and passwords.
  'error.mobile_invalid': '有効な携帯電話番号（6～15 桁）を入力してください',
  'error.area_required': '携帯電話番号の国・地域番号を選択してください',
  'error.area_unknown': '不明な国・地域番号です',
  'error.account_exists': 'このアカウントは既に登録されています',
  'error.account_not_found': 'このメールアドレスまたは携帯電話番号のアカウントはありません',
  'error.passwords_differ': '2 つのパスワードが一致しません',
  'error.invite_required': '登録には招待コードが必要です',
  'error.invite_invalid': 'この招待コードは存在しません',
  'error.login_failed': 'アカウントまたはパスワードが正しくありません',
  'error.login_locked': 'パスワードの誤りが多すぎます。{minutes} 分後にもう一度お試しください',
  'error.sms_code_required': 'SMS 認証コードを入力してください',
  'error.old_password_wrong': '現在のパスワードが正しくありません',
  'error.same_password': '新しいパスワードは現在のパスワードと異なるものにしてください',
  'error.email_taken': 'このメールアドレスは既に別のアカウントで使用されています',
  'error.email_already_bound': 'アカウントには既にメールアドレスが登録されています',
  'error.no_contact': 'アカウントにコードの送信先となるメールアドレスまたは携帯電話番号がありません',
  'error.code_needs_login': 'このコードをリクエストするにはログインしてください',
  'error.not_your_contact': 'このメールアドレスまたは携帯番号はお客様のアカウントのものではありません',

  // Verification codes and their delivery.
  'error.code_wait': '次のコードをリクエストするまで {seconds} 秒お待ちください',
  'error.code_invalid': '認証コードが正しくありません',
  'error.code_expired':
    '認証コードの有効期限が切れているか、既に使用されています。新しいコードをリクエストしてください',
  'error.code_attempts': 'コードの誤りが多すぎます。新しいコードをリクエストしてください',
  'error.delivery_unconfigured': 'このサーバーはまだ{channel}を送信できません',
  'error.delivery_failed': '{channel}を送信できませんでした。しばらくしてから再度お試しください',
  'error.setting_unknown': 'この名前の公開設定はありません',
  'channel.email': 'メール',
  'channel.sms': 'SMS',
  'code.purpose.1': '新規登録',
  'code.purpose.2': 'パスワード再設定',
  'code.purpose.3': '取引パスワード',
  'code.purpose.4': 'メールアドレス登録',
  'code.purpose.5': 'ログイン',
  'mail.subject': '{site} の認証コード：{code}',
  'mail.body':
    '{purpose}の認証コードは {code} です。有効期限は 10 分間で、1 回のみ使用できます。お心当たりがない場合は、このメッセージを無視してください。{site} のスタッフがこのコードをお尋ねすることは決してありません。',

  // Success notices.
  'ok.code_sent': 'コードを送信しました',
  'ok.registered': '登録が完了しました',
  'ok.logged_in': 'ログインしました',
  'ok.logged_out': 'ログアウトしました',
  'ok.password_changed': 'パスワードを変更しました。もう一度ログインしてください',
  'ok.password_reset': 'パスワードを再設定しました。新しいパスワードでログインしてください',
  'ok.pay_password_set': '取引パスワードを設定しました',
  'ok.email_bound': 'メールアドレスを登録しました',

  // News category names.
  'news_category.banner': 'バナー',
  'news_category.support': 'サポート',
  'news_category.about': '会社概要',
  'news_category.news': 'ニュース',
  'news_category.notice': 'お知らせ',
  'news_category.legal': '利用規約とポリシー',
};
