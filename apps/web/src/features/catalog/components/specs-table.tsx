import type { Product } from '@reloop/shared';
import { formatStorage } from '../../../lib/format.ts';

const NOT_STATED = 'Not stated';

/** A spec as it reads, or "Not stated": listings made before specs were asked for have none. */
const stated = <Value,>(value: Value | null, format: (value: Value) => string) =>
  value === null ? NOT_STATED : format(value);

type LaptopSpecs = Pick<
  Product,
  'model' | 'cpu' | 'ramGb' | 'storageGb' | 'screenInches' | 'batteryHealth' | 'yearOfUse'
>;

/** What a buyer compares laptops by, one row each, labelled by `labelledBy`'s heading. */
export function SpecsTable({ specs, labelledBy }: { specs: LaptopSpecs; labelledBy: string }) {
  const rows: [label: string, value: string][] = [
    ['Model', specs.model ?? NOT_STATED],
    ['Processor (CPU)', specs.cpu ?? NOT_STATED],
    ['Memory (RAM)', stated(specs.ramGb, (gigabytes) => `${gigabytes} GB`)],
    ['Storage', stated(specs.storageGb, formatStorage)],
    ['Screen', stated(specs.screenInches, (inches) => `${inches} inches`)],
    [
      'Battery health',
      stated(specs.batteryHealth, (percent) => `${percent}% of its original capacity`),
    ],
    ['Year of purchase', String(specs.yearOfUse)],
  ];
  return (
    <table className="table" aria-labelledby={labelledBy}>
      <tbody>
        {rows.map(([label, value]) => (
          <tr key={label}>
            <th scope="row" className="w-2/5 font-medium">
              {label}
            </th>
            <td className={value === NOT_STATED ? 'text-base-content/60 italic' : undefined}>
              {value}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
