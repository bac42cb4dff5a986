import { MEMBER_STATUS } from '@concord/shared';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

export type MemberStatusName = keyof typeof MEMBER_STATUS;

export const STATUS_NAMES = new Map<number, MemberStatusName>(
  (Object.entries(MEMBER_STATUS) as [MemberStatusName, number][]).map(([name, code]) => [code, name]),
);

/** UI.md colours: blue in progress, green joined, red expired, black invalid, grey for those who left. */
const COLOURS: Record<MemberStatusName, string> = {
  IN_PROGRESS: 'processing',
  JOINED: 'success',
  NOT_JOINED: 'error',
  INVALID: '#000000',
  QUIT: 'default',
  RESIGNATION_UNBINDING: 'default',
};

export function EmployeeStatusTag({ status }: { status: number }) {
  const { t } = useTranslation();
  const name = STATUS_NAMES.get(status);
  if (!name) return <Tag>{status}</Tag>;
  return <Tag color={COLOURS[name]}>{t(`organization.staff.statuses.${name}`)}</Tag>;
}
