import type { TrackedPostView } from '@kollab/contract/api/results';
import { LineChart } from '@mui/x-charts/LineChart';
import { svSE } from '@mui/x-charts/locales';
import { useMemo } from 'react';
import { useLocale } from '../../hooks/use-locale';
import { useResultsFormat } from './use-results-format';

const DAY = 86_400_000;

/**
 * Views over time, one line per post (named by its creator). Its own chunk: the chart library is
 * large and only the results and claim pages load it. The readings table next to it is the
 * accessible equivalent, so the chart is one labelled image to assistive technology.
 */
export function ViewsChart({
  posts,
  label,
  height = 300,
}: {
  posts: TrackedPostView[];
  label: string;
  height?: number;
}) {
  const locale = useLocale();
  const format = useResultsFormat();
  const { times, series, span } = useMemo(() => {
    const withReadings = posts.filter((post) => post.readings.length > 0);
    const times = [
      ...new Set(withReadings.flatMap((post) => post.readings.map((reading) => Date.parse(reading.readAt)))),
    ].sort((a, b) => a - b);
    const series = withReadings.map((post) => {
      const byTime = new Map(post.readings.map((reading) => [Date.parse(reading.readAt), reading.views]));
      return {
        id: post.id,
        label: post.creator.name,
        data: times.map((time) => byTime.get(time) ?? null),
        connectNulls: true,
        showMark: true,
        valueFormatter: (value: number | null) => (value === null ? '' : format.number(value)),
      };
    });
    return { times: times.map((time) => new Date(time)), series, span: (times.at(-1) ?? 0) - (times[0] ?? 0) };
  }, [posts, format]);
  const ticks = useMemo(() => {
    const tag = locale === 'sv' ? 'sv-SE' : 'en-GB';
    return {
      hour: new Intl.DateTimeFormat(tag, { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' }),
      day: new Intl.DateTimeFormat(tag, { day: 'numeric', month: 'short' }),
    };
  }, [locale]);

  return (
    <LineChart
      role="img"
      aria-label={label}
      height={height}
      series={series}
      xAxis={[
        {
          data: times,
          scaleType: 'time',
          tickNumber: 5,
          // Ticks show the day, and the hour too over the first days; the tooltip the read's day and time.
          valueFormatter: (value: Date, context) =>
            context.location !== 'tick'
              ? format.dateTime(value.toISOString())
              : span <= 3 * DAY
                ? ticks.hour.format(value)
                : ticks.day.format(value),
        },
      ]}
      yAxis={[{ min: 0, valueFormatter: (value: number) => format.number(value), width: 64 }]}
      localeText={locale === 'sv' ? svSE.components.MuiChartsLocalizationProvider.defaultProps.localeText : undefined}
      skipAnimation
    />
  );
}
