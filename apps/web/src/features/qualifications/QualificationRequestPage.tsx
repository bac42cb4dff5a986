import {
  ArrowLeftOutlined,
  DeleteOutlined,
  PlusOutlined,
  SaveOutlined,
  SendOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import type { QualificationRequestResult, QualificationRequirement } from '@concord/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TableColumnsType } from 'antd';
import { Alert, App, Button, Card, Col, Form, Modal, Result, Row, Select, Skeleton, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { usePermission } from '../../components/PermissionGate.tsx';
import { EMPTY_ITEM, ItemFields, type ItemFormValues, itemFromForm, itemToForm } from './ItemFields.tsx';
import { useQualificationOptions, ValidityText } from './QualificationParts.tsx';
import { BUYER_LIST_PATH, qualificationKeys, qualificationsApi } from './qualifications.api.ts';
import { detailPathFrom, SUPPLIER_ARCHIVE_PATH, supplierArchiveTabPath } from './qualifications.rules.ts';
import { scopeLabel } from './RequirementsTab.tsx';

interface RequestValues {
  supplierIds: string[];
  supplierClassIds: string[];
  items: ItemFormValues[];
}

const WRITE = 'PO_SUP_RZ';

/**
 * /supplier/supfile/add-qualifications?supId= (from a supplier's archive) and
 * /purchase/sourcing/add-qualifications: request documents from suppliers and/or supplier classes,
 * each file typed by hand or taken from the requirements. One document per supplier and file.
 */
export function QualificationRequestPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const supId = params.get('supId');
  const options = useQualificationOptions();
  if (options.isError) {
    return (
      <Card className="page-card">
        <Result status="error" title={(options.error as Error).message} />
      </Card>
    );
  }
  if (!options.data) {
    return (
      <Card className="page-card">
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    );
  }
  const supplier = supId ? options.data.suppliers.find((s) => s.id === supId) : undefined;
  if (supId && !supplier) {
    return (
      <Card className="page-card">
        <Result status="404" title={t('qualifications.request.noSupplier')} />
      </Card>
    );
  }
  return <RequestForm supplier={supplier} />;
}

function RequestForm({ supplier }: { supplier?: { id: string; supCode: string; supName: string } }) {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const allowed = usePermission(WRITE);
  const options = useQualificationOptions();
  const [form] = Form.useForm<RequestValues>();
  const [dirty, setDirty] = useState(false);
  const [picking, setPicking] = useState(false);
  const chosen = (Form.useWatch('supplierIds', form) as string[] | undefined) ?? [];
  const chosenClasses = (Form.useWatch('supplierClassIds', form) as string[] | undefined) ?? [];

  const backPath = pathname.startsWith('/purchase/sourcing')
    ? '/purchase/sourcing'
    : supplier
      ? supplierArchiveTabPath(supplier.id)
      : pathname.startsWith('/supplier/supfile')
        ? SUPPLIER_ARCHIVE_PATH
        : BUYER_LIST_PATH;

  const create = useMutation({
    mutationFn: ({ values, send }: { values: RequestValues; send: boolean }) =>
      qualificationsApi.request({
        supplierIds: values.supplierIds ?? [],
        supplierClassIds: values.supplierClassIds ?? [],
        items: values.items.map((i) => itemFromForm({ ...EMPTY_ITEM, ...i })),
        send,
      }),
    meta: { form },
    onSuccess: async (result: QualificationRequestResult) => {
      setDirty(false);
      await queryClient.invalidateQueries({ queryKey: qualificationKeys.all });
      message.success(t('qualifications.done.requested', { count: result.documentIds.length }));
      if (result.skipped.length) {
        message.warning(
          t('qualifications.request.skipped', {
            count: result.skipped.length,
            names: result.skipped
              .map(
                (s) =>
                  `${s.supName} (${s.reason === 'notOnNetwork' ? t('qualifications.request.offNetwork') : t('qualifications.request.blocked')})`,
              )
              .join(', '),
          }),
        );
      }
      const [only] = result.documentIds;
      navigate(result.documentIds.length === 1 && only ? detailPathFrom(pathname, only, supplier?.id) : backPath);
    },
  });

  const submit = (send: boolean) =>
    void form
      .validateFields()
      // All stored values: a block taken from a requirement keeps its requirementId, which has no field.
      .then(() => create.mutate({ values: form.getFieldsValue(true) as RequestValues, send }))
      .catch(() => undefined);

  const leave = () => {
    if (!dirty) navigate(backPath);
    else
      modal.confirm({
        title: t('qualifications.request.unsaved'),
        okText: t('common.confirm'),
        cancelText: t('common.cancel'),
        onOk: () => navigate(backPath),
      });
  };

  const addRequirements = (picked: QualificationRequirement[]) => {
    const items = (form.getFieldValue('items') as ItemFormValues[] | undefined) ?? [];
    const taken = new Set(items.map((i) => i.requirementId).filter(Boolean));
    // A block nobody has typed into yet is replaced rather than left empty above the picked ones.
    const kept = items.filter((i) => i.requirementId || i.fileName?.trim());
    const added = picked
      .filter((r) => !taken.has(r.id))
      .map((r) => itemToForm({ ...r, requirementId: r.id, validDate: r.validDate, templateFile: r.templateFile }));
    form.setFieldValue('items', [...kept, ...added]);
    setDirty(true);
    void form.validateFields([['items']]).catch(() => undefined);
  };

  const supplierOptions = (options.data?.suppliers ?? []).map((s) => ({
    value: s.id,
    disabled: s.blocked,
    label: `${s.supCode} ${s.supName}${
      s.blocked
        ? ` (${t('qualifications.request.blocked')})`
        : s.onNetwork
          ? ''
          : ` (${t('qualifications.request.offNetwork')})`
    }`,
  }));
  const recipientsRule = {
    validator: async () => {
      const v = form.getFieldsValue(['supplierIds', 'supplierClassIds']) as Partial<RequestValues>;
      if (!(v.supplierIds?.length ?? 0) && !(v.supplierClassIds?.length ?? 0)) {
        throw new Error(t('qualifications.request.recipientsRequired'));
      }
    },
  };

  return (
    <Form<RequestValues>
      form={form}
      layout="vertical"
      initialValues={{ supplierIds: supplier ? [supplier.id] : [], supplierClassIds: [], items: [EMPTY_ITEM] }}
      onValuesChange={() => setDirty(true)}
    >
      <Card
        className="page-card"
        title={
          supplier
            ? t('qualifications.request.forSupplier', { name: `${supplier.supCode} ${supplier.supName}` })
            : t('qualifications.request.title')
        }
        extra={
          <Space wrap>
            <Button icon={<ArrowLeftOutlined />} onClick={leave}>
              {t('common.cancel')}
            </Button>
            <Button
              icon={<SaveOutlined />}
              disabled={!allowed}
              loading={create.isPending && create.variables?.send === false}
              onClick={() => submit(false)}
            >
              {t('qualifications.request.saveDraft')}
            </Button>
            <Button
              type="primary"
              icon={<SendOutlined />}
              disabled={!allowed}
              loading={create.isPending && create.variables?.send === true}
              onClick={() => submit(true)}
            >
              {t('qualifications.request.send')}
            </Button>
          </Space>
        }
      >
        <Alert type="info" showIcon style={{ marginBottom: 12 }} title={t('qualifications.request.recipientsHint')} />
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item
              name="supplierIds"
              label={t('qualifications.request.suppliers')}
              dependencies={['supplierClassIds']}
              rules={[recipientsRule]}
            >
              <Select
                mode="multiple"
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                placeholder={t('qualifications.request.suppliersPlaceholder')}
                options={supplierOptions}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="supplierClassIds"
              label={t('qualifications.request.classes')}
              dependencies={['supplierIds']}
              rules={[recipientsRule]}
            >
              <Select
                mode="multiple"
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                placeholder={t('qualifications.request.classesPlaceholder')}
                options={(options.data?.classes ?? []).map((c) => ({ value: c.id, label: `${c.code} ${c.name}` }))}
              />
            </Form.Item>
          </Col>
        </Row>
      </Card>
      <Card
        className="page-card"
        title={t('qualifications.request.items')}
        extra={
          <Button icon={<UnorderedListOutlined />} onClick={() => setPicking(true)}>
            {t('qualifications.request.fromRequirements')}
          </Button>
        }
      >
        <Form.List
          name="items"
          rules={[
            {
              validator: async (_r, items?: unknown[]) => {
                if (!items?.length) throw new Error(t('qualifications.request.itemsRequired'));
              },
            },
          ]}
        >
          {(fields, { add, remove }, { errors }) => (
            <>
              {fields.map((field, index) => (
                <Card
                  key={field.key}
                  size="small"
                  type="inner"
                  style={{ marginBottom: 12 }}
                  title={<ItemTitle index={index} />}
                  extra={
                    <Button
                      type="link"
                      size="small"
                      danger
                      icon={<DeleteOutlined />}
                      onClick={() => remove(field.name)}
                    >
                      {t('qualifications.request.removeItem')}
                    </Button>
                  }
                >
                  <ItemFields prefix={[field.name]} />
                </Card>
              ))}
              <Form.ErrorList errors={errors} />
              <Button type="dashed" block icon={<PlusOutlined />} onClick={() => add(EMPTY_ITEM)}>
                {t('qualifications.request.addItem')}
              </Button>
            </>
          )}
        </Form.List>
      </Card>
      <RequirementPicker
        open={picking}
        supplierId={chosen.length === 1 && chosenClasses.length === 0 ? chosen[0]! : null}
        onClose={() => setPicking(false)}
        onPick={(picked) => {
          addRequirements(picked);
          setPicking(false);
        }}
      />
    </Form>
  );
}

/** "#2 ISO 9001 certificate", with a tag when the block came from a requirement. */
function ItemTitle({ index }: { index: number }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const fileName = Form.useWatch(['items', index, 'fileName'], form) as string | undefined;
  // Not a field of its own: watched from the stored values.
  const fromRequirement = Form.useWatch(['items', index, 'requirementId'], { form, preserve: true }) as
    | string
    | null
    | undefined;
  return (
    <Space>
      <span>
        #{index + 1} {fileName}
      </span>
      {fromRequirement && <Tag color="blue">{t('qualifications.tabs.requirements')}</Tag>}
    </Space>
  );
}

/**
 * The requirements to start from: those that apply to the one chosen supplier (its own and its
 * class's), else all of the enterprise's.
 */
function RequirementPicker({
  open,
  supplierId,
  onClose,
  onPick,
}: {
  open: boolean;
  supplierId: string | null;
  onClose: () => void;
  onPick: (picked: QualificationRequirement[]) => void;
}) {
  const { t } = useTranslation();
  const [selected, setSelected] = useState<QualificationRequirement[]>([]);
  const rows = useQuery({
    queryKey: supplierId ? qualificationKeys.applicable(supplierId) : qualificationKeys.requirements({}, 1, 100),
    queryFn: async () =>
      supplierId
        ? qualificationsApi.applicable(supplierId)
        : (await qualificationsApi.requirements({}, 1, 100)).dataList,
    enabled: open,
  });
  const columns: TableColumnsType<QualificationRequirement> = [
    {
      key: 'scope',
      title: t('qualifications.fields.scope'),
      width: 200,
      render: (_v, r) => (
        <Space size={4}>
          <Tag>{t(`qualifications.scopes.${r.scopeType}`)}</Tag>
          {scopeLabel(r)}
        </Space>
      ),
    },
    { key: 'fileName', title: t('qualifications.fields.fileName'), dataIndex: 'fileName' },
    {
      key: 'validityType',
      title: t('qualifications.fields.validityType'),
      width: 140,
      render: (_v, r) => <ValidityText validityType={r.validityType} validDate={r.validDate} />,
    },
    {
      key: 'isNecessary',
      title: t('qualifications.fields.isNecessary'),
      dataIndex: 'isNecessary',
      width: 90,
      render: (v: boolean) => (v ? t('common.yes') : t('common.no')),
    },
  ];
  return (
    <Modal
      title={t('qualifications.request.fromRequirements')}
      open={open}
      width="50%"
      mask={{ closable: false }}
      onCancel={onClose}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      okButtonProps={{ disabled: selected.length === 0 }}
      onOk={() => {
        onPick(selected);
        setSelected([]);
      }}
      afterClose={() => setSelected([])}
      destroyOnHidden
    >
      <Table<QualificationRequirement>
        rowKey="id"
        size="small"
        loading={rows.isFetching}
        columns={columns}
        dataSource={rows.data ?? []}
        pagination={false}
        scroll={{ x: 600, y: 400 }}
        rowSelection={{
          selectedRowKeys: selected.map((r) => r.id),
          onChange: (_keys, picked) => setSelected(picked),
        }}
        locale={{ emptyText: t('qualifications.requirements.empty') }}
      />
    </Modal>
  );
}
