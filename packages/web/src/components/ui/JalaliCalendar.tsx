import { useEffect, useId, useRef, useState } from 'react';
import type { KeyboardEvent } from 'react';
import { ActionIcon, Button, Group, Text, UnstyledButton } from '@mantine/core';
import { toPersianDigits } from '@ayar/contract';
import {
  WEEKDAYS,
  addDays,
  addMonths,
  clampJDay,
  dayLabel,
  formatJDay,
  inRange,
  monthLabel,
  monthWeeks,
  sameJDay,
  weekdayIndex,
} from '../../lib/jalaliCalendar.ts';
import type { JDay } from '../../lib/jalaliCalendar.ts';
import classes from './JalaliCalendar.module.css';

export interface JalaliCalendarProps {
  /** The field's day, when it holds a whole date. */
  value: JDay | null;
  /** Today in Tehran (the caller's clock, so tests can fix it). */
  today: JDay;
  min: JDay | null;
  max: JDay | null;
  onPick: (day: JDay) => void;
  /** Escape: the caller closes the calendar and returns to the field. */
  onClose: () => void;
}

/** Where a key moves the focused day; null for keys the grid leaves alone. The page is right to left. */
function moved(day: JDay, event: KeyboardEvent): JDay | null {
  switch (event.key) {
    case 'ArrowLeft':
      return addDays(day, 1);
    case 'ArrowRight':
      return addDays(day, -1);
    case 'ArrowDown':
      return addDays(day, 7);
    case 'ArrowUp':
      return addDays(day, -7);
    case 'PageDown':
      return addMonths(day, event.shiftKey ? 12 : 1);
    case 'PageUp':
      return addMonths(day, event.shiftKey ? -12 : -1);
    case 'Home':
      return addDays(day, -weekdayIndex(day));
    case 'End':
      return addDays(day, 6 - weekdayIndex(day));
    default:
      return null;
  }
}

function Arrow({ back }: { back: boolean }) {
  // In a right-to-left page the earlier month is to the right: ‹ › point the way they go.
  return (
    <svg width={18} height={18} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        d={back ? 'M9 6l6 6-6 6' : 'M15 6l-6 6 6 6'}
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

function MonthHeader(props: {
  focused: JDay;
  titleId: string;
  prevDisabled: boolean;
  nextDisabled: boolean;
  onMonth: (n: number) => void;
}) {
  return (
    <Group justify="space-between" wrap="nowrap" mb={6}>
      <ActionIcon
        variant="subtle"
        onClick={() => props.onMonth(-1)}
        disabled={props.prevDisabled}
        aria-label="ماه قبل"
      >
        <Arrow back />
      </ActionIcon>
      <Text fw={700} id={props.titleId} aria-live="polite">
        {monthLabel(props.focused.y, props.focused.m)}
      </Text>
      <ActionIcon
        variant="subtle"
        onClick={() => props.onMonth(1)}
        disabled={props.nextDisabled}
        aria-label="ماه بعد"
      >
        <Arrow back={false} />
      </ActionIcon>
    </Group>
  );
}

/** The focused day's month, a row a week; cells of other months are empty. */
function MonthDays(props: {
  focused: JDay;
  value: JDay | null;
  today: JDay;
  min: JDay | null;
  max: JDay | null;
  onPick: (day: JDay) => void;
}) {
  const { focused } = props;
  return (
    <tbody>
      {monthWeeks(focused.y, focused.m).map((week, i) => (
        <tr key={i}>
          {week.map((day, j) =>
            day === null ? (
              <td key={j} />
            ) : (
              <DayCell
                key={j}
                day={day}
                focused={sameJDay(day, focused)}
                selected={sameJDay(day, props.value)}
                today={sameJDay(day, props.today)}
                offered={inRange(day, props.min, props.max)}
                onPick={() => props.onPick(day)}
              />
            ),
          )}
        </tr>
      ))}
    </tbody>
  );
}

/**
 * A Jalali month grid (docs/product.md §1.5): Persian month names and digits, weeks from Saturday, today
 * marked, days outside min/max not offered. Keys as the WAI-ARIA date picker dialog: arrows move a day
 * or a week, PageUp/PageDown a month (with Shift a year), Home/End the week's ends, Enter or Space
 * picks, Escape closes. Loaded only when a date field's calendar opens (JalaliDateInput).
 */
export default function JalaliCalendar({ value, today, min, max, onPick, onClose }: JalaliCalendarProps) {
  const [focused, setFocused] = useState<JDay>(() => clampJDay(value ?? today, min, max));
  const grid = useRef<HTMLTableElement>(null);
  const titleId = useId();

  // The focused day takes the keyboard focus, on opening and after every move.
  useEffect(() => {
    grid.current?.querySelector<HTMLButtonElement>('button[tabindex="0"]')?.focus();
  }, [focused]);

  const pick = (day: JDay) => {
    if (inRange(day, min, max)) onPick(day);
  };
  const goMonth = (n: number) => setFocused((f) => clampJDay(addMonths(f, n), min, max));
  const onKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      pick(focused);
      return;
    }
    const next = moved(focused, event);
    if (!next) return;
    event.preventDefault();
    setFocused(clampJDay(next, min, max));
  };

  const todayOffered = inRange(today, min, max);

  return (
    <div className={classes.root}>
      <MonthHeader
        focused={focused}
        titleId={titleId}
        prevDisabled={min !== null && focused.y * 12 + focused.m <= min.y * 12 + min.m}
        nextDisabled={max !== null && focused.y * 12 + focused.m >= max.y * 12 + max.m}
        onMonth={goMonth}
      />
      <table ref={grid} role="grid" aria-labelledby={titleId} className={classes.grid} onKeyDown={onKeyDown}>
        <thead>
          <tr>
            {WEEKDAYS.map((w) => (
              <th key={w.name} scope="col" abbr={w.name} className={classes.weekday}>
                <span aria-hidden="true">{w.short}</span>
                <span className={classes.hidden}>{w.name}</span>
              </th>
            ))}
          </tr>
        </thead>
        <MonthDays
          focused={focused}
          value={value}
          today={today}
          min={min}
          max={max}
          onPick={(day) => {
            setFocused(day);
            pick(day);
          }}
        />
      </table>
      <Group justify="space-between" mt={6} wrap="nowrap">
        <Button size="compact-sm" variant="subtle" disabled={!todayOffered} onClick={() => pick(today)}>
          امروز
        </Button>
        <Button size="compact-sm" variant="subtle" color="gray" onClick={onClose}>
          بستن
        </Button>
      </Group>
    </div>
  );
}

function DayCell(props: {
  day: JDay;
  focused: boolean;
  selected: boolean;
  today: boolean;
  offered: boolean;
  onPick: () => void;
}) {
  const { day } = props;
  return (
    <td role="gridcell" aria-selected={props.selected}>
      <UnstyledButton
        className={classes.day}
        tabIndex={props.focused ? 0 : -1}
        // The popover's focus trap starts on this day, not on «ماه قبل».
        data-autofocus={props.focused || undefined}
        data-selected={props.selected || undefined}
        data-today={props.today || undefined}
        data-disabled={!props.offered || undefined}
        aria-disabled={!props.offered || undefined}
        aria-current={props.today ? 'date' : undefined}
        aria-label={`${dayLabel(day)}${props.today ? '، امروز' : ''}`}
        data-date={formatJDay(day)}
        onClick={props.onPick}
      >
        {toPersianDigits(day.d)}
      </UnstyledButton>
    </td>
  );
}
