import {
  DECIMAL_KINDS,
  type DecimalKind,
  formatDecimal,
  MAX_DECIMAL_PLACES,
  MIN_DECIMAL_PLACES,
} from '@concord/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Descriptions, Form, InputNumber, Result, Skeleton, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { OperationButton } from '../../components/OperationButton.tsx';
import { useSession } from '../../stores/session.ts';
import { MONEY_FINDINGS_PATH } from '../money-findings/money-findings.paths.ts';
import { PERMISSION } from './BasicDataList.tsx';
import { basicDataApi, basicDataKeys, toDecimalPlaces } from './basic-data.api.ts';

/** Shown beside each setting so the effect of a change is visible before it is saved. */
const SAMPLE = 1234567.891234;

/** /basicdatasetting/decimalplaces (CF_BAS): decimal places of quantities, prices and amounts. */
export function DecimalPlacesPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const isAdmin = useSession((s) => s.userInfo?.isAdmin ?? false);
  const [form] = Form.useForm<Record<DecimalKind, number>>();
  const values = Form.useWatch([], form);
  const setting = useQuery({ queryKey: basicDataKeys.decimalPlaces, queryFn: basicDataApi.decimalPlaces });
  const save = useMutation({
    mutationFn: (v: Record<DecimalKind, number>) =>
      basicDataApi.saveDecimalPlaces({
        settings: DECIMAL_KINDS.map((kind) => ({ kind, places: v[kind] })),
        version: setting.data?.version ?? 0,
      }),
    onSuccess: (saved) => {
      queryClient.setQueryData(basicDataKeys.decimalPlaces, saved);
      message.success(t('basicData.common.saved'));
    },
    meta: { form },
  });

  if (setting.isError && !setting.data) {
    return (
      <Card className="page-card">
        <Result
          status="error"
          title={(setting.error as Error).message}
          extra={<Button onClick={() => void setting.refetch()}>{t('common.retry')}</Button>}
        />
      </Card>
    );
  }
  if (!setting.data) {
    return (
      <Card className="page-card">
        <Skeleton active />
      </Card>
    );
  }
  const current = toDecimalPlaces(setting.data);
  return (
    <Card className="page-card" title={t('basicData.decimals.title')}>
      <Typography.Paragraph type="secondary">{t('basicData.decimals.description')}</Typography.Paragraph>
      <Form
        form={form}
        layout="horizontal"
        labelCol={{ flex: '160px' }}
        initialValues={current}
        onFinish={(v) => save.mutate(v)}
        style={{ maxWidth: 640 }}
      >
        {DECIMAL_KINDS.map((kind) => (
          <Form.Item key={kind} label={t(`basicData.decimals.kinds.${kind}`)} required>
            <Space>
              <Form.Item name={kind} noStyle rules={[{ required: true, message: t('basicData.common.required') }]}>
                <InputNumber
                  min={MIN_DECIMAL_PLACES}
                  max={MAX_DECIMAL_PLACES}
                  precision={0}
                  style={{ width: 100 }}
                  aria-label={t(`basicData.decimals.kinds.${kind}`)}
                />
              </Form.Item>
              <Typography.Text type="secondary">
                {t('basicData.decimals.example', {
                  value: formatDecimal(SAMPLE, values?.[kind] ?? current[kind]),
                })}
              </Typography.Text>
            </Space>
          </Form.Item>
        ))}
        <Form.Item label=" " colon={false}>
          <OperationButton type="primary" htmlType="submit" permission={PERMISSION} loading={save.isPending}>
            {t('common.save')}
          </OperationButton>
        </Form.Item>
      </Form>
      <Descriptions
        size="small"
        column={1}
        style={{ maxWidth: 640 }}
        items={[
          {
            key: 'range',
            label: t('basicData.decimals.rangeLabel'),
            children: t('basicData.decimals.range', { min: MIN_DECIMAL_PLACES, max: MAX_DECIMAL_PLACES }),
          },
          { key: 'defaults', label: t('basicData.decimals.defaultsLabel'), children: t('basicData.decimals.defaults') },
        ]}
      />
      {isAdmin && (
        // The money recompute's report (issue 16) is the administrator's to review.
        <Alert
          type="info"
          showIcon
          style={{ maxWidth: 640, marginTop: 16 }}
          title={t('moneyFindings.section.title')}
          description={
            <>
              {t('moneyFindings.section.text')} <Link to={MONEY_FINDINGS_PATH}>{t('moneyFindings.section.open')}</Link>
            </>
          }
        />
      )}
    </Card>
  );
}
