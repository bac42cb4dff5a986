import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** Valid/enabled in green, invalid/disabled in black (UI.md status colours). */
export function ValidTag({ valid, enabledWords = false }: { valid: boolean; enabledWords?: boolean }) {
  const { t } = useTranslation();
  const label = enabledWords
    ? t(valid ? 'basicData.common.enabled' : 'basicData.common.disabled')
    : t(valid ? 'basicData.common.valid' : 'basicData.common.invalid');
  return <Tag color={valid ? 'success' : '#000000'}>{label}</Tag>;
}
