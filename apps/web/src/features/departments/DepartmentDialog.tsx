import { type DepartmentNode, departmentFieldsSchema } from '@concord/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, DatePicker, Form, Input, InputNumber, Modal, TreeSelect, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { DATE_FORMAT } from '../../lib/dates.ts';
import { zodRule } from '../../lib/formRules.ts';
import { useLocale } from '../accounts/useLocale.ts';
import { departmentKeys, departmentsApi } from './departments.api.ts';
import { departmentOptions } from './departmentTree.ts';

interface Values {
  deptCode: string;
  deptName: string;
  parentId?: string | null;
  sortOrder?: number | null;
  stopDd?: Dayjs | null;
  roleDescription?: string;
}

export interface DepartmentDialogProps {
  /** The department being edited; absent when adding. */
  department?: DepartmentNode | null;
  /** Preselected parent when adding a sub-department. */
  parentId?: string | null;
  tree: readonly DepartmentNode[];
  onClose: () => void;
}

/** Add or edit one department. The parent picker leaves out the department itself and its subtree. */
export function DepartmentDialog({ department, parentId, tree, onClose }: DepartmentDialogProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const editing = !!department;

  const save = useMutation({
    mutationFn: (v: Values) => {
      const input = {
        deptCode: v.deptCode,
        deptName: v.deptName,
        parentId: v.parentId ?? null,
        sortOrder: v.sortOrder ?? 0,
        stopDd: v.stopDd ? v.stopDd.format(DATE_FORMAT) : null,
        roleDescription: v.roleDescription ?? '',
      };
      return department
        ? departmentsApi.update(department.id, { ...input, version: department.version })
        : departmentsApi.create(input);
    },
    meta: { form },
    onSuccess: () => {
      message.success(t('common.saved'));
      onClose();
    },
    // Saved or refused (a stale version, a code taken meanwhile): the tree is reloaded either way.
    onSettled: () => queryClient.invalidateQueries({ queryKey: departmentKeys.tree }),
  });

  const initialValues: Values = department
    ? {
        deptCode: department.deptCode,
        deptName: department.deptName,
        parentId: department.parentId,
        sortOrder: department.sortOrder,
        stopDd: department.stopDd ? dayjs(department.stopDd) : null,
        roleDescription: department.roleDescription,
      }
    : { deptCode: '', deptName: '', parentId: parentId ?? null, sortOrder: 0, stopDd: null, roleDescription: '' };

  return (
    <Modal
      open
      width={500}
      title={
        editing ? t('organization.dept.editTitle', { deptNo: department.deptNo }) : t('organization.dept.addTitle')
      }
      mask={{ closable: false }}
      okText={t('common.confirm')}
      cancelText={t('common.cancel')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={initialValues} onFinish={(v) => save.mutate(v)}>
        <Typography.Paragraph type="secondary">
          {editing ? `${t('organization.dept.deptNo')}: ${department.deptNo}` : t('organization.dept.numberHint')}
        </Typography.Paragraph>
        <Form.Item
          name="deptCode"
          label={t('organization.dept.deptCode')}
          required
          rules={[zodRule(departmentFieldsSchema.shape.deptCode, locale)]}
        >
          <Input maxLength={32} />
        </Form.Item>
        <Form.Item
          name="deptName"
          label={t('organization.dept.deptName')}
          required
          rules={[zodRule(departmentFieldsSchema.shape.deptName, locale)]}
        >
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item name="parentId" label={t('organization.dept.parent')}>
          <TreeSelect
            allowClear
            showSearch
            treeNodeFilterProp="title"
            treeDefaultExpandAll
            placeholder={t('organization.dept.topLevel')}
            treeData={departmentOptions(tree, department?.id)}
          />
        </Form.Item>
        <Form.Item name="sortOrder" label={t('organization.dept.sortOrder')}>
          <InputNumber min={0} max={99999} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="stopDd" label={t('organization.dept.stopDd')}>
          <DatePicker style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="roleDescription" label={t('organization.dept.roleDescription')}>
          <Input.TextArea rows={3} maxLength={500} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
