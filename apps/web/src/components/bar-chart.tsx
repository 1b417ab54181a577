/**
 * The theme's colours a series can take, written out so the styles are generated: a bar's fill
 * and its legend's swatch.
 */
const TONES = {
  primary: { bar: 'fill-primary', swatch: 'bg-primary' },
  info: { bar: 'fill-info', swatch: 'bg-info' },
  success: { bar: 'fill-success', swatch: 'bg-success' },
  error: { bar: 'fill-error', swatch: 'bg-error' },
} as const;

/** One kind of bar: what it is called, its colour, and its value at each point. */
export interface BarSeries<Point> {
  label: string;
  tone: keyof typeof TONES;
  value: (point: Point) => number;
}

/** The share of a point's width its bars take; the rest keeps the points apart. */
const BARS_WIDTH = 0.8;
/** A value above zero is never drawn thinner than this, in hundredths of the chart's height. */
const MIN_BAR = 1;

/** The smallest 1, 2 or 5 times a power of ten from `value` up, so the axis reads round. */
function roundedUp(value: number): number {
  if (value <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  return [1, 2, 5, 10].map((step) => step * power).find((top) => top >= value) ?? 10 * power;
}

/** What a screen reader hears for the chart: the range, then each series' total and peak. */
function summaryOf<Point>(
  title: string,
  points: Point[],
  pointName: (point: Point) => string,
  series: BarSeries<Point>[],
  format: (value: number) => string,
): string {
  const first = points[0];
  const last = points.at(-1);
  if (first === undefined || last === undefined) return `${title}: nothing to show.`;
  const totals = series.map(({ label, value }) => {
    const values = points.map(value);
    const total = values.reduce((sum, each) => sum + each, 0);
    if (total === 0) return `${label}: nothing`;
    const most = Math.max(...values);
    const mostAt = points[values.indexOf(most)] ?? first;
    return `${label}: ${format(total)} in all, the most ${format(most)} (${pointName(mostAt)})`;
  });
  return `${title}, ${pointName(first)} to ${pointName(last)}. ${totals.join('. ')}.`;
}

/**
 * A bar chart of one or more series side by side, drawn as SVG. To assistive technology it is
 * one image whose name sums it up, followed by a visually hidden table of every value; the axis
 * labels and the legend, which the table repeats, are hidden from it.
 */
export function BarChart<Point>({
  title,
  pointHeader,
  points,
  pointName,
  tick,
  tickEvery = 1,
  series,
  format,
}: {
  title: string;
  /** The table's heading for the points' column, e.g. "Month". */
  pointHeader: string;
  points: Point[];
  /** A point in full, in the table and the summary: "March 2026". */
  pointName: (point: Point) => string;
  /** A point on the axis: "Mar". */
  tick: (point: Point) => string;
  /** Every how many points the axis is labelled, counting back from the last one. */
  tickEvery?: number;
  series: BarSeries<Point>[];
  format: (value: number) => string;
}) {
  const top = roundedUp(
    Math.max(0, ...points.flatMap((point) => series.map((s) => s.value(point)))),
  );
  const barWidth = BARS_WIDTH / series.length;
  const axisValue = (value: number) => format(value).replace(/\.00$/, '');
  return (
    <figure className="bg-base-200 rounded-box p-4">
      <figcaption className="mb-3 font-semibold">{title}</figcaption>
      <div className="flex gap-2">
        <div
          aria-hidden="true"
          className="text-base-content/70 flex h-48 flex-col justify-between text-right text-xs"
        >
          <span>{axisValue(top)}</span>
          <span>{axisValue(top / 2)}</span>
          <span>{axisValue(0)}</span>
        </div>
        <div className="min-w-0 flex-1">
          <svg
            role="img"
            aria-label={summaryOf(title, points, pointName, series, format)}
            viewBox={`0 0 ${points.length} 100`}
            preserveAspectRatio="none"
            className="border-base-content/30 h-48 w-full border-b border-l"
          >
            {[0, 50].map((y) => (
              <line
                key={y}
                x1={0}
                x2={points.length}
                y1={y}
                y2={y}
                className="stroke-base-content/15"
                vectorEffect="non-scaling-stroke"
              />
            ))}
            {points.map((point, index) =>
              series.map(({ label, tone, value }, place) => {
                const amount = value(point);
                const height = amount > 0 ? Math.max((amount / top) * 100, MIN_BAR) : 0;
                return (
                  <rect
                    key={`${index}-${label}`}
                    x={index + (1 - BARS_WIDTH) / 2 + place * barWidth}
                    y={100 - height}
                    width={barWidth}
                    height={height}
                    className={TONES[tone].bar}
                  >
                    <title>{`${pointName(point)}, ${label}: ${format(amount)}`}</title>
                  </rect>
                );
              }),
            )}
          </svg>
          <div aria-hidden="true" className="text-base-content/70 relative mt-1 h-4 text-xs">
            {points.map(
              (point, index) =>
                (points.length - 1 - index) % tickEvery === 0 && (
                  <span
                    key={index}
                    className="absolute -translate-x-1/2 whitespace-nowrap"
                    style={{ left: `${((index + 0.5) / points.length) * 100}%` }}
                  >
                    {tick(point)}
                  </span>
                ),
            )}
          </div>
        </div>
      </div>
      {series.length > 1 && (
        <ul aria-hidden="true" className="mt-4 flex flex-wrap gap-x-4 gap-y-1 text-sm">
          {series.map(({ label, tone }) => (
            <li key={label} className="flex items-center gap-2">
              <span className={`inline-block size-3 rounded-sm ${TONES[tone].swatch}`} />
              {label}
            </li>
          ))}
        </ul>
      )}
      <table className="sr-only">
        <caption>{title}</caption>
        <thead>
          <tr>
            <th scope="col">{pointHeader}</th>
            {series.map(({ label }) => (
              <th scope="col" key={label}>
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {points.map((point, index) => (
            <tr key={index}>
              <th scope="row">{pointName(point)}</th>
              {series.map(({ label, value }) => (
                <td key={label}>{format(value(point))}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
