import { type Locale, validationMessage } from '@concord/shared';
import type { FormRule } from 'antd';

interface SafeParser {
  safeParse: (value: unknown) => { success: boolean; error?: { issues: ReadonlyArray<{ message: string }> } };
}

/** An antd rule backed by a shared zod schema; its issue keys become localized messages. */
export function zodRule(schema: SafeParser, locale: Locale): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      const result = schema.safeParse(value ?? '');
      if (!result.success) throw new Error(validationMessage(result.error?.issues[0]?.message ?? 'invalid', locale));
    },
  };
}

export function requiredRule(locale: Locale): FormRule {
  return { required: true, whitespace: true, message: validationMessage('required', locale) };
}

/** The confirmation must equal the field it confirms (spec §5). */
export function sameAsRule(field: string, locale: Locale): FormRule {
  return (form) => ({
    validator: async (_rule, value: unknown) => {
      if (!value) throw new Error(validationMessage('required', locale));
      if (value !== form.getFieldValue(field)) throw new Error(validationMessage('passwordMismatch', locale));
    },
  });
}
