import { PlusOutlined } from '@ant-design/icons';
import type { SupplierClass, SupplierClassInput } from '@concord/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TableColumnsType } from 'antd';
import { App, Button, Drawer, Empty, Form, Input, Modal, Popconfirm, Select, Space, Switch, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OperationButton } from '../../components/OperationButton.tsx';
import { requiredRule } from '../../lib/formRules.ts';
import { useLocale } from '../accounts/useLocale.ts';
import { supplierKeys, suppliersApi } from './suppliers.api.ts';

const PERMISSION = 'PO_SUP_ARC';

function ClassDialog({ editing, onClose }: { editing: SupplierClass | 'new' | null; onClose: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<SupplierClassInput>();
  const buyers = useQuery({
    queryKey: supplierKeys.buyerOptions,
    queryFn: suppliersApi.buyerOptions,
    enabled: editing !== null,
  });
  const save = useMutation({
    mutationFn: (v: SupplierClassInput) =>
      editing && editing !== 'new'
        ? suppliersApi.updateClass(editing.id, { ...v, version: editing.version })
        : suppliersApi.createClass(v),
    meta: { form },
    onSuccess: () => {
      message.success(t('partners.classes.saved'));
      void queryClient.invalidateQueries({ queryKey: supplierKeys.all });
      onClose();
    },
  });
  const initial = editing && editing !== 'new' ? editing : { groupControl: false };
  return (
    <Modal
      title={editing === 'new' ? t('partners.classes.add') : t('partners.classes.edit')}
      open={editing !== null}
      width={500}
      mask={{ closable: false }}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={initial}
        onFinish={(v) =>
          save.mutate({
            code: v.code.trim(),
            name: v.name.trim(),
            buyerUserId: v.buyerUserId ?? null,
            groupControl: !!v.groupControl,
          })
        }
      >
        <Form.Item name="code" label={t('partners.classes.code')} rules={[requiredRule(locale)]}>
          <Input maxLength={32} />
        </Form.Item>
        <Form.Item name="name" label={t('partners.classes.name')} rules={[requiredRule(locale)]}>
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item name="buyerUserId" label={t('partners.classes.buyer')}>
          <Select
            allowClear
            loading={buyers.isLoading}
            showSearch={{ optionFilterProp: 'label' }}
            options={(buyers.data ?? []).map((b) => ({ value: b.userId, label: b.name }))}
          />
        </Form.Item>
        <Form.Item name="groupControl" label={t('partners.classes.groupControl')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Supplier classes (spec §3: code, name, buyer, group control), managed beside the archive list. */
export function SupplierClassesDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [keyword, setKeyword] = useState<string | undefined>();
  const [editing, setEditing] = useState<SupplierClass | 'new' | null>(null);
  const list = useQuery({
    queryKey: supplierKeys.classList(keyword),
    queryFn: () => suppliersApi.classes(keyword),
    enabled: open,
  });
  const remove = useMutation({
    mutationFn: (id: string) => suppliersApi.deleteClass(id),
    onSuccess: () => {
      message.success(t('partners.classes.deleted'));
      void queryClient.invalidateQueries({ queryKey: supplierKeys.all });
    },
  });
  const columns: TableColumnsType<SupplierClass> = [
    { key: 'code', title: t('partners.classes.code'), dataIndex: 'code', width: 100 },
    { key: 'name', title: t('partners.classes.name'), dataIndex: 'name' },
    { key: 'buyer', title: t('partners.classes.buyer'), dataIndex: 'buyerName', width: 140 },
    {
      key: 'groupControl',
      title: t('partners.classes.groupControl'),
      dataIndex: 'groupControl',
      width: 100,
      render: (v: boolean) => (v ? t('common.yes') : t('common.no')),
    },
    { key: 'suppliers', title: t('partners.classes.suppliers'), dataIndex: 'supplierCount', width: 90, align: 'right' },
    {
      key: 'operation',
      title: t('common.operation'),
      width: 160,
      render: (_v, row) => (
        <Space size={0}>
          <OperationButton type="link" size="small" permission={PERMISSION} onClick={() => setEditing(row)}>
            {t('common.edit')}
          </OperationButton>
          <Popconfirm
            title={t('partners.classes.deleteConfirm', { name: row.name })}
            okText={t('common.confirm')}
            cancelText={t('common.cancel')}
            onConfirm={() => remove.mutateAsync(row.id)}
          >
            <OperationButton type="link" size="small" danger permission={PERMISSION}>
              {t('common.delete')}
            </OperationButton>
          </Popconfirm>
        </Space>
      ),
    },
  ];
  return (
    <Drawer title={t('partners.classes.title')} open={open} onClose={onClose} size={820}>
      <Space style={{ marginBottom: 12 }} wrap>
        <OperationButton
          type="primary"
          icon={<PlusOutlined />}
          permission={PERMISSION}
          onClick={() => setEditing('new')}
        >
          {t('partners.classes.add')}
        </OperationButton>
        <Input.Search
          allowClear
          placeholder={t('partners.classes.keyword')}
          style={{ width: 220 }}
          onSearch={(v) => setKeyword(v.trim() || undefined)}
        />
        <Button onClick={() => void list.refetch()}>{t('common.refresh')}</Button>
      </Space>
      <Table<SupplierClass>
        rowKey="id"
        size="small"
        loading={list.isFetching}
        columns={columns}
        dataSource={list.data?.dataList ?? []}
        pagination={false}
        locale={{ emptyText: <Empty description={t('partners.classes.empty')} /> }}
      />
      <ClassDialog editing={editing} onClose={() => setEditing(null)} />
    </Drawer>
  );
}
