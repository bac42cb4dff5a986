import { PlusOutlined } from '@ant-design/icons';
import {
  QUALIFICATION_SCOPE_TYPES,
  type QualificationRequirement,
  type QualificationScopeType,
  qualificationRequirementSchema,
} from '@concord/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TableColumnsType } from 'antd';
import { App, Button, Empty, Form, Input, Modal, Radio, Result, Select, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListSearch } from '../../components/list/ListSearch.tsx';
import { ListTable } from '../../components/list/ListTable.tsx';
import { SearchActions } from '../../components/list/SearchActions.tsx';
import { TableToolbar } from '../../components/list/TableToolbar.tsx';
import { useListChrome } from '../../components/list/useListChrome.ts';
import { filterField, useListFilter } from '../../components/list/useListFilter.ts';
import { useListQuery } from '../../components/list/useListQuery.ts';
import { OperationButton } from '../../components/OperationButton.tsx';
import { formatDateTime } from '../../lib/dates.ts';
import { zodRule } from '../../lib/formRules.ts';
import { useLocale } from '../accounts/useLocale.ts';
import { AttachmentLinks } from '../notices/NoticeContentView.tsx';
import { EMPTY_ITEM, ItemFields, type ItemFormValues, itemFromForm, itemToForm } from './ItemFields.tsx';
import { useQualificationOptions, ValidityText } from './QualificationParts.tsx';
import { qualificationKeys, qualificationsApi } from './qualifications.api.ts';

const WRITE = 'PO_SUP_RZ';

/** Where a requirement applies, as a reader knows it: the class or material by code and name, the supplier by name. */
export function scopeLabel(r: Pick<QualificationRequirement, 'scopeType' | 'scopeName' | 'supName' | 'scopeId'>) {
  return (r.scopeType === 'supplier' ? r.supName : r.scopeName) || r.scopeId;
}

/** The Requirements tab of /supplier/qualification: which documents a class, a supplier or a material needs. */
export function RequirementsTab() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const { page, size, update, pagination, form, filter, filtered, search, clear } = useListFilter(
    { scopeType: filterField.oneOf(QUALIFICATION_SCOPE_TYPES), fileName: filterField.text() },
    { keep: ['size', 'tab'] },
  );
  const [editing, setEditing] = useState<QualificationRequirement | 'new' | null>(null);

  const list = useListQuery(
    {
      queryKey: qualificationKeys.requirements(filter, page, size),
      queryFn: () => qualificationsApi.requirements(filter, page, size),
    },
    { page, size, update },
  );
  const remove = useMutation({
    mutationFn: (id: string) => qualificationsApi.deleteRequirement(id),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: qualificationKeys.all });
      message.success(t('qualifications.done.requirementDeleted'));
    },
  });

  const allColumns: TableColumnsType<QualificationRequirement> = [
    { key: 'index', title: '#', width: 50, render: (_v, _r, i) => (page - 1) * size + i + 1 },
    {
      key: 'scopeType',
      title: t('qualifications.fields.scopeType'),
      dataIndex: 'scopeType',
      width: 120,
      render: (s: QualificationScopeType) => <Tag>{t(`qualifications.scopes.${s}`)}</Tag>,
    },
    {
      key: 'scope',
      title: t('qualifications.fields.scope'),
      width: 220,
      ellipsis: { showTitle: true },
      render: (_v, r) => scopeLabel(r),
    },
    {
      key: 'fileName',
      title: t('qualifications.fields.fileName'),
      dataIndex: 'fileName',
      width: 260,
      ellipsis: { showTitle: true },
    },
    { key: 'fileType', title: t('qualifications.fields.fileType'), dataIndex: 'fileType', width: 120 },
    {
      key: 'isNecessary',
      title: t('qualifications.fields.isNecessary'),
      dataIndex: 'isNecessary',
      width: 90,
      render: (v: boolean) => (v ? t('common.yes') : t('common.no')),
    },
    {
      key: 'validityType',
      title: t('qualifications.fields.validityType'),
      width: 160,
      render: (_v, r) => <ValidityText validityType={r.validityType} validDate={r.validDate} />,
    },
    {
      key: 'validQuantity',
      title: t('qualifications.fields.validQuantity'),
      dataIndex: 'validQuantity',
      width: 90,
      align: 'right',
    },
    {
      key: 'templateFile',
      title: t('qualifications.fields.templateFile'),
      dataIndex: 'templateFile',
      width: 180,
      render: (f: QualificationRequirement['templateFile']) => (f ? <AttachmentLinks files={[f]} /> : null),
    },
    {
      key: 'updatedAt',
      title: t('qualifications.fields.updatedAt'),
      dataIndex: 'updatedAt',
      width: 170,
      render: formatDateTime,
    },
    {
      key: 'operation',
      title: t('common.operation'),
      width: 160,
      fixed: 'right',
      render: (_v, row) => (
        <Space size={0}>
          <OperationButton type="link" size="small" permission={WRITE} onClick={() => setEditing(row)}>
            {t('common.edit')}
          </OperationButton>
          <OperationButton
            type="link"
            size="small"
            danger
            permission={WRITE}
            onClick={() =>
              modal.confirm({
                title: `${t('common.delete')} · ${row.fileName}`,
                content: t('qualifications.requirements.confirmDelete'),
                okText: t('common.confirm'),
                cancelText: t('common.cancel'),
                okButtonProps: { danger: true },
                onOk: () => remove.mutateAsync(row.id),
              })
            }
          >
            {t('common.delete')}
          </OperationButton>
        </Space>
      ),
    },
  ];
  const chrome = useListChrome(allColumns, {
    mustSee: ['fileName', 'scope', 'scopeType', 'isNecessary', 'validityType'],
  });

  if (list.isError && !list.data) {
    return (
      <Result
        status="error"
        title={(list.error as Error).message}
        extra={<Button onClick={() => void list.refetch()}>{t('common.retry')}</Button>}
      />
    );
  }
  const addButton = (
    <OperationButton type="primary" permission={WRITE} icon={<PlusOutlined />} onClick={() => setEditing('new')}>
      {t('qualifications.requirements.add')}
    </OperationButton>
  );
  return (
    <>
      <ListSearch chrome={chrome}>
        <Form
          form={form}
          layout="inline"
          style={{ marginBottom: 12, rowGap: 8 }}
          initialValues={filter}
          onFinish={search}
        >
          <Form.Item name="scopeType" label={t('qualifications.fields.scopeType')}>
            <Select
              allowClear
              style={{ width: 160 }}
              options={QUALIFICATION_SCOPE_TYPES.map((s) => ({ value: s, label: t(`qualifications.scopes.${s}`) }))}
            />
          </Form.Item>
          <Form.Item name="fileName" label={t('qualifications.filter.fileName')}>
            <Input allowClear placeholder={t('qualifications.filter.fileNamePlaceholder')} style={{ width: 200 }} />
          </Form.Item>
          <SearchActions onReset={clear} />
        </Form>
      </ListSearch>
      <TableToolbar
        left={addButton}
        {...chrome.toolbarProps}
        onRefresh={() => void list.refetch()}
        refreshing={list.isFetching}
      />
      <ListTable<QualificationRequirement>
        chrome={chrome}
        rowKey="id"
        loading={list.isFetching}
        dataSource={list.data?.dataList ?? []}
        locale={{
          emptyText: (
            <Empty
              description={filtered ? t('qualifications.list.emptyFiltered') : t('qualifications.requirements.empty')}
            >
              {!filtered && addButton}
            </Empty>
          ),
        }}
        pagination={pagination(list.data?.totalCount)}
      />
      <RequirementDialog requirement={editing} onClose={() => setEditing(null)} />
    </>
  );
}

interface RequirementValues extends ItemFormValues {
  scopeType: QualificationScopeType;
  scopeId?: string;
}

/** New or edited requirement: where it applies (class, supplier or material) and the file it asks for. */
function RequirementDialog({
  requirement,
  onClose,
}: {
  requirement: QualificationRequirement | 'new' | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<RequirementValues>();
  const options = useQualificationOptions(!!requirement);
  const scopeType = Form.useWatch('scopeType', form) ?? 'class';
  const existing = requirement && requirement !== 'new' ? requirement : null;

  const save = useMutation({
    mutationFn: (v: RequirementValues) => {
      const { requirementId: _r, ...fields } = itemFromForm(v);
      const input = { ...fields, scopeType: v.scopeType, scopeId: (v.scopeId ?? '').trim() };
      return existing
        ? qualificationsApi.updateRequirement(existing.id, { ...input, version: existing.version })
        : qualificationsApi.createRequirement(input);
    },
    meta: { form },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: qualificationKeys.all });
      message.success(t('qualifications.done.requirementSaved'));
      onClose();
    },
  });

  const initial: RequirementValues = existing
    ? { ...itemToForm(existing), scopeType: existing.scopeType, scopeId: existing.scopeId }
    : { ...EMPTY_ITEM, scopeType: 'class' };
  const scopeRule = zodRule(qualificationRequirementSchema.shape.scopeId, locale);

  return (
    <Modal
      title={existing ? t('qualifications.requirements.edit') : t('qualifications.requirements.add')}
      open={!!requirement}
      width="50%"
      mask={{ closable: false }}
      onCancel={onClose}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      confirmLoading={save.isPending}
      destroyOnHidden
      onOk={() =>
        void form
          .validateFields()
          .then((v) => save.mutate({ ...initial, ...v }))
          .catch(() => undefined)
      }
    >
      <Form form={form} layout="vertical" preserve={false} initialValues={initial}>
        <Form.Item name="scopeType" label={t('qualifications.fields.scopeType')}>
          <Radio.Group
            optionType="button"
            options={QUALIFICATION_SCOPE_TYPES.map((s) => ({ value: s, label: t(`qualifications.scopes.${s}`) }))}
            onChange={() => form.setFieldValue('scopeId', undefined)}
          />
        </Form.Item>
        {scopeType === 'material' ? (
          <Form.Item name="scopeId" label={t('qualifications.fields.materialCode')} required rules={[scopeRule]}>
            <Input maxLength={64} />
          </Form.Item>
        ) : (
          <Form.Item
            name="scopeId"
            label={scopeType === 'class' ? t('qualifications.scopes.class') : t('qualifications.scopes.supplier')}
            required
            rules={[scopeRule]}
          >
            <Select
              showSearch={{ optionFilterProp: 'label' }}
              loading={options.isLoading}
              placeholder={scopeType === 'supplier' ? t('qualifications.request.suppliersPlaceholder') : undefined}
              options={
                scopeType === 'class'
                  ? (options.data?.classes ?? []).map((c) => ({ value: c.id, label: `${c.code} ${c.name}` }))
                  : (options.data?.suppliers ?? []).map((s) => ({ value: s.id, label: `${s.supCode} ${s.supName}` }))
              }
            />
          </Form.Item>
        )}
        <ItemFields />
      </Form>
    </Modal>
  );
}
