import { MOBILE_AREAS, mobileCodeRequestSchema, validationMessage } from '@concord/shared';
import { Form, Input, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocale } from './useLocale.ts';

/** Area (+86 / +852; the form supplies the +86 default) and number; the rule checks the pair, since the valid form depends on the area. */
export function MobileField({ name = 'mobile', label }: { name?: string; label?: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <Form.Item label={label ?? t('auth.mobile')} required>
      <Space.Compact style={{ width: '100%' }}>
        <Form.Item name="mobileArea" noStyle>
          <Select
            style={{ width: 90 }}
            options={MOBILE_AREAS.map((a) => ({ value: a, label: a }))}
            aria-label={t('auth.mobileArea')}
          />
        </Form.Item>
        <Form.Item
          name={name}
          noStyle
          dependencies={['mobileArea']}
          rules={[
            ({ getFieldValue }) => ({
              validator: async (_rule, value: unknown) => {
                const area = getFieldValue('mobileArea') as string;
                const result = mobileCodeRequestSchema.safeParse({ mobileArea: area, mobile: value ?? '' });
                if (!result.success) {
                  throw new Error(validationMessage(result.error.issues[0]?.message ?? 'invalid', locale));
                }
              },
            }),
          ]}
        >
          <Input
            aria-label={label ?? t('auth.mobile')}
            placeholder={t('auth.mobilePlaceholder')}
            inputMode="numeric"
            maxLength={11}
            autoComplete="tel"
          />
        </Form.Item>
      </Space.Compact>
    </Form.Item>
  );
}
