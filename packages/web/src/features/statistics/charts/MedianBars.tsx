import { Box, Text } from '@mantine/core';
import { toPersianDigits } from '@ayar/contract';
import { formatMinutes } from '../format.ts';
import { medianScale } from './medianScale.ts';
import classes from './MedianBars.module.css';

export interface MedianRow {
  name: string;
  minutes: number;
}

/**
 * The median time to purity per lab as a bar list, drawn with the page's own layout rather than an SVG
 * chart: each lab's name has its own grid area (a long name wraps there and never runs over the bars),
 * every bar is a share of one axis that starts at zero (a lab at 0 minutes has no bar), and each value
 * is written beside its bar, so the ticks only give the scale.
 */
export function MedianBars({ rows }: { rows: MedianRow[] }) {
  const scale = medianScale(Math.max(0, ...rows.map((r) => r.minutes)));
  const share = (minutes: number) => Math.min(100, (Math.max(0, minutes) / scale.max) * 100);
  return (
    <Box className={classes.chart}>
      <ul className={classes.list} aria-label="میانه زمان تا تعیین عیار در هر آزمایشگاه">
        {rows.map((r, i) => (
          <li key={`${r.name}-${i}`} className={classes.row} data-testid="median-row">
            <Text size="sm" className={classes.name} style={{ gridArea: 'name' }}>
              {r.name}
            </Text>
            <div className={classes.track} style={{ gridArea: 'bar' }} aria-hidden="true">
              <div
                className={classes.bar}
                data-testid="median-bar"
                data-empty={r.minutes <= 0 || undefined}
                style={{ inlineSize: `${share(r.minutes).toFixed(2)}%` }}
              />
            </div>
            <Text size="xs" fw={600} className={classes.value} style={{ gridArea: 'value' }}>
              {formatMinutes(r.minutes)}
            </Text>
          </li>
        ))}
      </ul>
      <div className={classes.axis} aria-hidden="true" data-testid="median-axis">
        <div className={classes.ticks} style={{ gridArea: 'bar' }}>
          {scale.ticks.map((t) => (
            <span
              key={t}
              className={classes.tick}
              data-testid="median-tick"
              style={{ insetInlineStart: `${((t * scale.perUnit) / scale.max) * 100}%` }}
            >
              <span>{toPersianDigits(t)}</span>
            </span>
          ))}
        </div>
        <Text size="xs" c="dimmed" className={classes.unit} style={{ gridArea: 'value' }}>
          {scale.unit}
        </Text>
      </div>
    </Box>
  );
}
