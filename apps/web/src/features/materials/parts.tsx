import { MATERIAL_QTY_SCALE, MATERIAL_RATE_SCALE } from '@concord/shared';
import { useTranslation } from 'react-i18next';
import { useDecimalPlaces } from '../basic-data/useDecimalPlaces.ts';

export function YesNo({ value }: { value: boolean }) {
  const { t } = useTranslation();
  return <>{value ? t('materials.yes') : t('materials.no')}</>;
}

/**
 * Places the archive's editors allow, as the server checks them: quantities at the enterprise's
 * quantity places but no more than the archive keeps, percentages at the archive's two.
 */
export function useMaterialPlaces(): { quantity: number; rate: number } {
  const places = useDecimalPlaces();
  return { quantity: Math.min(places.quantity, MATERIAL_QTY_SCALE), rate: MATERIAL_RATE_SCALE };
}
