import type { Warehouse, WarehouseInput } from '@concord/shared';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/dates.ts';
import { requiredRule } from '../../lib/formRules.ts';
import { useLocale } from '../accounts/useLocale.ts';
import { BasicDataList } from './BasicDataList.tsx';

/** /basicdatasetting/warehouse (CF_BAS): warehouses with the required fields of spec §5, Excel in and out. */
export function WarehousesPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const f = (
    key: 'code' | 'name' | 'segmentCode' | 'segmentName' | 'featureName' | 'featureValue' | 'remarks' | 'updatedAt',
  ) => t(`basicData.warehouses.fields.${key}`);
  const required = [requiredRule(locale)];
  return (
    <BasicDataList<Warehouse, WarehouseInput>
      resource="warehouses"
      excel={{ resource: 'warehouses', exportQuery: (p) => ({ keyword: p.keyword }) }}
      texts={{
        add: t('basicData.warehouses.add'),
        edit: t('basicData.warehouses.edit'),
        empty: t('basicData.warehouses.empty'),
        deleteConfirm: (row) => t('basicData.common.deleteConfirm', { name: `${row.code} ${row.name}` }),
      }}
      columns={[
        { key: 'code', title: f('code'), dataIndex: 'code', width: 120 },
        { key: 'name', title: f('name'), dataIndex: 'name', width: 220, ellipsis: true },
        { key: 'segmentCode', title: f('segmentCode'), dataIndex: 'segmentCode', width: 110 },
        { key: 'segmentName', title: f('segmentName'), dataIndex: 'segmentName', width: 200, ellipsis: true },
        { key: 'featureName', title: f('featureName'), dataIndex: 'featureName', width: 170 },
        { key: 'featureValue', title: f('featureValue'), dataIndex: 'featureValue', width: 200 },
        { key: 'remarks', title: f('remarks'), dataIndex: 'remarks', width: 200, ellipsis: true },
        { key: 'updatedAt', title: f('updatedAt'), dataIndex: 'updatedAt', width: 170, render: formatDateTime },
      ]}
      form={{
        initial: {},
        fromRow: (r) => ({
          code: r.code,
          name: r.name,
          segmentCode: r.segmentCode,
          segmentName: r.segmentName,
          featureName: r.featureName,
          featureValue: r.featureValue,
          remarks: r.remarks,
        }),
        toInput: (v) => v,
        render: () => (
          <>
            <Form.Item name="code" label={f('code')} rules={required}>
              <Input maxLength={32} />
            </Form.Item>
            <Form.Item name="name" label={f('name')} rules={required}>
              <Input maxLength={64} />
            </Form.Item>
            <Form.Item name="segmentCode" label={f('segmentCode')} rules={required}>
              <Input maxLength={32} />
            </Form.Item>
            <Form.Item name="segmentName" label={f('segmentName')} rules={required}>
              <Input maxLength={64} />
            </Form.Item>
            <Form.Item name="featureName" label={f('featureName')} rules={required}>
              <Input maxLength={64} />
            </Form.Item>
            <Form.Item name="featureValue" label={f('featureValue')} rules={required}>
              <Input maxLength={64} />
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
