import { EyeOutlined } from '@ant-design/icons';
import { DEFAULT_DECIMAL_PLACES, MASK, type ReconcilableLine, sumDecimals } from '@concord/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Card, DatePicker, Empty, Form, Input, Modal, Select, Space, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useIdempotencyKey } from '../../api/useIdempotencyKey.ts';
import { type LineColumn, LineTable, QtyWithUnit } from '../../components/LineTable.tsx';
import { DATE_FORMAT } from '../../lib/dates.ts';
import { formatNumber, numberColumn } from './parts.tsx';
import { type Side, statementKeys, statementPaths, statementsApi } from './reconciliations.api.ts';

interface Values {
  partner?: string;
  period?: [Dayjs, Dayjs];
  remark?: string;
}

/**
 * Drafting a statement: the partner and the period, a preview of the warehoused receipt lines no
 * statement holds yet (all chosen at first), then create. The buyer opens it in a dialog from its
 * list, the supplier on its own page (/workers/workernote/components/newstate).
 */
export function NewStatementForm({ side, onDone }: { side: Side; onDone: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const idem = useIdempotencyKey();
  const [preview, setPreview] = useState<{ lines: ReconcilableLine[]; query: PreviewQuery } | null>(null);
  const [chosen, setChosen] = useState<string[]>([]);
  const partners = useQuery({ queryKey: statementKeys.partners(side), queryFn: () => statementsApi.partners(side) });
  const places = DEFAULT_DECIMAL_PLACES;

  type PreviewQuery = {
    side: Side;
    supplierId?: string;
    customerTenantId?: string;
    periodFrom: string;
    periodTo: string;
  };

  const queryOf = (v: Values): PreviewQuery => ({
    side,
    ...(side === 'buyer' ? { supplierId: v.partner } : { customerTenantId: v.partner }),
    periodFrom: v.period![0].format(DATE_FORMAT),
    periodTo: v.period![1].format(DATE_FORMAT),
  });

  const load = useMutation({
    mutationFn: (query: PreviewQuery) => statementsApi.reconcilable(query),
    onSuccess: (lines, query) => {
      setPreview({ lines, query });
      setChosen(lines.map((l) => l.id));
    },
  });

  const create = useMutation({
    mutationFn: () =>
      statementsApi.create(
        { ...preview!.query, receiptLineIds: chosen, remark: form.getFieldValue('remark') ?? '' },
        idem.key,
      ),
    onSuccess: (created) => {
      idem.rotate();
      message.success(t('reconciliations.done.create', { no: created.statementNo }));
      onDone();
      navigate(statementPaths(side).detail(created.id));
    },
  });

  // The chosen amount per currency, summed exactly; a statement holds one currency, so more than one
  // is pointed out before the server refuses it.
  const picked = preview?.lines.filter((l) => chosen.includes(l.id)) ?? [];
  const currencies = [...new Set(picked.map((l) => l.currency))].sort();
  const amount = currencies
    .map((c) => {
      const amounts = picked.filter((l) => l.currency === c).map((l) => l.amount);
      const sum = amounts.includes(MASK) ? MASK : formatNumber(sumDecimals(amounts, places.amount), places.amount);
      return `${sum} ${c}`;
    })
    .join('; ');

  // Must-see (UI.md), within the 50 % dialog at 1366 px: the receipt and its date, the material, the
  // quantity and the amount with its currency; the order and the price on demand.
  const columns: LineColumn<ReconcilableLine>[] = [
    {
      key: 'receipt',
      title: t('reconciliations.fields.receiptNo'),
      dataIndex: 'receiptNo',
      width: 140,
      render: (no: string, l) => (
        <>
          <div>{no}</div>
          <Typography.Text type="secondary">{l.receiptDate}</Typography.Text>
        </>
      ),
    },
    { key: 'orderNo', title: t('reconciliations.fields.orderNo'), dataIndex: 'orderNo', width: 150 },
    {
      key: 'material',
      title: t('reconciliations.fields.material'),
      width: 160,
      ellipsis: { showTitle: true },
      render: (_v, l) => `${l.prdtNo} ${l.prdtName}`.trim(),
    },
    {
      key: 'qty',
      title: t('reconciliations.fields.qty'),
      dataIndex: 'qty',
      width: 100,
      align: 'right',
      render: (v: string, l) => <QtyWithUnit qty={formatNumber(v, places.quantity)} unit={l.unitName} />,
    },
    {
      key: 'price',
      title: t('reconciliations.fields.price'),
      dataIndex: 'price',
      width: 110,
      ...numberColumn(places.price),
    },
    {
      key: 'amount',
      title: t('reconciliations.fields.amount'),
      dataIndex: 'amount',
      width: 130,
      align: 'right',
      render: (v: string, l) => (v === MASK ? MASK : `${formatNumber(v, places.amount)} ${l.currency}`),
    },
  ];

  return (
    <Form<Values>
      form={form}
      // Its own field ids: under the buyer's list the search form has a "partner" and a "period" too.
      name="newStatement"
      layout="vertical"
      onFinish={(v) => load.mutate(queryOf(v))}
      onValuesChange={(changed) => {
        if ('partner' in changed || 'period' in changed) setPreview(null);
      }}
    >
      {/* Partner, period and the button fit one row of the 50 % dialog at 1366 px. */}
      <Space wrap align="end" size="small">
        <Form.Item
          name="partner"
          label={side === 'buyer' ? t('reconciliations.fields.supplier') : t('reconciliations.fields.customer')}
          rules={[{ required: true, message: t('reconciliations.create.partnerRequired') }]}
        >
          <Select
            style={{ width: 200 }}
            loading={partners.isPending}
            showSearch={{ optionFilterProp: 'label' }}
            options={(partners.data ?? []).map((p) => ({ value: p.id, label: `${p.code} ${p.name}`.trim() }))}
          />
        </Form.Item>
        <Form.Item
          name="period"
          label={t('reconciliations.fields.period')}
          rules={[{ required: true, message: t('reconciliations.create.periodRequired') }]}
        >
          <DatePicker.RangePicker format={DATE_FORMAT} style={{ width: 250 }} />
        </Form.Item>
        <Form.Item>
          <Button htmlType="submit" icon={<EyeOutlined />} loading={load.isPending}>
            {t('reconciliations.actions.preview')}
          </Button>
        </Form.Item>
      </Space>
      {!preview ? (
        <Alert type="info" showIcon title={t('reconciliations.create.previewHint')} style={{ marginBottom: 12 }} />
      ) : preview.lines.length === 0 ? (
        <Empty description={t('reconciliations.create.previewEmpty')} />
      ) : (
        <>
          <LineTable<ReconcilableLine>
            id="statement-choice"
            rowKey="id"
            columns={columns}
            optional={['orderNo', 'price']}
            dataSource={preview.lines}
            cardTitle={['receipt']}
            rowSelection={{ selectedRowKeys: chosen, onChange: (keys) => setChosen(keys as string[]), columnWidth: 60 }}
            height={360}
          />
          <div style={{ margin: '8px 0 12px' }}>
            {t('reconciliations.create.selected', { count: chosen.length, total: preview.lines.length, amount })}
          </div>
          {currencies.length > 1 && (
            <Alert
              type="warning"
              showIcon
              style={{ marginBottom: 12 }}
              title={t('reconciliations.create.mixedCurrencies', { currencies: currencies.join(', ') })}
            />
          )}
        </>
      )}
      <Form.Item name="remark" label={t('reconciliations.fields.remark')}>
        <Input.TextArea maxLength={1000} rows={2} />
      </Form.Item>
      <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button onClick={onDone}>{t('common.cancel')}</Button>
        <Button
          type="primary"
          disabled={!preview?.lines.length || currencies.length > 1}
          loading={create.isPending}
          onClick={() => {
            if (!chosen.length) {
              message.warning(t('reconciliations.create.selectAtLeastOne'));
              return;
            }
            create.mutate();
          }}
        >
          {t('reconciliations.actions.create')}
        </Button>
      </Space>
    </Form>
  );
}

/** The buyer's dialog (UI.md: 50 % wide, no close on backdrop click). */
export function NewStatementDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      title={t('reconciliations.create.title')}
      width="50%"
      footer={null}
      mask={{ closable: false }}
      destroyOnHidden
      onCancel={onClose}
    >
      <NewStatementForm side="buyer" onDone={onClose} />
    </Modal>
  );
}

/** The supplier's page /workers/workernote/components/newstate. */
export function SupplierNewStatementPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Card className="page-card" title={t('reconciliations.create.title')}>
      <NewStatementForm side="supplier" onDone={() => navigate(statementPaths('supplier').list)} />
    </Card>
  );
}
