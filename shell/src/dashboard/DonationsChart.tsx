import { BarController, BarElement, CategoryScale, Chart, LinearScale, type ChartOptions, type Plugin } from 'chart.js';
import { useId } from 'react';
import { Bar } from 'react-chartjs-2';
import styled, { useTheme } from 'styled-components';
import { visuallyHidden } from 'shared';
import type { Analytics } from './api';

// Only the parts a bar chart needs, so that the dashboard's chunk carries no more of Chart.js.
Chart.register(BarController, BarElement, CategoryScale, LinearScale);

export type DonationMonth = Analytics['donationsByMonth'][number];

/** The month's English name ('November'), whatever the browser's language, as the rest of the app speaks. */
const monthFormats = {
  long: new Intl.DateTimeFormat('en-US', { month: 'long', timeZone: 'UTC' }),
  short: new Intl.DateTimeFormat('en-US', { month: 'short', timeZone: 'UTC' }),
};
const monthWord = (index: number, width: 'long' | 'short') => monthFormats[width].format(Date.UTC(2000, index, 1));

/** 'YYYY-MM' → [year, month index 0–11]. */
const parts = (month: string): [string, number] => [month.slice(0, 4), Number(month.slice(5, 7)) - 1];

/** 'November 2026': the table's and the summary's words, in English whatever the browser's language. */
export const monthName = (month: string) => {
  const [year, index] = parts(month);
  return `${monthWord(index, 'long')} ${year}`;
};

/** Below this width (CSS px) a chart labels every other month, counting back from the current one. */
const NARROW_CHART = 480;

/**
 * The x axis: 'Nov', with the year under the first month labelled and under the first one of each
 * new year. A narrow chart labels every other month, the current one always.
 */
export const axisLabels = (months: string[], narrow: boolean): (string | string[] | null)[] => {
  const step = narrow ? 2 : 1;
  let lastYear = '';
  return months.map((month, position) => {
    if ((months.length - 1 - position) % step !== 0) return null;
    const [year, index] = parts(month);
    const short = monthWord(index, 'short');
    const label = year === lastYear ? short : [short, year];
    lastYear = year;
    return label;
  });
};

/** Writes each bar's count above it, so no value needs a pointer to be read. */
const valueLabels = (color: string, muted: string, font: string): Plugin<'bar'> => ({
  id: 'valueLabels',
  afterDatasetsDraw(chart) {
    const { ctx } = chart;
    const meta = chart.getDatasetMeta(0);
    const values = chart.data.datasets[0]?.data ?? [];
    ctx.save();
    ctx.font = `600 12px ${font}`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'bottom';
    meta.data.forEach((bar, i) => {
      const value = Number(values[i] ?? 0);
      // A month without donations reads 0 too, quieter than a real bar's count.
      ctx.fillStyle = value === 0 ? muted : color;
      ctx.fillText(String(value), bar.x, bar.y - 4);
    });
    ctx.restore();
  },
});

const Figure = styled.figure`
  margin: 0;
  figcaption {
    margin: 0 0 ${({ theme }) => theme.space(3)};
    font-weight: 600;
    color: ${({ theme }) => theme.color.text};
  }
`;

const Canvas = styled.div`
  position: relative;
  height: 240px;
`;

const Empty = styled.p`
  margin: ${({ theme }) => theme.space(3)} 0 0;
  color: ${({ theme }) => theme.color.muted};
`;

/** In the accessibility tree and for screen readers only: the chart's figures as a table. */
const HiddenTable = styled.table`
  ${visuallyHidden}
`;

const TITLE = 'Donations added per month';

/**
 * The donations added in each of the last 12 months (the server's series, oldest first) as a bar
 * chart with its counts written on it, and the same figures as a table for assistive technology.
 */
export function DonationsChart({ months }: { months: DonationMonth[] }) {
  const theme = useTheme();
  const titleId = useId();
  const monthKeys = months.map((entry) => entry.month);
  const total = months.reduce((sum, entry) => sum + entry.count, 0);
  const summary =
    months.length > 0
      ? `Bar chart of the donations added per month, ${monthName(months[0].month)} to ${monthName(months[months.length - 1].month)}: ${total} in all.`
      : TITLE;

  const options: ChartOptions<'bar'> = {
    responsive: true,
    maintainAspectRatio: false,
    animation: false,
    // Room above the tallest bar for its count.
    layout: { padding: { top: 20 } },
    events: [],
    font: { family: theme.font.body },
    scales: {
      x: {
        grid: { display: false },
        border: { color: theme.color.border },
        ticks: {
          color: theme.color.muted,
          autoSkip: false,
          maxRotation: 0,
          font: { size: 11 },
          callback(_value, index) {
            return axisLabels(monthKeys, this.chart.width < NARROW_CHART)[index];
          },
        },
      },
      y: {
        beginAtZero: true,
        // With no donation at all the axis still reads 0 to 4, not a line with no scale.
        suggestedMax: 4,
        border: { display: false },
        grid: { color: theme.color.border },
        ticks: { color: theme.color.muted, precision: 0, maxTicksLimit: 6, font: { size: 11 } },
      },
    },
  };

  return (
    <Figure aria-labelledby={titleId}>
      <figcaption id={titleId}>{TITLE}</figcaption>
      <Canvas>
        <Bar
          aria-label={summary}
          options={options}
          plugins={[valueLabels(theme.color.text, theme.color.muted, theme.font.body)]}
          data={{
            labels: monthKeys,
            datasets: [
              {
                label: TITLE,
                data: months.map((entry) => entry.count),
                backgroundColor: theme.color.primary,
                borderRadius: 3,
                maxBarThickness: 36,
              },
            ],
          }}
        />
      </Canvas>
      {total === 0 && <Empty>No donations in the last 12 months.</Empty>}
      <HiddenTable>
        <caption>{TITLE}</caption>
        <thead>
          <tr>
            <th scope="col">Month</th>
            <th scope="col">Donations added</th>
          </tr>
        </thead>
        <tbody>
          {months.map((entry) => (
            <tr key={entry.month}>
              <th scope="row">{monthName(entry.month)}</th>
              <td>{entry.count}</td>
            </tr>
          ))}
        </tbody>
      </HiddenTable>
    </Figure>
  );
}
