import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { DailyStatisticsResponse } from '@ayar/contract';
import { renderWithProviders } from '../../../test/render.tsx';
import DailyCharts from './DailyCharts.tsx';
import { medianScale } from './medianScale.ts';

const LONG = 'آزمایشگاه تخصصی عیارسنجی و ذوب طلای خیابان جمهوری اسلامی شعبه مرکزی';

function data(workshops: [string, number | null][]): DailyStatisticsResponse {
  return {
    days: [{ date: '2025-03-20', count: 0 }],
    medianFrom: '2025-03-07',
    medianTo: '2025-03-20',
    medianMinutes: 30,
    workshops: workshops.map(([userFName, medianMinutes], i) => ({
      userId: `w${i}`,
      userFName,
      count: 10,
      withPurity: 8,
      medianMinutes,
    })),
  };
}

function chart(workshops: [string, number | null][]) {
  renderWithProviders(<DailyCharts data={data(workshops)} admin />);
  const rows = screen.getAllByTestId('median-row');
  const widths = screen.getAllByTestId('median-bar').map((b) => parseFloat(b.style.inlineSize));
  const ticks = screen.getAllByTestId('median-tick').map((t) => t.textContent);
  const unit = within(screen.getByTestId('median-axis')).getByText(/^(دقیقه|ساعت|روز)$/).textContent;
  return { rows, widths, ticks, unit };
}

describe('the median time to purity per lab', () => {
  it('draws no bar for labs at 0 minutes and keeps a real scale under them', () => {
    const { rows, widths, ticks, unit } = chart([
      ['آزمایشگاه نور', 0],
      ['آزمایشگاه زر', 0],
    ]);
    expect(widths).toEqual([0, 0]);
    expect(ticks).toEqual(['۰', '۲', '۴', '۶']);
    expect(unit).toBe('دقیقه');
    expect(within(rows[0]!).getByText('۰ دقیقه')).toBeTruthy();
  });

  it('scales small medians in minutes, with whole distinct ticks', () => {
    const { widths, ticks, unit } = chart([
      ['آزمایشگاه نور', 3],
      ['آزمایشگاه زر', 12],
    ]);
    expect(unit).toBe('دقیقه');
    expect(ticks).toEqual(['۰', '۵', '۱۰', '۱۵']);
    expect(widths[0]).toBeCloseTo(20, 1);
    expect(widths[1]).toBeCloseTo(80, 1);
  });

  it('counts large medians in days, and a small one beside them stays a short bar, not a full one', () => {
    const { rows, widths, ticks, unit } = chart([
      ['آزمایشگاه نور', 4000],
      ['آزمایشگاه زر', 3],
      ['آزمایشگاه مس', 0],
    ]);
    expect(unit).toBe('روز');
    expect(ticks).toEqual(['۰', '۱', '۲', '۳']);
    expect(widths[0]).toBeCloseTo((4000 / 4320) * 100, 1);
    expect(widths[1]).toBeGreaterThan(0);
    expect(widths[1]).toBeLessThan(1);
    expect(widths[2]).toBe(0);
    expect(within(rows[0]!).getByText('۲ روز و ۱۸ ساعت')).toBeTruthy();
  });

  it('gives a long lab name its own area, whole, beside (not over) its bar', () => {
    const { rows } = chart([
      [LONG, 95],
      ['آزمایشگاه زر', 40],
    ]);
    const name = within(rows[0]!).getByText(LONG);
    expect(name.style.gridArea).toBe('name');
    const bar = within(rows[0]!).getByTestId('median-bar').parentElement!;
    expect(bar.style.gridArea).toBe('bar');
    // Not cut, not forced onto one line: the whole name is there to read.
    expect(name.textContent).toBe(LONG);
    expect(name.getAttribute('data-truncate')).toBeNull();
    expect(name.getAttribute('data-line-clamp')).toBeNull();
  });

  it('leaves out labs without a median', () => {
    const { rows } = chart([
      ['آزمایشگاه نور', 20],
      ['آزمایشگاه بی‌عیار', null],
    ]);
    expect(rows).toHaveLength(1);
  });
});

describe('medianScale', () => {
  it('picks minutes, hours or days and ends at or just past the largest value', () => {
    expect(medianScale(45)).toMatchObject({ unit: 'دقیقه', max: 60, ticks: [0, 20, 40, 60] });
    expect(medianScale(130)).toMatchObject({ unit: 'ساعت', max: 180, ticks: [0, 1, 2, 3] });
    expect(medianScale(0.4)).toMatchObject({ unit: 'دقیقه', max: 6 });
    expect(medianScale(Number.NaN)).toMatchObject({ unit: 'دقیقه', max: 6 });
  });
});
