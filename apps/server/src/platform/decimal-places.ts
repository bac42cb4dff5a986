import { placesOf, roundDecimal } from '@concord/shared';
import { AppError } from './errors.ts';

/**
 * A decimal from a request at the places its document allows (issue 16): more places than the
 * enterprise's setting for that kind of value is a 400 naming the field (`data[0].path`, as a validation
 * failure does) and the places, never a silent rounding of what the user typed. Returns the value as stored.
 */
export function placedDecimal(value: string, places: number, path: string): string {
  if (placesOf(value) > places) {
    throw new AppError('DECIMAL_PLACES_EXCEEDED', { places }, [{ path, places }]);
  }
  return roundDecimal(value, places);
}

/** Tax rates are percentages stored at 4 places (13.0625 %), whatever the enterprise's settings. */
export const RATE_INPUT_PLACES = 4;
