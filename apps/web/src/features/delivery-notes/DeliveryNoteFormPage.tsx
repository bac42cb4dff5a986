import type { DeliverableLine, DeliveryNoteCreateInput, DeliveryNoteDetail } from '@concord/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { App, Button, Card, DatePicker, Form, Input, InputNumber, Select, Space, Table, Typography } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useIdempotencyKey } from '../../api/useIdempotencyKey.ts';
import { useNumbers } from '../../lib/numbers.ts';
import { deliveryNotesApi, noteKeys } from './delivery-notes.api.ts';

interface Entry {
  qty: number | null;
  batchNo: string;
}

const keyOf = (l: DeliverableLine) => l.planLineId ?? l.orderLineId;
const plus = (a: string, b: string) => String(Number(a) + Number(b));

/**
 * While a draft is edited its own lines hold quantity: they come back to the choice with what they
 * hold added to what is still open (the server frees them before it checks the new lines).
 */
export function withDraftLines(open: DeliverableLine[], draft: DeliveryNoteDetail | undefined): DeliverableLine[] {
  if (!draft) return open;
  const rows = open.map((l) => ({ ...l }));
  for (const n of draft.lines) {
    const key = n.planLineId ?? n.orderLineId;
    const hit = rows.find((l) => keyOf(l) === key);
    if (hit) {
      hit.maxQty = plus(hit.maxQty, n.qty);
      hit.openQty = plus(hit.openQty, n.qty);
      hit.deliveredQty = String(Math.max(0, Number(hit.deliveredQty) - Number(n.qty)));
    } else
      rows.push({
        customerTenantId: draft.customerTenantId,
        customerName: draft.customerName,
        orderId: n.orderId,
        orderNo: n.orderNo,
        orderLineId: n.orderLineId,
        orderLineNo: n.orderLineNo,
        planLineId: n.planLineId,
        planNo: null,
        materialId: n.materialId,
        prdtNo: n.prdtNo,
        prdtName: n.prdtName,
        prdtSpc: n.prdtSpc,
        supPrdtNo: n.supPrdtNo,
        unitName: n.unitName,
        qty: n.qty,
        dueDate: n.dueDate,
        deliveredQty: '0',
        openQty: n.qty,
        maxQty: n.qty,
        materialQty: null,
        smallQty: null,
      });
  }
  return rows;
}

/** Boxes and cartons a quantity packs into, as the server will pack it. */
export function packCount(qty: number, materialQty: string | null, smallQty: string | null) {
  const per = Number(materialQty);
  if (!per || per >= qty) return { smalls: 1, larges: 0 };
  const smalls = Math.ceil(qty / per);
  const group = Math.floor(Number(smallQty));
  return { smalls, larges: group >= 2 ? Math.ceil(smalls / group) : 0 };
}

/**
 * /delivery/deliverynote/filterlist: pick a customer, select open lines, enter quantities and ship;
 * with `?id=` it edits that draft.
 */
export function DeliveryNoteFormPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const editId = useSearchParams()[0].get('id');
  const draft = useQuery({
    queryKey: noteKeys.detail(editId ?? ''),
    queryFn: () => deliveryNotesApi.get(editId!),
    enabled: !!editId,
  });
  const creation = useIdempotencyKey();
  const [customer, setCustomer] = useState<string>();
  const [selected, setSelected] = useState<string[]>([]);
  const [entries, setEntries] = useState<Record<string, Entry>>({});
  const [error, setError] = useState<string | null>(null);
  const [form] = Form.useForm();
  const customers = useQuery({ queryKey: noteKeys.customers, queryFn: deliveryNotesApi.customers });
  const lines = useQuery({
    queryKey: noteKeys.deliverable({ customerTenantId: customer }, 1, 100),
    queryFn: () => deliveryNotesApi.deliverable({ customerTenantId: customer }, 1, 100),
    enabled: !!customer,
  });
  const rows = useMemo(() => withDraftLines(lines.data?.dataList ?? [], draft.data), [lines.data, draft.data]);
  useEffect(() => {
    const d = draft.data;
    if (!d) return;
    setCustomer(d.customerTenantId);
    setSelected(d.lines.map((l) => l.planLineId ?? l.orderLineId));
    setEntries(
      Object.fromEntries(
        d.lines.map((l) => [l.planLineId ?? l.orderLineId, { qty: Number(l.qty), batchNo: l.batchNo }]),
      ),
    );
    form.setFieldsValue({
      shipDate: dayjs(d.shipDate),
      expectedDate: dayjs(d.expectedDate),
      carrier: d.carrier,
      trackingNo: d.trackingNo,
      remark: d.remark,
    });
  }, [draft.data, form]);
  const { fmt } = useNumbers();
  const qty = (v: string) => fmt(v, 'quantity');
  const entryOf = (l: DeliverableLine): Entry => entries[keyOf(l)] ?? { qty: Number(l.openQty), batchNo: '' };
  const chosen = useMemo(() => rows.filter((l) => selected.includes(keyOf(l))), [rows, selected]);

  const save = useMutation({
    mutationFn: async (input: DeliveryNoteCreateInput) => {
      if (!draft.data) return deliveryNotesApi.create(input, creation.key);
      const { customerTenantId: _c, send, ...body } = input;
      const updated = await deliveryNotesApi.update(draft.data.id, { ...body, version: draft.data.version });
      if (send) await deliveryNotesApi.act(updated.id, 'send', updated.version);
      return updated;
    },
    onSuccess: (created) => {
      creation.rotate();
      message.success(t('deliveryNotes.saved', { noteNo: created.noteNo }));
      navigate(`/supplysee/deliverydetail?id=${created.id}`);
    },
    // The error stays beside the lines it is about; a toast would repeat it.
    meta: { silent: true },
    onError: (e: Error) => setError(e.message),
  });

  const submit = async (send: boolean) => {
    setError(null);
    if (!chosen.length) return setError(t('deliveryNotes.form.noLines'));
    for (const l of chosen) {
      const qty = entryOf(l).qty;
      if (!qty || qty <= 0) return setError(`${l.orderNo} #${l.orderLineNo}: ${t('deliveryNotes.form.required')}`);
      if (qty > Number(l.maxQty))
        return setError(
          `${l.orderNo} #${l.orderLineNo}: ${t('deliveryNotes.form.overMax', { max: fmt(l.maxQty, 'quantity') })}`,
        );
    }
    const head = await form.validateFields();
    save.mutate({
      customerTenantId: customer!,
      shipDate: head.shipDate.format('YYYY-MM-DD'),
      expectedDate: head.expectedDate.format('YYYY-MM-DD'),
      carrier: head.carrier ?? '',
      trackingNo: head.trackingNo ?? '',
      remark: head.remark ?? '',
      send,
      lines: chosen.map((l) => ({
        orderLineId: l.orderLineId,
        ...(l.planLineId ? { planLineId: l.planLineId } : {}),
        qty: entryOf(l).qty!,
        batchNo: entryOf(l).batchNo,
      })),
    });
  };

  const set = (l: DeliverableLine, patch: Partial<Entry>) =>
    setEntries((e) => ({ ...e, [keyOf(l)]: { ...entryOf(l), ...patch } }));
  const F = (k: keyof typeof import('./locales/en-US.ts').deliveryNotesEnUS.fields) => t(`deliveryNotes.fields.${k}`);

  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Card size="small">
        <Space wrap>
          <Typography.Text>{t('deliveryNotes.form.pickCustomer')}</Typography.Text>
          <Select
            aria-label={F('customer')}
            style={{ minWidth: 260 }}
            value={customer}
            disabled={!!editId}
            onChange={(v) => {
              setCustomer(v);
              setSelected([]);
            }}
            options={(customers.data ?? []).map((c) => ({ value: c.tenantId, label: `${c.name} (${c.openLines})` }))}
          />
        </Space>
      </Card>
      <Card size="small" title={t('deliveryNotes.form.selectLines')}>
        <Table<DeliverableLine>
          size="small"
          rowKey={keyOf}
          loading={lines.isFetching}
          dataSource={rows}
          pagination={false}
          scroll={{ x: 1200 }}
          rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as string[]) }}
          columns={[
            { title: F('orderNo'), dataIndex: 'orderNo' },
            { title: F('lineNo'), dataIndex: 'orderLineNo', width: 60 },
            { title: F('plan'), dataIndex: 'planNo', render: (v) => v ?? '' },
            { title: F('prdtNo'), dataIndex: 'prdtNo' },
            { title: F('prdtName'), dataIndex: 'prdtName' },
            { title: F('dueDate'), dataIndex: 'dueDate', className: 'cell-nowrap' },
            { title: F('delivered'), dataIndex: 'deliveredQty', align: 'right', render: qty },
            { title: F('maxQty'), dataIndex: 'maxQty', align: 'right', render: qty },
            {
              title: F('qty'),
              key: 'qty',
              render: (_, l) => (
                <InputNumber
                  aria-label={`${F('qty')} ${l.orderNo}-${l.orderLineNo}`}
                  min={0}
                  value={entryOf(l).qty}
                  onChange={(v) => set(l, { qty: v })}
                />
              ),
            },
            {
              title: F('batchNo'),
              key: 'batch',
              render: (_, l) => (
                <Input
                  aria-label={`${F('batchNo')} ${l.orderNo}-${l.orderLineNo}`}
                  maxLength={64}
                  value={entryOf(l).batchNo}
                  onChange={(e) => set(l, { batchNo: e.target.value })}
                />
              ),
            },
            {
              title: F('packing'),
              key: 'packing',
              render: (_, l) => {
                const qty = entryOf(l).qty ?? 0;
                if (qty <= 0) return '';
                const p = packCount(qty, l.materialQty, l.smallQty);
                if (p.smalls === 1) return t('deliveryNotes.form.package', { count: 1 });
                const boxes = t('deliveryNotes.form.boxes', { count: p.smalls });
                return p.larges
                  ? t('deliveryNotes.form.packs', {
                      boxes,
                      cartons: t('deliveryNotes.form.cartons', { count: p.larges }),
                    })
                  : boxes;
              },
            },
          ]}
        />
      </Card>
      <Card size="small">
        <Form form={form} layout="inline" initialValues={{ shipDate: dayjs(), expectedDate: dayjs().add(2, 'day') }}>
          <Form.Item name="shipDate" label={F('shipDate')} rules={[{ required: true }]}>
            <DatePicker />
          </Form.Item>
          <Form.Item name="expectedDate" label={F('expectedDate')} rules={[{ required: true }]}>
            <DatePicker />
          </Form.Item>
          <Form.Item name="carrier" label={F('carrier')}>
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item name="trackingNo" label={F('trackingNo')}>
            <Input maxLength={100} />
          </Form.Item>
          <Form.Item name="remark" label={F('remark')}>
            <Input maxLength={1000} />
          </Form.Item>
        </Form>
        {error && (
          <Typography.Text type="danger" role="alert">
            {error}
          </Typography.Text>
        )}
        <Space style={{ marginTop: 12 }}>
          <Button onClick={() => submit(false)} loading={save.isPending} disabled={!customer}>
            {t('deliveryNotes.actions.saveDraft')}
          </Button>
          <Button type="primary" onClick={() => submit(true)} loading={save.isPending} disabled={!customer}>
            {t('deliveryNotes.actions.saveAndSend')}
          </Button>
        </Space>
      </Card>
    </Space>
  );
}
