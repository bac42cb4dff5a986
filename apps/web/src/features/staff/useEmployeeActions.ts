import {
  canApplyEmployeeAction,
  EMPLOYEE_ACTION_NAMES,
  EMPLOYEE_ACTION_PERMISSION,
  type EmployeeAction,
  type EmployeeItem,
} from '@concord/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../components/PermissionGate.tsx';
import { staffApi, staffKeys } from './staff.api.ts';

/**
 * The staff operations of a row, from the shared transition table: shown when the status allows them,
 * disabled without the staff-management permission; each asks for confirmation first.
 */
export function useEmployeeActions() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const allowed = usePermission(EMPLOYEE_ACTION_PERMISSION);

  const act = useMutation({
    mutationFn: ({ employee, action }: { employee: EmployeeItem; action: EmployeeAction }) =>
      staffApi.act(employee.id, action),
    onSuccess: (_r, { action }) => message.success(t(`organization.staff.done.${action}`)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: staffKeys.all }),
  });

  const actionsFor = (employee: EmployeeItem) =>
    EMPLOYEE_ACTION_NAMES.filter((action) => canApplyEmployeeAction(action, employee.status));

  const run = (employee: EmployeeItem, action: EmployeeAction) =>
    modal.confirm({
      title: t(`organization.staff.actions.${action}`),
      content: t(`organization.staff.confirm.${action}`, { name: employee.name || employee.email || employee.mobile }),
      okText: t('common.confirm'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: action === 'quit' || action === 'unbind' || action === 'revoke' },
      onOk: () => act.mutateAsync({ employee, action }).catch(() => {}),
    });

  return { allowed, actionsFor, run, pending: act.isPending };
}
