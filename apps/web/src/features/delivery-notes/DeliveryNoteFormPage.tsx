import {
  addDecimals,
  compareDecimals,
  type DeliverableLine,
  type DeliveryNoteCreateInput,
  type DeliveryNoteDetail,
  packageCounts,
  subtractDecimals,
} from '@concord/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { App, Button, Card, DatePicker, Form, Input, Select, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useIdempotencyKey } from '../../api/useIdempotencyKey.ts';
import { DecimalInput } from '../../components/DecimalInput.tsx';
import { LineTable } from '../../components/LineTable.tsx';
import { errorText, fieldErrorsOf } from '../../lib/fieldErrors.ts';
import { numberFormat } from '../../lib/numbers.ts';
import { CellError, lineErrorsOf } from '../receiving-plans/parts.tsx';
import { deliveryNotesApi, noteKeys } from './delivery-notes.api.ts';

interface Entry {
  /** Decimal text as typed, sent as it is (issue 16). */
  qty: string | null;
  batchNo: string;
}

const keyOf = (l: DeliverableLine) => l.planLineId ?? l.orderLineId;
/** A line's quantity at the places of its own order, which may differ from another line's. */
const qtyOf = (l: DeliverableLine, value: string) => numberFormat(l.decimalPlaces).fmt(value, 'quantity');

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
      const places = hit.decimalPlaces.quantity;
      hit.maxQty = addDecimals(hit.maxQty, n.qty, places);
      hit.openQty = addDecimals(hit.openQty, n.qty, places);
      const delivered = subtractDecimals(hit.deliveredQty, n.qty, places);
      hit.deliveredQty = compareDecimals(delivered, '0') < 0 ? '0' : delivered;
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
        decimalPlaces: draft.decimalPlaces,
      });
  }
  return rows;
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
  /** Each line's problems, shown in their cells: `lineKey.qty`, `lineKey.batchNo`. */
  const [lineErrors, setLineErrors] = useState<Record<string, string>>({});
  /** The keys of the lines as last sent: the server names a line by its index there (`lines.2.qty`). */
  const sentKeys = useRef<string[]>([]);
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
      Object.fromEntries(d.lines.map((l) => [l.planLineId ?? l.orderLineId, { qty: l.qty, batchNo: l.batchNo }])),
    );
    form.setFieldsValue({
      shipDate: dayjs(d.shipDate),
      expectedDate: dayjs(d.expectedDate),
      carrier: d.carrier,
      trackingNo: d.trackingNo,
      remark: d.remark,
    });
  }, [draft.data, form]);
  const entryOf = (l: DeliverableLine): Entry => entries[keyOf(l)] ?? { qty: l.openQty, batchNo: '' };
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
    // Every problem is shown here, beside its field or line; a toast would repeat it.
    meta: { silent: true },
    onError: (e: Error) => {
      const { cells, rest } = lineErrorsOf(e, { rowKeys: sentKeys.current, fields: ['qty', 'batchNo'] }, form);
      setLineErrors(cells);
      const allPlaced = fieldErrorsOf(e).length > 0 && !rest.length;
      setError(allPlaced ? t('deliveryNotes.form.fixMarked') : errorText(e, rest));
    },
  });

  const submit = (send: boolean) => {
    setError(null);
    if (!chosen.length) return setError(t('deliveryNotes.form.noLines'));
    const problems: Record<string, string> = {};
    for (const l of chosen) {
      const qty = entryOf(l).qty;
      if (!qty || compareDecimals(qty, '0') <= 0) problems[`${keyOf(l)}.qty`] = t('deliveryNotes.form.required');
      else if (compareDecimals(qty, l.maxQty) > 0)
        problems[`${keyOf(l)}.qty`] = t('deliveryNotes.form.overMax', { max: qtyOf(l, l.maxQty) });
    }
    setLineErrors(problems);
    if (Object.keys(problems).length) return setError(t('deliveryNotes.form.fixMarked'));
    form
      .validateFields()
      .then((head) => {
        sentKeys.current = chosen.map(keyOf);
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
      })
      // The form shows its own field problems.
      .catch(() => {});
  };

  const set = (l: DeliverableLine, patch: Partial<Entry>) => {
    setEntries((e) => ({ ...e, [keyOf(l)]: { ...entryOf(l), ...patch } }));
    setLineErrors((all) =>
      Object.fromEntries(
        Object.entries(all).filter(([k]) => !Object.keys(patch).some((f) => k === `${keyOf(l)}.${f}`)),
      ),
    );
  };
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
        <LineTable<DeliverableLine>
          id="delivery-note-choice"
          rowKey={keyOf}
          loading={lines.isFetching}
          dataSource={rows}
          optional={['plan', 'delivered']}
          cardTitle={['order', 'material']}
          rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys as string[]) }}
          // Must-see (UI.md): the order line and material, when it is due, how much may still go and
          // what this note ships (quantity, batch, packing); the plan and what went before on demand.
          columns={[
            {
              key: 'order',
              title: F('orderNo'),
              dataIndex: 'orderNo',
              width: 150,
              render: (v, l) => `${v} #${l.orderLineNo}`,
            },
            { key: 'plan', title: F('plan'), dataIndex: 'planNo', width: 140, render: (v) => v ?? '' },
            {
              key: 'material',
              title: F('material'),
              width: 180,
              ellipsis: { showTitle: true },
              render: (_, l) => `${l.prdtNo} ${l.prdtName}`.trim(),
            },
            { key: 'dueDate', title: F('dueDate'), dataIndex: 'dueDate', width: 100 },
            {
              key: 'delivered',
              title: F('delivered'),
              dataIndex: 'deliveredQty',
              width: 100,
              align: 'right',
              render: (v, l) => qtyOf(l, v),
            },
            {
              key: 'maxQty',
              title: F('maxQty'),
              dataIndex: 'maxQty',
              width: 100,
              align: 'right',
              render: (v, l) => qtyOf(l, v),
            },
            {
              title: F('qty'),
              key: 'qty',
              width: 130,
              render: (_, l) => {
                const problem = lineErrors[`${keyOf(l)}.qty`];
                return (
                  <>
                    <DecimalInput
                      aria-label={`${F('qty')} ${l.orderNo}-${l.orderLineNo}`}
                      aria-invalid={!!problem}
                      status={problem ? 'error' : undefined}
                      places={l.decimalPlaces.quantity}
                      min="0"
                      value={entryOf(l).qty}
                      onChange={(v) => set(l, { qty: v })}
                    />
                    <CellError message={problem} />
                  </>
                );
              },
            },
            {
              title: F('batchNo'),
              key: 'batch',
              width: 130,
              render: (_, l) => {
                const problem = lineErrors[`${keyOf(l)}.batchNo`];
                return (
                  <>
                    <Input
                      aria-label={`${F('batchNo')} ${l.orderNo}-${l.orderLineNo}`}
                      aria-invalid={!!problem}
                      status={problem ? 'error' : undefined}
                      maxLength={64}
                      value={entryOf(l).batchNo}
                      onChange={(e) => set(l, { batchNo: e.target.value })}
                    />
                    <CellError message={problem} />
                  </>
                );
              },
            },
            {
              title: F('packing'),
              key: 'packing',
              width: 150,
              render: (_, l) => {
                const qty = entryOf(l).qty;
                if (!qty || compareDecimals(qty, '0') <= 0) return '';
                const p = packageCounts(qty, l.materialQty, l.smallQty);
                if (p.smalls === 1n) return t('deliveryNotes.form.package', { count: 1 });
                // Counts of packages, for the plural rules; the server refuses more than 5,000 anyway.
                const boxes = t('deliveryNotes.form.boxes', { count: Number(p.smalls) });
                return p.larges
                  ? t('deliveryNotes.form.packs', {
                      boxes,
                      cartons: t('deliveryNotes.form.cartons', { count: Number(p.larges) }),
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
          <Typography.Paragraph type="danger" role="alert" style={{ marginBottom: 0 }}>
            {error}
          </Typography.Paragraph>
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
