import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ROUTES } from '@ayar/contract';
import { renderApp } from '../../test/render.tsx';
import { handle } from '../../test/server.ts';
import { signInAs } from '../../test/session.ts';

// code/add's figures and the devices holding numbers (ADR 0045), with a lost phone's release.

const PHONE = 'q3Zt0nW8bYc1xLr5Ua7eKg';
const LAPTOP = 'Xy9a2bC3d4E5f6G7h8I9jK';
const held = {
  devices: [
    { deviceId: PHONE, held: 5, lastSeenAt: '2026-11-20T08:30:00Z' },
    { deviceId: LAPTOP, held: 12, lastSeenAt: '2026-11-27T10:00:00Z' },
  ],
  bought: 200,
  registered: 5,
  held: 17,
  free: 178,
};

beforeEach(() => {
  handle(ROUTES.account.getAllCode, { list: [], price: 1000, balance: 0, canBuy: true });
  signInAs('workshop');
});

describe('code/add: the numbers held on devices', () => {
  it('shows bought, registered, held on N devices and free, and each device with its count and last contact', async () => {
    handle(ROUTES.tests.reservations, held);
    renderApp('/code/add');
    expect(await screen.findByText('خریداری شده')).toBeInTheDocument();
    const figure = (label: string | RegExp) => screen.getByText(label).parentElement!;
    expect(figure('خریداری شده')).toHaveTextContent('۲۰۰');
    expect(figure('ثبت شده')).toHaveTextContent('۵');
    expect(figure('نگه‌داشته برای آفلاین روی ۲ دستگاه')).toHaveTextContent('۱۷');
    expect(figure('آزاد')).toHaveTextContent('۱۷۸');
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('q3Zt0n');
    expect(rows[0]).not.toHaveTextContent(PHONE);
    expect(rows[0]).toHaveTextContent('۱۴۰۵/۰۸/۲۹');
    expect(rows[1]).toHaveTextContent('۱۲');
  });

  it('releases a device after a confirmation, and not when it is cancelled', async () => {
    const user = userEvent.setup();
    handle(ROUTES.tests.reservations, held);
    const releases = handle(ROUTES.tests.releaseCodes, { released: 5 });
    renderApp('/code/add');
    const button = await screen.findByRole('button', { name: 'آزاد کردن شماره‌های دستگاه q3Zt0n' });

    await user.click(button);
    let dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('۵ شماره‌ای که دستگاه q3Zt0n');
    await user.click(within(dialog).getByRole('button', { name: 'انصراف' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(releases).toHaveLength(0);

    handle(ROUTES.tests.reservations, { ...held, devices: held.devices.slice(1), held: 12, free: 183 });
    await user.click(button);
    dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'بله، آزاد شود' }));
    await waitFor(() => expect(releases.bodies).toEqual([{ deviceId: PHONE }]));
    expect(await screen.findByText('۵ شماره آزاد شد')).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByRole('row')).toHaveLength(2));
    expect(screen.getByText('نگه‌داشته برای آفلاین روی ۱ دستگاه').parentElement).toHaveTextContent('۱۲');
  });

  it('lists no device when none holds numbers', async () => {
    handle(ROUTES.tests.reservations, { devices: [], bought: 100, registered: 0, held: 0, free: 100 });
    renderApp('/code/add');
    expect(await screen.findByText('نگه‌داشته برای آفلاین روی ۰ دستگاه')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /آزاد کردن/ })).not.toBeInTheDocument();
  });
});
