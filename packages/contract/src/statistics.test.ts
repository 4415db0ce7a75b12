import { describe, expect, it } from 'vitest';
import {
  STATS_MSG,
  addDays,
  dailyStatisticsRequestSchema,
  filterRange,
  groupUserStatisticsRequestSchema,
  labStatisticsRequestSchema,
  manageStatisticsRequestSchema,
  rangeInstants,
  statisticsDetailQuerySchema,
  statisticsPeriods,
  tehranDate,
  tehranDayStart,
  usageColor,
  usagePercent,
} from './statistics.ts';

const messages = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  r.success ? [] : (r.error?.issues ?? []).map((i) => ({ path: i.path.join('.'), message: i.message }));

describe('Tehran days', () => {
  it('starts a day at 00:00 Tehran (+03:30), and the instant before midnight is the day before', () => {
    expect(tehranDayStart('2025-03-21').toISOString()).toBe('2025-03-20T20:30:00.000Z');
    expect(tehranDate(new Date('2025-03-20T20:29:59.999Z'))).toBe('2025-03-20');
    expect(tehranDate(new Date('2025-03-20T20:30:00.000Z'))).toBe('2025-03-21');
  });

  it('follows the old daylight saving time (+04:30 in a summer before 2022)', () => {
    expect(tehranDayStart('2021-07-01').toISOString()).toBe('2021-06-30T19:30:00.000Z');
    expect(tehranDayStart('2021-12-01').toISOString()).toBe('2021-11-30T20:30:00.000Z');
  });

  it('moves calendar dates across months and years', () => {
    expect(addDays('2025-03-20', 1)).toBe('2025-03-21');
    expect(addDays('2024-12-31', 1)).toBe('2025-01-01');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
  });

  it('turns inclusive filter dates into [from, to) and instants', () => {
    expect(filterRange('2025-03-01', '2025-03-20')).toEqual({ from: '2025-03-01', to: '2025-03-21' });
    expect(filterRange(undefined, undefined)).toEqual({ from: null, to: null });
    expect(rangeInstants({ from: '2025-03-20', to: '2025-03-21' })).toEqual({
      start: new Date('2025-03-19T20:30:00Z'),
      end: new Date('2025-03-20T20:30:00Z'),
    });
  });
});

describe('statisticsPeriods', () => {
  it('on 1403/12/30 (Thursday 2025-03-20, a leap Esfand): week from Saturday, month Esfand', () => {
    const p = statisticsPeriods(new Date('2025-03-20T10:00:00Z'));
    expect(p.today).toEqual({ from: '2025-03-20', to: '2025-03-21' });
    expect(p.yesterday).toEqual({ from: '2025-03-19', to: '2025-03-20' });
    // Saturday 1403/12/25 = 2025-03-15.
    expect(p.week).toEqual({ from: '2025-03-15', to: '2025-03-22' });
    // 1 Esfand 1403 = 2025-02-19; 1 Farvardin 1404 = 2025-03-21.
    expect(p.month).toEqual({ from: '2025-02-19', to: '2025-03-21' });
  });

  it('at Tehran midnight Nowruz begins: the new year, its first month, yesterday in the old year', () => {
    const before = statisticsPeriods(new Date('2025-03-20T20:29:59Z'));
    expect(before.today.from).toBe('2025-03-20');
    expect(before.month).toEqual({ from: '2025-02-19', to: '2025-03-21' });

    const nowruz = statisticsPeriods(new Date('2025-03-20T20:30:00Z'));
    expect(nowruz.today).toEqual({ from: '2025-03-21', to: '2025-03-22' });
    expect(nowruz.yesterday).toEqual({ from: '2025-03-20', to: '2025-03-21' });
    // Friday 1404/01/01 still belongs to the week that began on Saturday 1403/12/25.
    expect(nowruz.week).toEqual({ from: '2025-03-15', to: '2025-03-22' });
    // Farvardin 1404: 31 days, to 1 Ordibehesht = 2025-04-21.
    expect(nowruz.month).toEqual({ from: '2025-03-21', to: '2025-04-21' });
  });

  it('a Saturday starts its own week', () => {
    // Saturday 2025-03-22 (1404/01/02), 09:00 Tehran.
    const p = statisticsPeriods(new Date('2025-03-22T05:30:00Z'));
    expect(p.week).toEqual({ from: '2025-03-22', to: '2025-03-29' });
    // Friday 2025-03-28, 23:59 Tehran: the same week.
    expect(statisticsPeriods(new Date('2025-03-28T20:29:00Z')).week).toEqual(p.week);
    // Its last minute in UTC is already Saturday in Tehran.
    expect(statisticsPeriods(new Date('2025-03-28T20:30:00Z')).week.from).toBe('2025-03-29');
  });

  it('a non-leap Esfand (1404) ends on the 29th', () => {
    // 1404/12/29 = 2026-03-20; 1405/01/01 = 2026-03-21.
    const p = statisticsPeriods(new Date('2026-03-20T12:00:00Z'));
    expect(p.month.to).toBe('2026-03-21');
    expect(statisticsPeriods(new Date('2026-03-21T12:00:00Z')).month.from).toBe('2026-03-21');
  });
});

describe('usage gauge', () => {
  it('is green below 60 %, amber from 60 to under 80, red from 80', () => {
    expect(usageColor(0)).toBe('green');
    expect(usageColor(59.9)).toBe('green');
    expect(usageColor(60)).toBe('yellow');
    expect(usageColor(79.9)).toBe('yellow');
    expect(usageColor(80)).toBe('red');
    expect(usageColor(100)).toBe('red');
  });

  it('computes the percent without dividing by zero', () => {
    expect(usagePercent(0, 0)).toBe(0);
    expect(usagePercent(3, 5)).toBe(60);
    expect(usagePercent(1, 3)).toBe(33.3);
  });
});

describe('request schemas', () => {
  it('accept Persian digits and empty filters', () => {
    expect(
      manageStatisticsRequestSchema.parse({
        userId: '',
        fromDate: '۲۰۲۵-۰۳-۰۱',
        toDate: '',
        waitFor: 'true',
      }),
    ).toEqual({ userId: undefined, fromDate: '2025-03-01', toDate: undefined, waitFor: true });
    expect(labStatisticsRequestSchema.parse({})).toEqual({});
  });

  it('refuse reversed dates, bad ids and missing dates with Persian messages', () => {
    expect(
      messages(labStatisticsRequestSchema.safeParse({ fromDate: '2025-03-02', toDate: '2025-03-01' })),
    ).toEqual([{ path: 'toDate', message: STATS_MSG.dateOrder }]);
    expect(messages(manageStatisticsRequestSchema.safeParse({ userId: 'abc' }))).toEqual([
      { path: 'userId', message: STATS_MSG.idInvalid },
    ]);
    expect(messages(groupUserStatisticsRequestSchema.safeParse({ fromDate: '', toDate: '' }))).toEqual([
      { path: 'fromDate', message: STATS_MSG.fromRequired },
      { path: 'toDate', message: STATS_MSG.toRequired },
    ]);
    expect(messages(statisticsDetailQuerySchema.safeParse({}))).toEqual([
      { path: 'userId', message: STATS_MSG.userRequired },
    ]);
  });

  it('caps the chart at 366 days', () => {
    expect(
      dailyStatisticsRequestSchema.safeParse({ fromDate: '2024-03-20', toDate: '2025-03-20' }).success,
    ).toBe(true);
    expect(
      messages(dailyStatisticsRequestSchema.safeParse({ fromDate: '2024-03-19', toDate: '2025-03-20' })),
    ).toEqual([{ path: 'toDate', message: STATS_MSG.rangeTooLong }]);
  });
});
