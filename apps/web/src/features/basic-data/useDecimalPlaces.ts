import type { DecimalPlaces } from '@concord/shared';
import { useQuery } from '@tanstack/react-query';
import { basicDataApi, basicDataKeys, toDecimalPlaces } from './basic-data.api.ts';

/**
 * The enterprise's decimal places (spec §2 decimalplaces) for every screen that shows quantities,
 * prices or amounts; the defaults 2/4/2 until loaded. Cached for the session, refreshed on save.
 */
export function useDecimalPlaces(): DecimalPlaces {
  const query = useQuery({
    queryKey: basicDataKeys.decimalPlaces,
    queryFn: basicDataApi.decimalPlaces,
    staleTime: 10 * 60_000,
  });
  return toDecimalPlaces(query.data);
}
