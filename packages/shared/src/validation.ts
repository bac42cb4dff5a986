import type { Locale } from './locales.ts';

/**
 * Validation message keys used as zod issue messages; both server and web translate them, so a
 * rejected field reads the same in the form and in the API error.
 */
export const VALIDATION_MESSAGES = {
  required: { 'en-US': 'This field is required', 'zh-CN': '此项为必填项', 'zh-TW': '此項為必填項' },
  mobile: { 'en-US': 'Enter a valid mobile number', 'zh-CN': '请输入正确的手机号码', 'zh-TW': '請輸入正確的手機號碼' },
  email: {
    'en-US': 'Enter a valid e-mail address',
    'zh-CN': '请输入正确的邮箱地址',
    'zh-TW': '請輸入正確的電子郵件地址',
  },
  code6: { 'en-US': 'Enter the 6-digit code', 'zh-CN': '请输入 6 位验证码', 'zh-TW': '請輸入 6 位驗證碼' },
  compNo: {
    'en-US': 'The enterprise number has exactly 8 digits',
    'zh-CN': '企业编号必须为 8 位数字',
    'zh-TW': '企業編號必須為 8 位數字',
  },
  inviteCode: { 'en-US': 'The invite code has 6 digits', 'zh-CN': '邀请码为 6 位数字', 'zh-TW': '邀請碼為 6 位數字' },
  username: {
    'en-US': '3–32 letters, digits, dot, dash or underscore, starting with a letter',
    'zh-CN': '3–32 位字母、数字、点、横线或下划线，以字母开头',
    'zh-TW': '3–32 位字母、數字、點、橫線或底線，以字母開頭',
  },
  password: {
    'en-US': 'At least 8 characters with lowercase, uppercase and digits',
    'zh-CN': '至少 8 位，包含小写字母、大写字母和数字',
    'zh-TW': '至少 8 位，包含小寫字母、大寫字母和數字',
  },
  passwordMismatch: {
    'en-US': 'The two passwords do not match',
    'zh-CN': '两次输入的密码不一致',
    'zh-TW': '兩次輸入的密碼不一致',
  },
  agreement: {
    'en-US': 'Please read and accept the agreement',
    'zh-CN': '请阅读并同意用户协议',
    'zh-TW': '請閱讀並同意使用者協議',
  },
  tooLong: { 'en-US': 'Too long', 'zh-CN': '内容过长', 'zh-TW': '內容過長' },
  invalid: { 'en-US': 'Invalid value', 'zh-CN': '取值无效', 'zh-TW': '取值無效' },
  decimalString: {
    'en-US': 'Send the number as text, e.g. "12.5": at most 13 digits before the point and 6 after',
    'zh-CN': '数值须以文本提交，例如 "12.5"：整数最多 13 位，小数最多 6 位',
    'zh-TW': '數值須以文字提交，例如 "12.5"：整數最多 13 位，小數最多 6 位',
  },
  positive: { 'en-US': 'Enter a number above 0', 'zh-CN': '请输入大于 0 的数', 'zh-TW': '請輸入大於 0 的數' },
  nonNegative: { 'en-US': 'Enter 0 or more', 'zh-CN': '请输入不小于 0 的数', 'zh-TW': '請輸入不小於 0 的數' },
  date: { 'en-US': 'Enter a valid date', 'zh-CN': '请输入正确的日期', 'zh-TW': '請輸入正確的日期' },
} as const satisfies Record<string, Record<Locale, string>>;

export type ValidationKey = keyof typeof VALIDATION_MESSAGES;

export function validationMessage(key: string, locale: Locale): string {
  const entry = VALIDATION_MESSAGES[key as ValidationKey];
  return entry ? entry[locale] : VALIDATION_MESSAGES.invalid[locale];
}
