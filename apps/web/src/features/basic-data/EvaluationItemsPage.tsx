import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { EvaluationItem, EvaluationItemInput } from '@concord/shared';
import { Button, Form, Input, InputNumber, Space, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { requiredRule } from '../../lib/formRules.ts';
import { useLocale } from '../accounts/useLocale.ts';
import { BasicDataList } from './BasicDataList.tsx';
import { ValidTag } from './parts.tsx';

type Field =
  | 'code'
  | 'name'
  | 'reviewCriteria'
  | 'maxScore'
  | 'options'
  | 'score'
  | 'description'
  | 'enabled'
  | 'remarks';

/** /basicdatasetting/evaluation-project (CF_BAS): review items with single-choice scoring options. */
export function EvaluationItemsPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const f = (key: Field) => t(`basicData.evaluationItems.fields.${key}`);
  const required = [requiredRule(locale)];
  const numberRequired = [{ required: true, message: t('basicData.common.required') }];
  return (
    <BasicDataList<EvaluationItem, EvaluationItemInput>
      resource="evaluation-projects"
      texts={{
        add: t('basicData.evaluationItems.add'),
        edit: t('basicData.evaluationItems.edit'),
        empty: t('basicData.evaluationItems.empty'),
        deleteConfirm: (row) => t('basicData.common.deleteConfirm', { name: `${row.code} ${row.name}` }),
      }}
      columns={[
        { key: 'code', title: f('code'), dataIndex: 'code', width: 100 },
        { key: 'name', title: f('name'), dataIndex: 'name', width: 180 },
        { key: 'reviewCriteria', title: f('reviewCriteria'), dataIndex: 'reviewCriteria', width: 300, ellipsis: true },
        { key: 'maxScore', title: f('maxScore'), dataIndex: 'maxScore', width: 100, align: 'right' },
        {
          key: 'options',
          title: f('options'),
          dataIndex: 'options',
          width: 360,
          render: (options: EvaluationItem['options']) => (
            <Space orientation="vertical" size={0}>
              {options.map((o) => (
                <Typography.Text key={o.score}>
                  <Typography.Text strong>{o.score}</Typography.Text> · {o.description}
                </Typography.Text>
              ))}
            </Space>
          ),
        },
        {
          key: 'enabled',
          title: f('enabled'),
          dataIndex: 'enabled',
          width: 90,
          render: (v: boolean) => <ValidTag valid={v} enabledWords />,
        },
        { key: 'remarks', title: f('remarks'), dataIndex: 'remarks', width: 160, ellipsis: true },
      ]}
      form={{
        width: '50%',
        initial: { enabled: true, options: [{ score: 0, description: '' }] },
        fromRow: (r) => ({
          code: r.code,
          name: r.name,
          reviewCriteria: r.reviewCriteria,
          maxScore: r.maxScore,
          options: r.options,
          enabled: r.enabled,
          remarks: r.remarks,
        }),
        toInput: (v) => v,
        render: () => (
          <>
            <Space.Compact block>
              <Form.Item name="code" label={f('code')} rules={required} style={{ width: '35%' }}>
                <Input maxLength={32} />
              </Form.Item>
              <Form.Item name="name" label={f('name')} rules={required} style={{ width: '65%', paddingLeft: 12 }}>
                <Input maxLength={64} />
              </Form.Item>
            </Space.Compact>
            <Form.Item name="reviewCriteria" label={f('reviewCriteria')} rules={required}>
              <Input.TextArea maxLength={1000} rows={2} />
            </Form.Item>
            <Form.Item name="maxScore" label={f('maxScore')} rules={numberRequired}>
              <InputNumber min={0.01} max={100} precision={2} style={{ width: 160 }} />
            </Form.Item>
            <Typography.Text strong>{f('options')}</Typography.Text>
            <Form.List name="options">
              {(fields, { add, remove }) => (
                <div style={{ marginTop: 8 }}>
                  {fields.map((field) => (
                    <Space key={field.key} align="baseline" style={{ display: 'flex' }}>
                      <Form.Item
                        name={[field.name, 'score']}
                        rules={[
                          ...numberRequired,
                          ({ getFieldValue }) => ({
                            validator: async (_r, value: number | null) => {
                              const max = getFieldValue('maxScore') as number | null;
                              if (value !== null && max !== null && value > max) {
                                throw new Error(t('basicData.evaluationItems.scoreAboveMax', { max }));
                              }
                            },
                          }),
                        ]}
                      >
                        <InputNumber min={0} max={100} precision={2} placeholder={f('score')} style={{ width: 110 }} />
                      </Form.Item>
                      <Form.Item name={[field.name, 'description']} rules={required} style={{ width: 360 }}>
                        <Input maxLength={200} placeholder={f('description')} />
                      </Form.Item>
                      <Button
                        type="text"
                        danger
                        icon={<DeleteOutlined />}
                        disabled={fields.length === 1}
                        aria-label={t('common.delete')}
                        onClick={() => remove(field.name)}
                      />
                    </Space>
                  ))}
                  <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ score: 0, description: '' })}>
                    {t('basicData.evaluationItems.addOption')}
                  </Button>
                </div>
              )}
            </Form.List>
            <Form.Item name="enabled" label={f('enabled')} valuePropName="checked" style={{ marginTop: 16 }}>
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
