import { Button, type ButtonProps, Tooltip } from 'antd';
import { createContext, type ReactNode, useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermission } from './PermissionGate.tsx';

/** True inside a read-only form or detail view: only operations flagged `readOnly` show there (spec §6). */
const ReadOnlyContext = createContext(false);

export function OperationScope({ readOnly, children }: { readOnly: boolean; children: ReactNode }) {
  return <ReadOnlyContext.Provider value={readOnly}>{children}</ReadOnlyContext.Provider>;
}

export interface OperationButtonProps<Row = unknown> extends Omit<ButtonProps, 'disabled'> {
  /** Permission code the operation needs; without it the button stays visible but disabled. */
  permission?: string;
  /** The table row the operation acts on, passed to `visible` and `disabled`. */
  row?: Row;
  /** Per-row visibility check: false hides the button (e.g. "confirm" on an already confirmed order). */
  visible?: (row: Row) => boolean;
  /** Per-row (or fixed) check: true disables the button. */
  disabled?: boolean | ((row: Row) => boolean);
  /** Why the row check disables it, shown as the tooltip. */
  disabledReason?: ReactNode;
  /** Safe in read-only forms (view, print, export, download). */
  readOnly?: boolean;
}

export interface OperationState {
  shown: boolean;
  disabled: boolean;
  reason: 'permission' | 'row' | null;
}

/** Spec §6 order: hidden by the form mode or the row, then disabled by the permission, then by the row. */
export function resolveOperation<Row>(
  options: Pick<OperationButtonProps<Row>, 'row' | 'visible' | 'disabled' | 'readOnly'>,
  allowed: boolean,
  inReadOnlyForm: boolean,
): OperationState {
  const { row, visible, disabled, readOnly } = options;
  if (inReadOnlyForm && !readOnly) return { shown: false, disabled: true, reason: null };
  if (visible && !visible(row as Row)) return { shown: false, disabled: true, reason: null };
  if (!allowed) return { shown: true, disabled: true, reason: 'permission' };
  const rowDisabled = typeof disabled === 'function' ? disabled(row as Row) : (disabled ?? false);
  return rowDisabled ? { shown: true, disabled: true, reason: 'row' } : { shown: true, disabled: false, reason: null };
}

/** The state of an operation for the current user and form, for a Popconfirm or a menu entry around it. */
export function useOperationState<Row>(
  options: Pick<OperationButtonProps<Row>, 'permission' | 'row' | 'visible' | 'disabled' | 'readOnly'>,
): OperationState {
  const inReadOnlyForm = useContext(ReadOnlyContext);
  const permitted = usePermission(options.permission ?? '');
  return resolveOperation(options, !options.permission || permitted, inReadOnlyForm);
}

/**
 * An operation button (toolbar or operation column) that follows spec §6: disabled with a tooltip when
 * the permission check fails, hidden or disabled per row, and only read-only operations in read-only
 * forms. The server refuses the call anyway; this keeps the screen honest about it.
 */
export function OperationButton<Row = unknown>({
  permission,
  row,
  visible,
  disabled,
  disabledReason,
  readOnly,
  children,
  ...button
}: OperationButtonProps<Row>) {
  const { t } = useTranslation();
  const state = useOperationState({ permission, row, visible, disabled, readOnly });
  if (!state.shown) return null;
  const element = (
    <Button {...button} disabled={state.disabled}>
      {children}
    </Button>
  );
  const tooltip =
    state.reason === 'permission' ? t('result.noPermission') : state.reason === 'row' ? disabledReason : null;
  return tooltip ? <Tooltip title={tooltip}>{element}</Tooltip> : element;
}
