import type { Product } from '@reloop/shared';
import { formatStorage } from '../../../lib/format.ts';

/**
 * A listing's specs in one line, "16 GB RAM · 512 GB · 14″"; a listing made before specs were
 * asked for has none, so the line is empty.
 */
export function specSummary({
  ramGb,
  storageGb,
  screenInches,
}: Pick<Product, 'ramGb' | 'storageGb' | 'screenInches'>): string {
  return [
    ramGb !== null && `${ramGb} GB RAM`,
    storageGb !== null && formatStorage(storageGb),
    screenInches !== null && `${screenInches}″`,
  ]
    .filter(Boolean)
    .join(' · ');
}
