import type { DocumentSide } from '@concord/shared';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { type StatusSet, statusStyle } from './statusStyles.ts';

/**
 * A status as a coloured tag: the machine (or status set) names the code, `statusStyles.ts` gives the
 * name its colour and the feature's words. A code the set does not know shows bare.
 */
export function StatusTag({ machine, status, side }: { machine: StatusSet; status: number; side?: DocumentSide }) {
  const { t } = useTranslation();
  const name = machine.statusName(status);
  const style = statusStyle(machine);
  if (!name || !style) return <Tag>{status}</Tag>;
  return <Tag color={style.colours[name]}>{style.label(t, name, side)}</Tag>;
}
