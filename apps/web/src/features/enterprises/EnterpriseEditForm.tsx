import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  type EnterpriseInfo,
  type EnterpriseUpdateInput,
  enterpriseFieldsSchema,
  RANK_TYPES,
  SCALES,
  VALIDITY_TYPES,
} from '@concord/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Checkbox, Col, DatePicker, Form, Input, Row, Select, Space, Switch, Table } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DATE_FORMAT } from '../../lib/dates.ts';
import { requiredRule, zodRule } from '../../lib/formRules.ts';
import { useSession } from '../../stores/session.ts';
import { useLocale } from '../accounts/useLocale.ts';
import { type Attachment, AttachmentsField } from './AttachmentsField.tsx';
import { enterpriseKeys, enterprisesApi } from './enterprises.api.ts';

interface CapabilityValues {
  id?: string;
  number: string;
  title: string;
  remark?: string;
  validityType: (typeof VALIDITY_TYPES)[number];
  expiryDate?: Dayjs | null;
  attachments?: Attachment[];
}

type Values = Omit<EnterpriseUpdateInput, 'capabilities' | 'version'> & { capabilities: CapabilityValues[] };

/** The zones this browser knows, the enterprise's own kept even where the list spells it otherwise. */
function timeZoneOptions(current: string) {
  const zones = Intl.supportedValuesOf('timeZone');
  return [...new Set([current, 'UTC', ...zones])].sort().map((zone) => ({ value: zone, label: zone }));
}

function toValues(info: EnterpriseInfo): Values {
  const { id: _id, compNo: _no, inviteCode: _code, version: _v, createdAt: _c, capabilities, ...fields } = info;
  return {
    ...fields,
    capabilities: capabilities.map((c) => ({ ...c, expiryDate: c.expiryDate ? dayjs(c.expiryDate) : null })),
  };
}

export function EnterpriseEditForm({ info, onDone }: { info: EnterpriseInfo; onDone: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const zones = useMemo(() => timeZoneOptions(info.timeZone), [info.timeZone]);

  const save = useMutation({
    mutationFn: (v: Values) =>
      enterprisesApi.update({
        ...v,
        version: info.version,
        capabilities: (v.capabilities ?? []).map((c) => ({
          ...c,
          remark: c.remark ?? '',
          attachments: c.attachments ?? [],
          expiryDate: c.expiryDate ? c.expiryDate.format(DATE_FORMAT) : null,
        })),
      }),
    meta: { form },
    onSuccess: (updated) => {
      queryClient.setQueryData(enterpriseKeys.info, updated);
      // Instants are shown in the enterprise's zone: a new one applies at once, not at the next sign-in.
      const { userInfo } = useSession.getState();
      if (userInfo?.tenant) {
        useSession.setState({ userInfo: { ...userInfo, tenant: { ...userInfo.tenant, timeZone: updated.timeZone } } });
      }
      message.success(t('common.saved'));
      onDone();
    },
    onError: () => {
      // A 409 means someone else saved first: fetch their version so the next save can succeed.
      void queryClient.invalidateQueries({ queryKey: enterpriseKeys.info });
    },
  });

  const text = (name: keyof Values, max: number, area = false) => (
    <Form.Item name={name} label={t(`enterprise.${name as 'profile'}`)}>
      {area ? <Input.TextArea rows={3} maxLength={max} showCount /> : <Input maxLength={max} />}
    </Form.Item>
  );

  return (
    <Form form={form} layout="vertical" initialValues={toValues(info)} onFinish={(v) => save.mutate(v)}>
      <Card
        title={t('enterprise.editTitle')}
        className="page-card"
        extra={
          <Space>
            <Button onClick={onDone}>{t('common.cancel')}</Button>
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              {t('common.save')}
            </Button>
          </Space>
        }
      >
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="name" label={t('enterprise.name')} rules={[requiredRule(locale)]}>
              <Input maxLength={128} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="shortName" label={t('enterprise.shortName')} rules={[requiredRule(locale)]}>
              <Input maxLength={64} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            {text('printName', 128)}
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="socialCreditCode"
              label={t('enterprise.socialCreditCode')}
              rules={[zodRule(enterpriseFieldsSchema.shape.socialCreditCode, locale)]}
            >
              <Input maxLength={18} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            {text('industry', 64)}
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="scale" label={t('enterprise.scale')}>
              <Select
                options={[
                  { value: '', label: t('enterprise.scaleUnset') },
                  ...SCALES.map((s) => ({ value: s, label: t(`enterprise.scales.${s}`) })),
                ]}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            {text('legalPerson', 64)}
          </Col>
          <Col xs={24} md={12}>
            {text('bankName', 128)}
          </Col>
          <Col xs={24} md={12}>
            {text('bankAccount', 64)}
          </Col>
          <Col xs={24} md={12}>
            {text('phone', 32)}
          </Col>
          <Col xs={24}>{text('address', 255)}</Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="timeZone"
              label={t('enterprise.timeZone')}
              extra={t('enterprise.timeZoneHint')}
              rules={[requiredRule(locale)]}
            >
              <Select showSearch options={zones} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="isDataCentre" label={t('enterprise.isDataCentre')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="contractCapWarning"
              label={t('enterprise.contractCapWarning')}
              extra={t('enterprise.contractCapWarningHint')}
              valuePropName="checked"
            >
              <Switch />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="subsidiaries" label={t('enterprise.subsidiaries')}>
              <Select mode="tags" open={false} placeholder={t('enterprise.tagsHint')} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="divisions" label={t('enterprise.divisions')}>
              <Select mode="tags" open={false} placeholder={t('enterprise.tagsHint')} />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item name="rankTypes" label={t('enterprise.rankTypes')}>
              <Checkbox.Group options={RANK_TYPES.map((r) => ({ value: r, label: t(`enterprise.ranks.${r}`) }))} />
            </Form.Item>
          </Col>
          <Col xs={24}>{text('profile', 2000, true)}</Col>
          <Col xs={24}>{text('contractTerms', 5000, true)}</Col>
        </Row>
      </Card>
      <Card title={t('enterprise.capabilities')} className="page-card">
        <Form.List name="capabilities">
          {(fields, { add, remove }) => (
            <>
              <Table
                size="small"
                rowKey="key"
                pagination={false}
                dataSource={fields}
                scroll={{ x: 1000 }}
                columns={[
                  {
                    title: t('enterprise.capabilityNumber'),
                    width: 140,
                    render: (_v, f) => (
                      <Form.Item name={[f.name, 'number']} rules={[requiredRule(locale)]} style={{ margin: 0 }}>
                        <Input maxLength={64} />
                      </Form.Item>
                    ),
                  },
                  {
                    title: t('enterprise.capabilityTitle'),
                    render: (_v, f) => (
                      <Form.Item name={[f.name, 'title']} rules={[requiredRule(locale)]} style={{ margin: 0 }}>
                        <Input maxLength={128} />
                      </Form.Item>
                    ),
                  },
                  {
                    title: t('enterprise.capabilityRemark'),
                    render: (_v, f) => (
                      <Form.Item name={[f.name, 'remark']} style={{ margin: 0 }}>
                        <Input maxLength={500} />
                      </Form.Item>
                    ),
                  },
                  {
                    title: t('enterprise.validity'),
                    width: 130,
                    render: (_v, f) => (
                      <Form.Item
                        name={[f.name, 'validityType']}
                        rules={[{ required: true, message: '' }]}
                        style={{ margin: 0 }}
                      >
                        <Select
                          options={VALIDITY_TYPES.map((v) => ({ value: v, label: t(`enterprise.validityTypes.${v}`) }))}
                          onChange={(v: string) => {
                            // N years counts from today; a specified date is picked by hand.
                            if (v !== 'date') {
                              form.setFieldValue(
                                ['capabilities', f.name, 'expiryDate'],
                                dayjs().add(Number(v), 'year'),
                              );
                            }
                          }}
                        />
                      </Form.Item>
                    ),
                  },
                  {
                    title: t('enterprise.expiryDate'),
                    width: 150,
                    render: (_v, f) => (
                      <Form.Item
                        name={[f.name, 'expiryDate']}
                        style={{ margin: 0 }}
                        dependencies={[['capabilities', f.name, 'validityType']]}
                        rules={[
                          ({ getFieldValue }) => ({
                            required: getFieldValue(['capabilities', f.name, 'validityType']) === 'date',
                            message: t('enterprise.expiryRequired'),
                          }),
                        ]}
                      >
                        <DatePicker format={DATE_FORMAT} />
                      </Form.Item>
                    ),
                  },
                  {
                    title: t('enterprise.attachments'),
                    width: 200,
                    render: (_v, f) => (
                      <Form.Item name={[f.name, 'attachments']} style={{ margin: 0 }}>
                        <AttachmentsField />
                      </Form.Item>
                    ),
                  },
                  {
                    title: t('common.operation'),
                    width: 80,
                    render: (_v, f) => (
                      <Button
                        danger
                        type="text"
                        icon={<DeleteOutlined />}
                        aria-label={t('common.delete')}
                        onClick={() => remove(f.name)}
                      />
                    ),
                  },
                ]}
              />
              <Button
                type="dashed"
                block
                icon={<PlusOutlined />}
                style={{ marginTop: 8 }}
                onClick={() =>
                  add({
                    number: '',
                    title: '',
                    remark: '',
                    validityType: '1',
                    expiryDate: dayjs().add(1, 'year'),
                    attachments: [],
                  })
                }
              >
                {t('enterprise.addCapability')}
              </Button>
            </>
          )}
        </Form.List>
      </Card>
    </Form>
  );
}
