import {
  DICT_TYPES,
  DICT_TYPES_WITH_VALUE,
  type DictionaryInput,
  type DictionaryItem,
  type DictType,
} from '@concord/shared';
import { Card, Form, Input, InputNumber, Switch, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { DecimalInput } from '../../components/DecimalInput.tsx';
import { useListParams } from '../../components/list/useListParams.ts';
import { formatDateTime } from '../../lib/dates.ts';
import { requiredRule } from '../../lib/formRules.ts';
import { useNumbers } from '../../lib/numbers.ts';
import { useLocale } from '../accounts/useLocale.ts';
import { BasicDataList } from './BasicDataList.tsx';
import { ValidTag } from './parts.tsx';

/** A tax rate is kept with four places (13.0625 %), as on every order line. */
const TAX_RATE_PLACES = 4;

/**
 * /basicdatasetting/basicdatamaintenance (CF_BAS): one tab per dictionary type (units, currencies,
 * tax rates, payment methods and conditions, delivery types, …).
 */
export function BasicDataMaintenancePage() {
  const { t } = useTranslation();
  const { get, reset, update } = useListParams();
  const tab = DICT_TYPES.find((x) => x === get('tab')) ?? 'unit';
  return (
    <Card className="page-card" styles={{ body: { paddingTop: 4 } }}>
      <Tabs
        activeKey={tab}
        onChange={(next) => {
          reset([]);
          update({ tab: next });
        }}
        items={DICT_TYPES.map((key) => ({ key, label: t(`basicData.dictionaries.types.${key}`) }))}
      />
      <DictionaryList key={tab} dictType={tab} />
    </Card>
  );
}

function DictionaryList({ dictType }: { dictType: DictType }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { rate } = useNumbers();
  const f = (key: 'code' | 'name' | 'value' | 'sortOrder' | 'enabled' | 'remarks' | 'updatedAt') =>
    t(`basicData.dictionaries.fields.${key}`);
  const hasValue = DICT_TYPES_WITH_VALUE.includes(dictType);
  const typeName = t(`basicData.dictionaries.types.${dictType}`);
  return (
    <BasicDataList<DictionaryItem, DictionaryInput>
      bare
      resource="dictionaries"
      baseFilter={{ dictType }}
      texts={{
        add: t('basicData.dictionaries.add', { type: typeName }),
        edit: t('basicData.dictionaries.edit', { type: typeName }),
        empty: t('basicData.dictionaries.empty', { type: typeName }),
        deleteConfirm: (row) => t('basicData.common.deleteConfirm', { name: `${row.code} ${row.name}` }),
      }}
      columns={[
        { key: 'code', title: f('code'), dataIndex: 'code', width: 140 },
        { key: 'name', title: f('name'), dataIndex: 'name', width: 260 },
        ...(hasValue
          ? [
              {
                key: 'value',
                title: f('value'),
                dataIndex: 'value',
                width: 110,
                align: 'right' as const,
                render: (v: string | null) => rate(v),
              },
            ]
          : []),
        { key: 'sortOrder', title: f('sortOrder'), dataIndex: 'sortOrder', width: 90, align: 'right' },
        {
          key: 'enabled',
          title: f('enabled'),
          dataIndex: 'enabled',
          width: 90,
          render: (v: boolean) => <ValidTag valid={v} enabledWords />,
        },
        { key: 'remarks', title: f('remarks'), dataIndex: 'remarks', ellipsis: true },
        { key: 'updatedAt', title: f('updatedAt'), dataIndex: 'updatedAt', width: 170, render: formatDateTime },
      ]}
      form={{
        initial: { dictType, enabled: true, sortOrder: 0, value: null },
        fromRow: (r) => ({
          dictType,
          code: r.code,
          name: r.name,
          value: r.value,
          sortOrder: r.sortOrder,
          enabled: r.enabled,
          remarks: r.remarks,
        }),
        toInput: (v) => ({ ...v, dictType, value: hasValue ? (v.value ?? null) : null }),
        render: () => (
          <>
            <Form.Item name="code" label={f('code')} rules={[requiredRule(locale)]}>
              <Input maxLength={32} />
            </Form.Item>
            <Form.Item name="name" label={f('name')} rules={[requiredRule(locale)]}>
              <Input maxLength={64} />
            </Form.Item>
            {hasValue && (
              <Form.Item
                name="value"
                label={f('value')}
                rules={[{ required: true, message: t('basicData.common.required') }]}
              >
                <DecimalInput places={TAX_RATE_PLACES} min="0" max="100" suffix="%" style={{ width: 160 }} />
              </Form.Item>
            )}
            <Form.Item name="sortOrder" label={f('sortOrder')}>
              <InputNumber min={0} max={99999} precision={0} style={{ width: 160 }} />
            </Form.Item>
            <Form.Item name="enabled" label={f('enabled')} valuePropName="checked">
              <Switch />
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
