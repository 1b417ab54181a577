import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatCents } from '../lib/format.ts';
import { BarChart } from './bar-chart.tsx';

interface Day {
  day: string;
  paid: number;
  refunded: number;
}

const days: Day[] = [
  { day: 'Nov 25', paid: 45000, refunded: 0 },
  { day: 'Nov 26', paid: 0, refunded: 0 },
  { day: 'Nov 27', paid: 12000, refunded: 5000 },
];

function renderChart(points = days) {
  return render(
    <BarChart
      title="Money by day"
      pointHeader="Day"
      points={points}
      pointName={({ day }) => `${day}, 2026`}
      tick={({ day }) => day}
      tickEvery={2}
      series={[
        { label: 'Paid in', tone: 'info', value: ({ paid }) => paid },
        { label: 'Refunded', tone: 'error', value: ({ refunded }) => refunded },
      ]}
      format={formatCents}
    />,
  );
}

describe('BarChart', () => {
  it('draws a bar per point and series, as tall as its share of a round top', () => {
    const { container } = renderChart();
    const bars = [...container.querySelectorAll('rect')];
    expect(bars).toHaveLength(6);
    // The top of the axis is $500, the round amount above the largest ($450).
    expect(bars.map((bar) => Number(bar.getAttribute('height')))).toEqual([90, 0, 0, 0, 24, 10]);
    expect(bars.map((bar) => bar.textContent)).toContain('Nov 27, 2026, Refunded: $50.00');
    expect(screen.getByText('$500')).toBeTruthy();
    expect(screen.getByText('$250')).toBeTruthy();
    expect(screen.getByText('$0')).toBeTruthy();
    // Labelled every other day, counting back from the last.
    expect(screen.getByText('Nov 27')).toBeTruthy();
    expect(screen.queryByText('Nov 26')).toBeNull();
    expect(screen.getByText('Nov 25')).toBeTruthy();
  });

  it('sums itself up for a screen reader, and lists every value in a table', () => {
    renderChart();
    expect(
      screen.getByRole('img', {
        name: 'Money by day, Nov 25, 2026 to Nov 27, 2026. Paid in: $570.00 in all, the most $450.00 (Nov 25, 2026). Refunded: $50.00 in all, the most $50.00 (Nov 27, 2026).',
      }),
    ).toBeTruthy();
    const table = within(screen.getByRole('table', { name: 'Money by day' }));
    expect(table.getAllByRole('columnheader').map((header) => header.textContent)).toEqual([
      'Day',
      'Paid in',
      'Refunded',
    ]);
    expect(
      table.getAllByRole('row').map((row) => [...row.children].map((cell) => cell.textContent)),
    ).toEqual([
      ['Day', 'Paid in', 'Refunded'],
      ['Nov 25, 2026', '$450.00', '$0.00'],
      ['Nov 26, 2026', '$0.00', '$0.00'],
      ['Nov 27, 2026', '$120.00', '$50.00'],
    ]);
  });

  it('says when a series has nothing, and draws no bars for it', () => {
    const { container } = renderChart(days.map((day) => ({ ...day, paid: 0, refunded: 0 })));
    expect(
      screen.getByRole('img', {
        name: 'Money by day, Nov 25, 2026 to Nov 27, 2026. Paid in: nothing. Refunded: nothing.',
      }),
    ).toBeTruthy();
    expect(
      [...container.querySelectorAll('rect')].every((bar) => bar.getAttribute('height') === '0'),
    ).toBe(true);
  });
});
