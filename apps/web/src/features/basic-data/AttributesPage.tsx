import { ATTRIBUTE_VALUE_TYPES, type AttributeInput, type MaterialAttribute } from '@concord/shared';
import { Form, Input, Select, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/dates.ts';
import { requiredRule } from '../../lib/formRules.ts';
import { useLocale } from '../accounts/useLocale.ts';
import { BasicDataList } from './BasicDataList.tsx';

/** /basicdatasetting/attributeMaintenance (CF_BAS): material attributes and their value types. */
export function AttributesPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const f = (key: 'code' | 'name' | 'valueType' | 'options' | 'remarks' | 'updatedAt') =>
    t(`basicData.attributes.fields.${key}`);
  const typeOptions = ATTRIBUTE_VALUE_TYPES.map((v) => ({ value: v, label: t(`basicData.attributes.types.${v}`) }));
  return (
    <BasicDataList<MaterialAttribute, AttributeInput>
      resource="attributes"
      search={{
        keys: ['keyword', 'valueType'],
        items: (
          <>
            <Form.Item name="keyword" label={t('basicData.common.keyword')}>
              <Input allowClear placeholder={t('basicData.common.keywordPlaceholder')} style={{ width: 220 }} />
            </Form.Item>
            <Form.Item name="valueType" label={f('valueType')}>
              <Select allowClear style={{ width: 140 }} options={typeOptions} />
            </Form.Item>
          </>
        ),
        toFilter: (p) => ({ keyword: p.keyword, valueType: p.valueType }),
      }}
      texts={{
        add: t('basicData.attributes.add'),
        edit: t('basicData.attributes.edit'),
        empty: t('basicData.attributes.empty'),
        deleteConfirm: (row) => t('basicData.common.deleteConfirm', { name: `${row.code} ${row.name}` }),
      }}
      columns={[
        { key: 'code', title: f('code'), dataIndex: 'code', width: 120 },
        { key: 'name', title: f('name'), dataIndex: 'name', width: 240 },
        {
          key: 'valueType',
          title: f('valueType'),
          dataIndex: 'valueType',
          width: 110,
          render: (v: MaterialAttribute['valueType']) => t(`basicData.attributes.types.${v}`),
        },
        {
          key: 'options',
          title: f('options'),
          dataIndex: 'options',
          render: (options: string[]) => (
            <Space size={[0, 4]} wrap>
              {options.map((o) => (
                <Tag key={o}>{o}</Tag>
              ))}
            </Space>
          ),
        },
        { key: 'remarks', title: f('remarks'), dataIndex: 'remarks', width: 200, ellipsis: true },
        { key: 'updatedAt', title: f('updatedAt'), dataIndex: 'updatedAt', width: 170, render: formatDateTime },
      ]}
      form={{
        initial: { valueType: 'text', options: [] },
        fromRow: (r) => ({
          code: r.code,
          name: r.name,
          valueType: r.valueType,
          options: r.options,
          remarks: r.remarks,
        }),
        toInput: (v) => ({ ...v, options: v.valueType === 'option' ? (v.options ?? []) : [] }),
        render: () => (
          <>
            <Form.Item name="code" label={f('code')} rules={[requiredRule(locale)]}>
              <Input maxLength={32} />
            </Form.Item>
            <Form.Item name="name" label={f('name')} rules={[requiredRule(locale)]}>
              <Input maxLength={64} />
            </Form.Item>
            <Form.Item name="valueType" label={f('valueType')} rules={[{ required: true }]}>
              <Select options={typeOptions} />
            </Form.Item>
            <Form.Item noStyle dependencies={['valueType']}>
              {({ getFieldValue }) =>
                getFieldValue('valueType') === 'option' && (
                  <Form.Item
                    name="options"
                    label={f('options')}
                    extra={t('basicData.attributes.optionsHint')}
                    rules={[
                      { required: true, type: 'array', min: 1, message: t('basicData.attributes.optionsRequired') },
                    ]}
                  >
                    <Select mode="tags" open={false} tokenSeparators={[',', '，']} />
                  </Form.Item>
                )
              }
            </Form.Item>
            <Form.Item name="remarks" label={f('remarks')}>
              <Input.TextArea maxLength={500} rows={2} />
            </Form.Item>
          </>
        ),
      }}
    />
  );
}
