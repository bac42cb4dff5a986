import { ArrowLeftOutlined, SaveOutlined, SendOutlined } from '@ant-design/icons';
import {
  MASK,
  type PurchaseOrderCreateInput,
  type PurchaseOrderDetail,
  type UploadedFileRef,
  validationMessage,
} from '@concord/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  AutoComplete,
  Button,
  Card,
  DatePicker,
  Form,
  Input,
  Select,
  Space,
  Switch,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useIdempotencyKey } from '../../api/useIdempotencyKey.ts';
import { DATE_FORMAT, todayDate } from '../../lib/dates.ts';
import { requiredRule } from '../../lib/formRules.ts';
import { numberFormat } from '../../lib/numbers.ts';
import { useLeaveGuard } from '../../lib/useLeaveGuard.ts';
import { useLocale } from '../accounts/useLocale.ts';
import { AttachmentsField } from '../enterprises/AttachmentsField.tsx';
import { reportRest } from '../receiving-plans/parts.tsx';
import {
  defaultWarehouse,
  type EditLine,
  emptyLine,
  firstInvalidLine,
  fromLine,
  LineEditor,
  orderTotal,
  toLineInput,
  useLineErrors,
} from './LineEditor.tsx';
import { useOrderOptions } from './OrderParts.tsx';
import { ORDER_PATHS, orderKeys, orderPath, ordersApi } from './purchase-orders.api.ts';

interface HeaderValues {
  supplierId?: string;
  orderDate: Dayjs;
  currency: string;
  taxIncluded: boolean;
  paymentTerms: string;
  remarks: string;
  attachments: UploadedFileRef[];
}

/** /procurementConsignment/order/add: a new purchase order, under its own route title. */
export const NewOrderPage = () => <OrderEditor />;

/** The buyer's form for a new order or a draft (UI.md: big documents open as pages). */
export function OrderEditor({ order }: { order?: PurchaseOrderDetail }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const options = useOrderOptions();
  const locale = useLocale();
  const [form] = Form.useForm<HeaderValues>();
  const warehouse = defaultWarehouse(options.data);
  const [lines, setLines] = useState<EditLine[]>(() =>
    order ? order.lines.map(fromLine) : [emptyLine({ warehouseId: warehouse })],
  );
  // The first line of a new order gets the default warehouse too, once the options arrive after it.
  const [warehouseGiven, setWarehouseGiven] = useState(!!order || warehouse !== null);
  if (!warehouseGiven && warehouse !== null) {
    setWarehouseGiven(true);
    setLines((all) => all.map((l) => (l.warehouseId === null ? { ...l, warehouseId: warehouse } : l)));
  }
  const [dirty, setDirty] = useState(false);
  const lineErrors = useLineErrors();
  const supplierId = Form.useWatch('supplierId', form);
  const currency = Form.useWatch('currency', form) ?? order?.currency ?? 'CNY';
  const taxIncluded = Form.useWatch('taxIncluded', form) ?? order?.taxIncluded ?? true;
  const supplier = options.data?.suppliers.find((s) => s.id === supplierId);
  const places = order?.decimalPlaces ?? options.data?.decimalPlaces ?? { quantity: 2, price: 4, amount: 2 };
  const { fmt } = numberFormat(places);
  const total = orderTotal(lines, taxIncluded, places);

  useLeaveGuard(
    ({ currentLocation: from, nextLocation: to }) =>
      dirty && (from.pathname !== to.pathname || from.search !== to.search),
  );

  const creation = useIdempotencyKey();
  const save = useMutation({
    mutationFn: async ({ values, send }: { values: HeaderValues; send: boolean }) => {
      const input: Omit<PurchaseOrderCreateInput, 'send'> = {
        supplierId: values.supplierId!,
        orderDate: values.orderDate.format(DATE_FORMAT),
        currency: values.currency,
        taxIncluded: values.taxIncluded,
        paymentTerms: values.paymentTerms ?? '',
        remarks: values.remarks ?? '',
        attachments: values.attachments ?? [],
        lines: lines.map(toLineInput),
      };
      if (!order) return ordersApi.create({ ...input, send }, creation.key);
      const updated = await ordersApi.update(order.id, { ...input, version: order.version });
      if (send) await ordersApi.act(order.id, 'send', { version: updated.version });
      return { id: order.id, orderNo: order.orderNo };
    },
    onSuccess: async (result, { send }) => {
      setDirty(false);
      await queryClient.invalidateQueries({ queryKey: orderKeys.all });
      message.success(
        send ? t('purchaseOrders.done.sent') : t('purchaseOrders.done.saved', { orderNo: result.orderNo }),
      );
      // The blocker reads `dirty` from the render; navigate once the cleared state is committed.
      setTimeout(() => navigate(orderPath('buyer', result.id), { replace: true }), 0);
    },
    // Each problem is shown beside its header field or in its line's cell; only the rest as a message.
    meta: { silent: true },
    onError: (e) => reportRest(e, lineErrors.refused(e, form)),
  });

  const submit = async (send: boolean) => {
    // A refused validation is shown beside its fields: nothing more to do here.
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const bad = lines.length === 0 ? 1 : firstInvalidLine(lines);
    if (bad !== null) {
      message.error(t('purchaseOrders.editor.lineRequired', { lineNo: bad }));
      return;
    }
    lineErrors.sending(lines);
    save.mutate({ values, send });
  };

  const currencies = options.data?.currencies.length
    ? options.data.currencies.map((c) => ({ value: c.code, label: `${c.code} ${c.name}` }))
    : [{ value: 'CNY', label: 'CNY' }];
  return (
    <Card
      className="page-card"
      title={
        order ? t('purchaseOrders.detail.editTitle', { orderNo: order.orderNo }) : t('purchaseOrders.detail.newTitle')
      }
      extra={
        <Space wrap>
          <Button
            icon={<ArrowLeftOutlined />}
            onClick={() => navigate(order ? orderPath('buyer', order.id) : ORDER_PATHS.buyer.list)}
          >
            {t('purchaseOrders.actions.back')}
          </Button>
          <Button icon={<SaveOutlined />} loading={save.isPending} onClick={() => void submit(false)}>
            {t('purchaseOrders.actions.save')}
          </Button>
          <Button
            type="primary"
            icon={<SendOutlined />}
            loading={save.isPending}
            disabled={!!supplier && !supplier.canReceive}
            onClick={() => void submit(true)}
          >
            {t('purchaseOrders.actions.saveAndSend')}
          </Button>
        </Space>
      }
    >
      <Form
        form={form}
        layout="vertical"
        onValuesChange={() => setDirty(true)}
        initialValues={{
          supplierId: order?.supplierId,
          orderDate: dayjs(order ? order.orderDate : todayDate()),
          currency: order?.currency ?? 'CNY',
          taxIncluded: order?.taxIncluded ?? true,
          paymentTerms: order?.paymentTerms ?? '',
          remarks: order?.remarks ?? '',
          attachments: order?.attachments ?? [],
        }}
      >
        <Space wrap size={16} align="start">
          <Form.Item name="supplierId" label={t('purchaseOrders.fields.supplier')} rules={[requiredRule(locale)]}>
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              loading={options.isLoading}
              style={{ width: 320 }}
              options={(options.data?.suppliers ?? []).map((s) => ({
                value: s.id,
                label: `${s.supCode} ${s.supName}`,
              }))}
            />
          </Form.Item>
          <Form.Item
            name="orderDate"
            label={t('purchaseOrders.fields.orderDate')}
            // A date is no string: the shared required rule's whitespace check would refuse it.
            rules={[{ required: true, message: validationMessage('required', locale) }]}
          >
            <DatePicker format={DATE_FORMAT} allowClear={false} />
          </Form.Item>
          <Form.Item name="currency" label={t('purchaseOrders.fields.currency')} rules={[requiredRule(locale)]}>
            <Select style={{ width: 160 }} options={currencies} />
          </Form.Item>
          <Form.Item name="taxIncluded" label={t('purchaseOrders.fields.taxIncluded')} valuePropName="checked">
            <Switch
              checkedChildren={t('purchaseOrders.tax.included')}
              unCheckedChildren={t('purchaseOrders.tax.excluded')}
            />
          </Form.Item>
          <Form.Item name="paymentTerms" label={t('purchaseOrders.fields.paymentTerms')}>
            <AutoComplete
              style={{ width: 240 }}
              options={(options.data?.paymentConditions ?? []).map((p) => ({ value: p.name }))}
              maxLength={200}
            />
          </Form.Item>
        </Space>
        <Form.Item name="remarks" label={t('purchaseOrders.fields.remarks')}>
          <Input.TextArea rows={2} maxLength={2000} showCount />
        </Form.Item>
        <Form.Item name="attachments" label={t('purchaseOrders.fields.attachments')}>
          <AttachmentsField />
        </Form.Item>
      </Form>
      {supplier && !supplier.canReceive && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          title={`${supplier.supName} ${t('purchaseOrders.editor.cannotReceive')}`}
        />
      )}
      <LineEditor
        lines={lines}
        onChange={(next) => {
          lineErrors.edited(lines, next);
          setLines(next);
          setDirty(true);
        }}
        options={options.data}
        places={places}
        errors={lineErrors.errors}
        supplierId={supplierId}
      />
      <div className="order-total" style={{ marginTop: 12, textAlign: 'right' }}>
        <Typography.Text strong>{`${t('purchaseOrders.fields.totalAmount')}: `}</Typography.Text>
        <Typography.Text strong data-testid="order-total">
          {total === MASK
            ? MASK
            : t('purchaseOrders.taxBreakdown', {
                excl: fmt(total.excl, 'amount'),
                tax: fmt(total.tax, 'amount'),
                incl: fmt(total.incl, 'amount'),
                currency,
              })}
        </Typography.Text>
      </div>
    </Card>
  );
}
