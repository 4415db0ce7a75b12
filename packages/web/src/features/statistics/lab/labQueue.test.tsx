import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { DEFAULT_USER_SETTINGS } from '@ayar/contract';
import type { Profile } from '@ayar/contract';
import { saveLogin } from '../../../lib/auth.ts';
import { jsonResponse, renderApp } from '../../../test/render.tsx';
import { LAB_QUEUE_POLL_MS } from './LabQueue.tsx';

// ADR 0027: a workshop the administrator marked «کاربر آزمایشگاه است؟» sees its waiting queue on the
// dashboard, kept current, and its uploaded audio sounds when a new packet starts waiting.

const SOUND = '/api/v1.0/Files/0b0c7c8e-1d2e-4f00-9a3b-00000000aaaa';
const fetchMock = vi.fn<typeof fetch>();
const play = vi.fn<() => Promise<void>>();
let profile: Profile;
let waiting = 2;

beforeEach(() => {
  saveLogin({
    token: 't',
    userUsername: 'lab1',
    userId: 'u-1',
    userRoleId: 2,
    userFname: 'آزمایشگاه نور',
    nationalId: null,
    userSanapass: JSON.stringify(DEFAULT_USER_SETTINGS),
    role: 'workshop',
    testTypes: [],
  });
  waiting = 2;
  play.mockReset();
  play.mockResolvedValue(undefined);
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(play);
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:alert-sound');
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (url) => {
    const u = String(url);
    if (u === SOUND) return new Response(new Blob(['ID3'], { type: 'audio/mpeg' }));
    if (u.includes('/Account/Profile')) return jsonResponse({ successful: true, message: '', data: profile });
    if (u.includes('/Tests/AllTests'))
      return jsonResponse({
        successful: true,
        message: '',
        data: { list: [], totalCount: waiting, currPage: 1, pageSize: 1 },
      });
    return jsonResponse({ successful: false, message: 'نامنتظر', data: null }, 500);
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const labUser = (over: Partial<Profile> = {}): Profile => ({
  fullName: 'مدیر',
  companyName: 'آزمایشگاه نور',
  workspaceId: 1001,
  userName: 'lab1',
  role: 'workshop',
  isLabOwner: true,
  alertSound: SOUND,
  ...over,
});

describe('a lab user’s dashboard', () => {
  it('shows the waiting count, and when it rises says so and plays the lab’s sound', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    profile = labUser();
    renderApp('/dashboard');
    const count = await screen.findByTestId('lab-queue-count');
    expect(count).toHaveTextContent('۲');
    expect(await screen.findByRole('button', { name: 'آزمایش صدا' })).toBeInTheDocument();
    expect(play).not.toHaveBeenCalled();
    const soundFetch = fetchMock.mock.calls.find(([url]) => String(url) === SOUND);
    expect(soundFetch?.[1]?.headers).toEqual({ Authorization: 'bearer t' });

    waiting = 3;
    await act(() => vi.advanceTimersByTimeAsync(LAB_QUEUE_POLL_MS));
    expect(
      await screen.findByText('۱ بسته تازه از زمان باز شدن این صفحه در انتظار عیار است.'),
    ).toBeInTheDocument();
    expect(count).toHaveTextContent('۳');
    expect(play).toHaveBeenCalledTimes(1);

    // A count that falls (a purity was recorded) is no alarm.
    waiting = 1;
    await act(() => vi.advanceTimersByTimeAsync(LAB_QUEUE_POLL_MS));
    expect(count).toHaveTextContent('۱');
    expect(play).toHaveBeenCalledTimes(1);
  });

  it('offers to turn the sound on when the browser would not play it untouched', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    play.mockRejectedValueOnce(new DOMException('not allowed', 'NotAllowedError'));
    profile = labUser();
    renderApp('/dashboard');
    await screen.findByRole('button', { name: 'آزمایش صدا' });
    waiting = 4;
    await act(() => vi.advanceTimersByTimeAsync(LAB_QUEUE_POLL_MS));
    const unlock = await screen.findByRole('button', { name: 'فعال‌سازی صدای هشدار' });
    await act(async () => unlock.click());
    expect(play).toHaveBeenCalledTimes(2);
    expect(await screen.findByRole('button', { name: 'آزمایش صدا' })).toBeInTheDocument();
  });

  it('a lab user without a sound still sees the queue; a workshop that is not a lab user sees none', async () => {
    profile = labUser({ alertSound: null });
    const { unmount } = renderApp('/dashboard');
    expect(await screen.findByTestId('lab-queue-count')).toHaveTextContent('۲');
    expect(screen.queryByRole('button', { name: 'آزمایش صدا' })).not.toBeInTheDocument();
    unmount();

    profile = labUser({ isLabOwner: false });
    renderApp('/dashboard');
    await screen.findByText('دریافت شماره بسته', { selector: 'main *' });
    await vi.waitFor(() =>
      expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/Account/Profile'))).toBe(true),
    );
    expect(screen.queryByRole('region', { name: 'صف آزمایشگاه' })).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url) === SOUND)).toBe(false);
  });
});
