import { MATERIAL_STATUS } from '@concord/shared';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** Green enabled, grey disabled (UI.md status colours). */
export function MaterialStatusTag({ status }: { status: number }) {
  const { t } = useTranslation();
  return status === MATERIAL_STATUS.ENABLED ? (
    <Tag color="green">{t('materials.status.enabled')}</Tag>
  ) : (
    <Tag>{t('materials.status.disabled')}</Tag>
  );
}

export function YesNo({ value }: { value: boolean }) {
  const { t } = useTranslation();
  return <>{value ? t('materials.yes') : t('materials.no')}</>;
}
