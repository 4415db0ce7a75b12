import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { ROUTES } from '@ayar/contract';
import type { Profile } from '@ayar/contract';
import { renderApp } from '../../../test/render.tsx';
import { HttpResponse, handle, handleUrl } from '../../../test/server.ts';
import type { Calls } from '../../../test/server.ts';
import { signInAs, signInAsStaff } from '../../../test/session.ts';
import { LAB_QUEUE_POLL_MS } from '../../../lib/queries/packets.ts';

// ADR 0027: a workshop the administrator marked «کاربر آزمایشگاه است؟» sees its waiting queue on the
// dashboard, kept current, and its uploaded audio sounds when a new packet starts waiting.

const SOUND = '/api/v1.0/Files/0b0c7c8e-1d2e-4f00-9a3b-00000000aaaa';
let sounds: Calls;
let profiles: Calls;
const play = vi.fn<() => Promise<void>>();
let profile: Profile;
let waiting = 2;

beforeEach(() => {
  signInAs('workshop', { userFname: 'آزمایشگاه نور', testTypes: [] });
  waiting = 2;
  play.mockReset();
  play.mockResolvedValue(undefined);
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(play);
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:alert-sound');
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
  sounds = handleUrl(SOUND, () => new HttpResponse(new Blob(['ID3'], { type: 'audio/mpeg' })));
  profiles = handle(ROUTES.account.profile, () => profile);
  handle(ROUTES.tests.allTests, () => ({ list: [], totalCount: waiting, currPage: 1, pageSize: 1 }));
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const labUser = (over: Partial<Profile> = {}): Profile => ({
  fullName: 'مدیر',
  companyName: 'آزمایشگاه نور',
  workspaceId: 1001,
  userName: 'lab1',
  role: 'workshop',
  isLabOwner: true,
  alertSound: SOUND,
  person: { id: 'w1', fullName: 'مدیر', staffCode: 1, roles: ['owner'] },
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
    expect(sounds[0]?.headers.get('authorization')).toBe('bearer t');

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
    await screen.findByText('خرید شماره بسته', { selector: 'main *' });
    await vi.waitFor(() => expect(profiles.length).toBeGreaterThan(0));
    expect(screen.queryByRole('region', { name: 'صف آزمایشگاه' })).not.toBeInTheDocument();
    expect(sounds).toHaveLength(0);
  });
});

// ADR 0050: the assayer has no dashboard; the bench's count and sound are on their waiting list.
describe('an assayer’s waiting list', () => {
  it('shows the queue and sounds the alert when the count rises, without a link to itself', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    signInAsStaff(['assayer']);
    profile = labUser({ person: { id: 's1', fullName: 'زهرا کریمی', staffCode: 2, roles: ['assayer'] } });
    renderApp('/lab/list/true');
    const count = await screen.findByTestId('lab-queue-count');
    expect(count).toHaveTextContent('۲');
    expect(screen.queryByRole('link', { name: 'ثبت عیار' })).not.toBeInTheDocument();
    waiting = 3;
    await act(() => vi.advanceTimersByTimeAsync(LAB_QUEUE_POLL_MS));
    expect(count).toHaveTextContent('۳');
    expect(play).toHaveBeenCalledTimes(1);
  });

  it('is not on the owner’s waiting list: the owner has it on the dashboard', async () => {
    profile = labUser();
    renderApp('/lab/list/true');
    await screen.findByText('بسته‌ای در انتظار عیار نیست.');
    expect(screen.queryByTestId('lab-queue-count')).not.toBeInTheDocument();
  });
});
