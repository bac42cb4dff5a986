import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { compNoSchema, type EmployeePartner } from '@concord/shared';
import { Button, Checkbox, Form, Input, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { zodRule } from '../../lib/formRules.ts';
import { useLocale } from '../accounts/useLocale.ts';

export interface PartnerValue {
  compNo: string;
  supplier: boolean;
  client: boolean;
}

/**
 * The employee's supplier and client permissions per trading partner (spec §3), edited inside the
 * staff form as the `partners` list. Partners are named by enterprise number until partner archives exist.
 */
export function PartnerPermissionsField({
  known,
  disabled,
}: {
  known: readonly EmployeePartner[];
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const nameOf = (compNo: string | undefined) => known.find((p) => p.compNo === compNo)?.name;
  return (
    <Form.List name="partners">
      {(fields, { add, remove }) => (
        <>
          <Typography.Paragraph type="secondary">{t('organization.staff.partnersHint')}</Typography.Paragraph>
          <Table
            size="small"
            rowKey="key"
            pagination={false}
            dataSource={fields}
            locale={{ emptyText: t('organization.staff.noPartners') }}
            columns={[
              {
                key: 'compNo',
                title: t('organization.staff.partnerCompNo'),
                width: 180,
                render: (_v, field) => (
                  <Form.Item
                    name={[field.name, 'compNo']}
                    rules={[zodRule(compNoSchema, locale)]}
                    style={{ margin: 0 }}
                  >
                    <Input maxLength={8} inputMode="numeric" disabled={disabled} />
                  </Form.Item>
                ),
              },
              {
                key: 'name',
                title: t('organization.staff.partnerName'),
                render: (_v, field) => (
                  <Form.Item noStyle shouldUpdate>
                    {({ getFieldValue }) =>
                      nameOf(getFieldValue(['partners', field.name, 'compNo'])) ?? (
                        <Typography.Text type="secondary">{t('organization.staff.partnerNew')}</Typography.Text>
                      )
                    }
                  </Form.Item>
                ),
              },
              {
                key: 'supplier',
                title: t('organization.staff.asSupplier'),
                width: 130,
                align: 'center',
                render: (_v, field) => (
                  <Form.Item name={[field.name, 'supplier']} valuePropName="checked" style={{ margin: 0 }}>
                    <Checkbox disabled={disabled} aria-label={t('organization.staff.asSupplier')} />
                  </Form.Item>
                ),
              },
              {
                key: 'client',
                title: t('organization.staff.asClient'),
                width: 130,
                align: 'center',
                render: (_v, field) => (
                  <Form.Item name={[field.name, 'client']} valuePropName="checked" style={{ margin: 0 }}>
                    <Checkbox disabled={disabled} aria-label={t('organization.staff.asClient')} />
                  </Form.Item>
                ),
              },
              {
                key: 'operation',
                title: t('common.operation'),
                width: 80,
                render: (_v, field) => (
                  <Button
                    type="link"
                    size="small"
                    danger
                    icon={<DeleteOutlined />}
                    disabled={disabled}
                    aria-label={t('common.delete')}
                    onClick={() => remove(field.name)}
                  />
                ),
              },
            ]}
          />
          <Button
            type="dashed"
            icon={<PlusOutlined />}
            style={{ marginTop: 8 }}
            disabled={disabled}
            onClick={() => add({ compNo: '', supplier: true, client: false } satisfies PartnerValue)}
          >
            {t('organization.staff.addPartner')}
          </Button>
        </>
      )}
    </Form.List>
  );
}
