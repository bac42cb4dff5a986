import { useTranslation } from 'react-i18next';

export function YesNo({ value }: { value: boolean }) {
  const { t } = useTranslation();
  return <>{value ? t('materials.yes') : t('materials.no')}</>;
}
