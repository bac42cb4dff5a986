import { ALL_PERMISSIONS } from '@concord/shared';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App, Form, type FormInstance } from 'antd';
import i18n from 'i18next';
import { useState } from 'react';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { enUS } from '../../locales/en-US.ts';
import { jurisdictionCN } from './locales/zh-CN.ts';
import { jurisdictionTW } from './locales/zh-TW.ts';
import { PermissionTreeField } from './PermissionTreeField.tsx';
import { PositionForm, type PositionFormValues } from './PositionForm.tsx';
import { toggleCode } from './permissionTree.ts';

beforeAll(async () => {
  await i18n.use(initReactI18next).init({ lng: 'en-US', resources: { 'en-US': { translation: enUS } } });
});
afterEach(cleanup);

const labels = enUS.jurisdiction.permissions;

function TreeHarness({ initial, onValue }: { initial: string[]; onValue: (v: string[]) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <PermissionTreeField
      value={value}
      onChange={(next) => {
        setValue(next);
        onValue(next);
      }}
    />
  );
}

const nodeOf = (code: keyof typeof labels) =>
  screen.getByText(`${labels[code]} (${code})`).closest('.ant-tree-treenode') as HTMLElement;
const isChecked = (code: keyof typeof labels) =>
  nodeOf(code).querySelector('.ant-tree-checkbox')!.classList.contains('ant-tree-checkbox-checked');
const clickBox = (code: keyof typeof labels) =>
  fireEvent.click(nodeOf(code).querySelector('.ant-tree-checkbox') as HTMLElement);

describe('permission tree', () => {
  it('checks an entry with everything under it and the modules above it, and unchecks the subtree', () => {
    let value: string[] = [];
    render(<TreeHarness initial={['PO_SYN', 'SL_SYN', 'CF_SYN']} onValue={(v) => (value = v)} />);
    expect(isChecked('PO_SYN')).toBe(true);
    expect(isChecked('RE_PLA')).toBe(false);

    clickBox('RE_PLA');
    expect(isChecked('RE_PLA')).toBe(true);
    expect(isChecked('RE_PLA_SU')).toBe(true);
    expect(value).toEqual(expect.arrayContaining(['PO_SYN', 'RE_PLA', 'RE_PLA_SU']));

    clickBox('RE_PLA');
    expect(isChecked('RE_PLA')).toBe(false);
    expect(isChecked('RE_PLA_SU')).toBe(false);
    expect(isChecked('PO_SYN')).toBe(true);

    clickBox('CG_TG_SURE');
    expect(isChecked('CG_TG_XT')).toBe(true);
    expect(isChecked('CHAN_SU')).toBe(false);
  });

  it('keeps a group on without its entries and orders codes like the tree', () => {
    expect(toggleCode([], 'PO_SUP_RZ', true)).toEqual(['PO_SYN', 'PO_SUP', 'PO_SUP_RZ']);
    expect(toggleCode(['PO_SYN', 'PO_SUP', 'PO_SUP_RZ'], 'PO_SUP', false)).toEqual(['PO_SYN']);
    expect(toggleCode(['CF_SYN'], 'CF_SYN', true)).toEqual(['CF_SYN', ...codesUnder('CF_SYN')]);
  });

  it('has a label for every permission code in all three languages', () => {
    for (const code of ALL_PERMISSIONS) {
      const key = code as keyof typeof labels;
      expect(labels[key], code).toBeTruthy();
      expect(jurisdictionCN.permissions[key], code).toMatch(/\p{Script=Han}/u);
      expect(jurisdictionTW.permissions[key], code).toMatch(/\p{Script=Han}/u);
    }
  });
});

function codesUnder(code: string): string[] {
  return toggleCode([], code, true).filter((c) => c !== code);
}

function FormHarness({ onForm }: { onForm: (form: FormInstance<PositionFormValues>) => void }) {
  const [form] = Form.useForm<PositionFormValues>();
  onForm(form);
  return (
    <App>
      <PositionForm
        form={form}
        positions={[]}
        employees={[]}
        departments={[{ id: '1', deptName: 'Purchasing', deptCode: 'PUR' }]}
        onSubmit={() => {}}
      />
    </App>
  );
}

describe('position form', () => {
  it('shows the custom departments only for data permission 4 and 5', async () => {
    let form: FormInstance<PositionFormValues> | undefined;
    render(<FormHarness onForm={(f) => (form = f)} />);
    const customLabel = enUS.jurisdiction.positions.customDepts;
    expect(screen.queryByText(customLabel)).toBeNull();

    for (const [type, shown] of [
      [4, true],
      [0, false],
      [5, true],
      [7, false],
    ] as const) {
      act(() => form!.setFieldsValue({ dataPermission: type }));
      await waitFor(() => expect(screen.queryByText(customLabel) !== null, `type ${type}`).toBe(shown));
    }
  });

  it('asks for allowed addresses only when the IP check is on', async () => {
    let form: FormInstance<PositionFormValues> | undefined;
    render(<FormHarness onForm={(f) => (form = f)} />);
    const ipsLabel = enUS.jurisdiction.positions.allowedIps;
    expect(screen.queryByText(ipsLabel)).toBeNull();
    fireEvent.click(screen.getByLabelText(enUS.jurisdiction.positions.checkIp));
    expect(await screen.findByText(ipsLabel)).toBeTruthy();
    expect(form!.getFieldValue('isStationCheckIp')).toBe(true);
  });
});
