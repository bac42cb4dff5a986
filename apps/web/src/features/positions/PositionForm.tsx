import {
  allowedIpSchema,
  DATA_PERMISSION_VALUES,
  DEFAULT_POSITION_PERMISSIONS,
  isPermissionCode,
  type PositionCreateInput,
  type PositionDetail,
  type PositionEmployeeOption,
  positionFieldsSchema,
  usesCustomDepartments,
  validationMessage,
} from '@concord/shared';
import type { FormRule } from 'antd';
import { Alert, Card, Col, Form, Input, Row, Select, Switch, TreeSelect } from 'antd';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { requiredRule, zodRule } from '../../lib/formRules.ts';
import { useLocale } from '../accounts/useLocale.ts';
import { PermissionTreeField } from './PermissionTreeField.tsx';
import type { DepartmentTreeNode, PositionOption } from './positions.api.ts';

export type PositionFormValues = PositionCreateInput & { holderIds: string[] };

interface TreeOption {
  value: string;
  title: string;
  disabled?: boolean;
  children?: TreeOption[];
}

const departmentOptions = (nodes: DepartmentTreeNode[]): TreeOption[] =>
  nodes.map((d) => ({
    value: d.id,
    title: d.deptCode ? `${d.deptName} (${d.deptCode})` : d.deptName,
    ...(d.children?.length ? { children: departmentOptions(d.children) } : {}),
  }));

/** Positions nested by superior; the edited position and everything below it cannot be its superior. */
function superiorOptions(all: PositionOption[], selfId: string | undefined): TreeOption[] {
  const ids = new Set(all.map((p) => p.id));
  const build = (parentId: string | null, blocked: boolean): TreeOption[] =>
    all
      .filter((p) => (parentId === null ? !p.superiorId || !ids.has(p.superiorId) : p.superiorId === parentId))
      .map((p) => {
        const off = blocked || p.id === selfId;
        const children = build(p.id, off);
        return {
          value: p.id,
          title: `${p.name} (${p.code})`,
          disabled: off,
          ...(children.length ? { children } : {}),
        };
      });
  return build(null, false);
}

export function initialPositionValues(position?: PositionDetail): PositionFormValues {
  if (!position) {
    return {
      code: '',
      name: '',
      description: '',
      deptId: null,
      superiorId: null,
      dataPermission: 1,
      customDeptIds: [],
      isStationShowPrice: true,
      isStationAcrossUser: true,
      isStationCheckIp: false,
      allowedIps: [],
      isStationShowSup: true,
      permissions: [...DEFAULT_POSITION_PERMISSIONS],
      holderIds: [],
    };
  }
  return {
    code: position.code,
    name: position.name,
    description: position.description,
    deptId: position.deptId,
    superiorId: position.superiorId,
    dataPermission: position.dataPermission,
    customDeptIds: position.customDeptIds,
    isStationShowPrice: position.isStationShowPrice,
    isStationAcrossUser: position.isStationAcrossUser,
    isStationCheckIp: position.isStationCheckIp,
    allowedIps: position.allowedIps,
    isStationShowSup: position.isStationShowSup,
    permissions: position.permissions.filter(isPermissionCode),
    holderIds: position.holders.map((h) => h.id),
  };
}

interface Props {
  form: ReturnType<typeof Form.useForm<PositionFormValues>>[0];
  position?: PositionDetail;
  positions: PositionOption[];
  employees: PositionEmployeeOption[];
  /** Null while the department tree cannot be loaded (not set up, or no access to it). */
  departments: DepartmentTreeNode[] | null;
  onSubmit: (values: PositionFormValues) => void;
}

/** The position form of spec §3 with the permission tree of spec §2. */
export function PositionForm({ form, position, positions, employees, departments, onSubmit }: Props) {
  const { t } = useTranslation();
  const locale = useLocale();
  const dataPermission = Form.useWatch('dataPermission', form);
  const checkIp = Form.useWatch('isStationCheckIp', form);
  const deptTree = useMemo(() => departmentOptions(departments ?? []), [departments]);
  const superiorTree = useMemo(() => superiorOptions(positions, position?.id), [positions, position?.id]);
  const f = (key: keyof typeof positionFieldsSchema.shape) => zodRule(positionFieldsSchema.shape[key], locale);

  const ipRule: FormRule = {
    validator: async (_rule, value: string[] | undefined) => {
      const bad = (value ?? []).find((v) => !allowedIpSchema.safeParse(v).success);
      if (bad !== undefined) throw new Error(t('jurisdiction.positions.allowedIpInvalid', { value: bad }));
    },
  };
  const requiredText = validationMessage('required', locale);
  const listRequired: FormRule = { required: true, type: 'array', min: 1, message: requiredText };

  const departmentPicker = (multiple: boolean) => (
    <TreeSelect
      allowClear
      showSearch
      treeNodeFilterProp="title"
      treeDefaultExpandAll
      multiple={multiple}
      disabled={departments === null}
      treeData={deptTree}
      placeholder={departments === null ? t('jurisdiction.positions.departmentsUnavailable') : undefined}
    />
  );

  const flag = (name: keyof PositionFormValues & `isStation${string}`, label: ReactNode, hint: string) => (
    <Col xs={24} md={12}>
      <Form.Item name={name} label={label} valuePropName="checked" extra={hint}>
        <Switch />
      </Form.Item>
    </Col>
  );

  return (
    <Form
      form={form}
      layout="vertical"
      scrollToFirstError
      initialValues={initialPositionValues(position)}
      onFinish={onSubmit}
    >
      <Card className="page-card" title={t('jurisdiction.positions.sectionBasic')}>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="code" label={t('jurisdiction.positions.code')} rules={[requiredRule(locale), f('code')]}>
              <Input maxLength={32} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="name" label={t('jurisdiction.positions.name')} rules={[requiredRule(locale), f('name')]}>
              <Input maxLength={64} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="deptId"
              label={t('jurisdiction.positions.organization')}
              extra={departments === null ? t('jurisdiction.positions.departmentsUnavailable') : undefined}
            >
              {departmentPicker(false)}
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="superiorId" label={t('jurisdiction.positions.superior')}>
              <TreeSelect
                allowClear
                showSearch
                treeNodeFilterProp="title"
                treeDefaultExpandAll
                treeData={superiorTree}
              />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="description" label={t('jurisdiction.positions.description')} rules={[f('description')]}>
              <Input.TextArea rows={3} maxLength={500} showCount />
            </Form.Item>
          </Col>
        </Row>
      </Card>

      <Card className="page-card" title={t('jurisdiction.positions.sectionAccess')}>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item
              name="dataPermission"
              label={t('jurisdiction.positions.dataPermission')}
              rules={[{ required: true, message: requiredText }]}
            >
              <Select
                options={DATA_PERMISSION_VALUES.map((v) => ({
                  value: v,
                  label: t(`jurisdiction.dataPermissions.${v}`),
                }))}
              />
            </Form.Item>
          </Col>
          {usesCustomDepartments(dataPermission ?? -1) && (
            <Col xs={24} md={12}>
              <Form.Item
                name="customDeptIds"
                label={t('jurisdiction.positions.customDepts')}
                rules={[listRequired]}
                extra={departments === null ? t('jurisdiction.positions.departmentsUnavailable') : undefined}
              >
                {departmentPicker(true)}
              </Form.Item>
            </Col>
          )}
        </Row>
        <Row gutter={16}>
          {flag(
            'isStationShowPrice',
            t('jurisdiction.positions.showPrice'),
            t('jurisdiction.positions.flagHints.showPrice'),
          )}
          {flag(
            'isStationShowSup',
            t('jurisdiction.positions.showSupplier'),
            t('jurisdiction.positions.flagHints.showSupplier'),
          )}
          {flag(
            'isStationAcrossUser',
            t('jurisdiction.positions.acrossUser'),
            t('jurisdiction.positions.flagHints.acrossUser'),
          )}
          {flag('isStationCheckIp', t('jurisdiction.positions.checkIp'), t('jurisdiction.positions.flagHints.checkIp'))}
          {checkIp && (
            <Col span={24}>
              <Form.Item
                name="allowedIps"
                label={t('jurisdiction.positions.allowedIps')}
                extra={t('jurisdiction.positions.allowedIpsHint')}
                rules={[listRequired, ipRule]}
              >
                <Select mode="tags" open={false} tokenSeparators={[',', ' ', ';']} suffixIcon={null} />
              </Form.Item>
            </Col>
          )}
        </Row>
      </Card>

      <Card className="page-card" title={t('jurisdiction.positions.sectionPermissions')}>
        <Form.Item name="permissions" noStyle>
          <PermissionTreeField />
        </Form.Item>
      </Card>

      <Card className="page-card" title={t('jurisdiction.positions.sectionHolders')}>
        <Alert type="info" showIcon title={t('jurisdiction.positions.holdersHint')} style={{ marginBottom: 12 }} />
        <Form.Item name="holderIds" label={t('jurisdiction.positions.holders')}>
          <Select
            mode="multiple"
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            options={employees.map((e) => ({
              value: e.id,
              label: `${e.name || e.platformNo} (${e.platformNo})${e.deptName ? ` · ${e.deptName}` : ''}`,
            }))}
          />
        </Form.Item>
      </Card>
    </Form>
  );
}
