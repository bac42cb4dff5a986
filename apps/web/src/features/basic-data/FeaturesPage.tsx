import type { FeatureInput, MaterialFeature } from '@concord/shared';
import { Form, Input, Select, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/dates.ts';
import { requiredRule } from '../../lib/formRules.ts';
import { useLocale } from '../accounts/useLocale.ts';
import { BasicDataList } from './BasicDataList.tsx';

/** /basicdatasetting/features (CF_BAS): feature names and their allowed values. */
export function FeaturesPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const f = (key: 'name' | 'featureValues' | 'remarks' | 'updatedAt') => t(`basicData.features.fields.${key}`);
  return (
    <BasicDataList<MaterialFeature, FeatureInput>
      resource="features"
      texts={{
        add: t('basicData.features.add'),
        edit: t('basicData.features.edit'),
        empty: t('basicData.features.empty'),
        deleteConfirm: (row) => t('basicData.common.deleteConfirm', { name: row.name }),
      }}
      columns={[
        { key: 'name', title: f('name'), dataIndex: 'name', width: 220 },
        {
          key: 'featureValues',
          title: f('featureValues'),
          dataIndex: 'featureValues',
          render: (values: string[]) => (
            <Space size={[0, 4]} wrap>
              {values.map((v) => (
                <Tag key={v}>{v}</Tag>
              ))}
            </Space>
          ),
        },
        { key: 'remarks', title: f('remarks'), dataIndex: 'remarks', width: 200, ellipsis: true },
        { key: 'updatedAt', title: f('updatedAt'), dataIndex: 'updatedAt', width: 170, render: formatDateTime },
      ]}
      form={{
        initial: { featureValues: [] },
        fromRow: (r) => ({ name: r.name, featureValues: r.featureValues, remarks: r.remarks }),
        toInput: (v) => v,
        render: () => (
          <>
            <Form.Item name="name" label={f('name')} rules={[requiredRule(locale)]}>
              <Input maxLength={64} />
            </Form.Item>
            <Form.Item
              name="featureValues"
              label={f('featureValues')}
              extra={t('basicData.attributes.optionsHint')}
              rules={[{ required: true, type: 'array', min: 1, message: t('basicData.features.valuesRequired') }]}
            >
              <Select mode="tags" open={false} tokenSeparators={[',', '，']} />
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
