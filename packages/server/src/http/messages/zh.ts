import type { Catalog } from './en.js';

/** Server messages in Simplified Chinese. */
export const zh: Catalog = {
  // Field rules, used in validation messages.
  'rule.required': '不能为空',
  'rule.too_long': '过长（最多 {max} 个字符）',
  'rule.too_short': '过短（至少 {min} 个字符）',
  'rule.too_big': '不能大于 {max}',
  'rule.too_small': '不能小于 {min}',
  'rule.integer': '必须为整数',
  'rule.positive': '必须大于或等于 1',
  'rule.decimal': '必须为普通小数，例如 12.5',
  'rule.password': '必须为 6-16 位字母或数字',
  'rule.email': '必须为有效的邮箱地址',
  'rule.code': '必须为 6 位数字验证码',
  'rule.code_type': '必须为 1、2、3、4 或 5',
  'rule.account_kind': '必须为邮箱或手机',
  'rule.type': '类型错误（应为 {expected}）',
  'rule.invalid': '无效',
  'error.validation': '{field}：{rule}',

  // Transport and session.
  'error.bad_json': '请求内容不是有效的 JSON',
  'error.route_not_found': '不存在该 API 接口',
  'error.not_found': '未找到',
  'error.auth_required': '请先登录',
  'error.session_expired': '登录已过期，请重新登录',
  'error.rate_limited': '请求过于频繁，请 {seconds} 秒后重试',
  'error.internal': '服务器错误，请稍后重试',

  // Accounts and passwords.
  'error.mobile_invalid': '请输入有效的手机号码（6-15 位数字）',
  'error.area_required': '请选择手机号码的国家或地区代码',
  'error.area_unknown': '未知的国家或地区代码',
  'error.account_exists': '该账号已注册',
  'error.account_not_found': '没有账号使用该邮箱或手机号码',
  'error.passwords_differ': '两次输入的密码不一致',
  'error.invite_required': '注册需要邀请码',
  'error.invite_invalid': '该邀请码不存在',
  'error.login_failed': '账号或密码错误',
  'error.login_locked': '密码错误次数过多，请 {minutes} 分钟后重试',
  'error.sms_code_required': '请输入短信验证码',
  'error.old_password_wrong': '原密码错误',
  'error.same_password': '新密码不能与原密码相同',
  'error.email_taken': '该邮箱已被其他账号使用',
  'error.email_already_bound': '您的账号已绑定邮箱',
  'error.no_contact': '您的账号没有可接收验证码的邮箱或手机号码',
  'error.code_needs_login': '请登录后再获取此验证码',
  'error.not_your_contact': '该邮箱或手机号不是您账户绑定的',

  // Verification codes and their delivery.
  'error.code_wait': '请等待 {seconds} 秒后再获取验证码',
  'error.code_invalid': '验证码错误',
  'error.code_expired': '验证码已过期或已被使用，请重新获取',
  'error.code_attempts': '验证码错误次数过多，请重新获取',
  'error.delivery_unconfigured': '本服务器暂不支持发送{channel}',
  'error.delivery_failed': '{channel}发送失败，请稍后重试',
  'error.setting_unknown': '不存在该名称的公开设置',
  'channel.email': '邮件',
  'channel.sms': '短信',
  'code.purpose.1': '注册',
  'code.purpose.2': '重置密码',
  'code.purpose.3': '交易密码',
  'code.purpose.4': '绑定邮箱',
  'code.purpose.5': '登录',
  'mail.subject': '您的 {site} 验证码：{code}',
  'mail.body':
    '您的{purpose}验证码为 {code}，10 分钟内有效，仅可使用一次。如非本人操作，请忽略此消息；{site} 的工作人员绝不会向您索要验证码。',

  // Success notices.
  'ok.code_sent': '验证码已发送',
  'ok.registered': '注册成功',
  'ok.logged_in': '登录成功',
  'ok.logged_out': '已退出登录',
  'ok.password_changed': '密码已修改，请重新登录',
  'ok.password_reset': '密码已重置，请使用新密码登录',
  'ok.pay_password_set': '交易密码设置成功',
  'ok.email_bound': '邮箱绑定成功',

  // News category names.
  'news_category.banner': '轮播图',
  'news_category.support': '帮助中心',
  'news_category.about': '关于我们',
  'news_category.news': '新闻',
  'news_category.notice': '公告',
  'news_category.legal': '条款与政策',
};
