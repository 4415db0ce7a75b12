import '../../test/fakeIndexedDb.ts';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { IDEMPOTENCY_HEADER, ROUTES } from '@ayar/contract';
import type { AddTestRequest } from '@ayar/contract';
import { STORAGE_KEYS } from '../../lib/auth.ts';
import { renderApp } from '../../test/render.tsx';
import { handle, handleAny, requestsTo } from '../../test/server.ts';
import { signInAs } from '../../test/session.ts';
import { assaysOffline } from './adapter.ts';
import { offlineDb } from './db.ts';
import { readDevice } from './device.ts';
import { USER, draft, queuePackets, setConnection, storedEntries, startOffline } from './testKit.ts';

// ADR 0033: the shell's banner, the queue kept across a reload (photos too), the slip of a packet not
// sent yet, and a sign-out that never loses what waits.

let deviceId: string;
beforeEach(async () => {
  deviceId = (await startOffline({ session: { userFname: 'آزمایشگاه الماس' } }))!;
});

const banner = () => screen.getByText('آفلاین').closest('[aria-live="polite"]');

describe('the banner', () => {
  it('says «آفلاین» and how many entries wait, in Persian digits, and is gone once online with nothing to send', async () => {
    setConnection(false);
    renderApp('/lab/queue');
    expect(await screen.findByText('آفلاین')).toBeInTheDocument();
    expect(banner()).toHaveTextContent('۰ مورد در صف ارسال');

    await queuePackets([5001, 5002]);
    expect(await screen.findByRole('link', { name: '۲ مورد در صف ارسال' })).toHaveAttribute(
      'href',
      '/lab/queue',
    );

    // Online: «در حال ارسال» while the entries go out, then nothing at all.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    handle(ROUTES.tests.addTest, async ({ body }) => {
      await held;
      const [packet] = body as AddTestRequest;
      return { list: [{ id: 'x', docNumber: packet!.docNumber, publicToken: packet!.publicToken }] };
    });
    setConnection(true);
    expect(await screen.findByText(/در حال ارسال/)).toHaveTextContent('در حال ارسال ۲ مورد…');
    expect(screen.getByRole('progressbar', { name: 'پیشرفت ارسال صف' })).toBeInTheDocument();
    expect(screen.queryByText('آفلاین')).not.toBeInTheDocument();
    release();
    await waitFor(() => expect(screen.queryByText(/در حال ارسال/)).not.toBeInTheDocument());
    expect(screen.queryByText('آفلاین')).not.toBeInTheDocument();
    expect(document.querySelector('[aria-live="polite"]')).toBeEmptyDOMElement();
  });

  it('is not there for an admin', async () => {
    signInAs('admin');
    setConnection(false);
    handleAny(null);
    renderApp('/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'داشبورد' })).toBeInTheDocument();
    expect(screen.queryByText('آفلاین')).not.toBeInTheDocument();
    expect(screen.queryByText(/مورد در صف ارسال/)).not.toBeInTheDocument();
  });
});

describe('the queue on the device', () => {
  it('survives a reload with its photos, and uploads each photo once before its packet', async () => {
    setConnection(false);
    const offline = assaysOffline(USER);
    const photo = new Blob([new Uint8Array([0xff, 0xd8, 0xff, 1, 2, 3])], { type: 'image/jpeg' });
    const kept = await offline.uploadPhoto(photo, () => undefined);
    await offline.queuePackets([
      { draft: draft(5001, { images: [kept] }), name: 'مریم زرگر', titleName: 'بسته' },
    ]);
    const [before] = await storedEntries();

    // A reload: new module instances reading the same IndexedDB.
    vi.resetModules();
    const queue = await import('./queue.ts');
    const [after] = await queue.listEntries(USER);
    expect(after).toMatchObject({ key: before!.key, seq: before!.seq, kind: 'addTest', state: 'waiting' });
    expect(after!.kind === 'addTest' && after!.photos?.[0]?.size).toBe(6);
    expect(after!.kind === 'addTest' && after!.body[0]!.images).toEqual([]);

    // The first try uploads the photo and loses the registration's answer; the retry sends the
    // packet with the photo it already has, under the same key, without uploading it again.
    const address = '/api/v1.0/Files/0b6c3f5e-1111-4c2d-9a7e-0000000000aa';
    const files = handle(ROUTES.tests.addFile, [address]);
    let tries = 0;
    const adds = handle(ROUTES.tests.addTest, ({ body }) => {
      tries += 1;
      if (tries === 1) return HttpResponse.error();
      const [packet] = body as AddTestRequest;
      return { list: [{ id: 'x', docNumber: packet!.docNumber, publicToken: packet!.publicToken }] };
    });
    renderApp('/lab/queue');
    expect(await screen.findAllByRole('listitem')).toHaveLength(1);
    setConnection(true);
    await waitFor(async () => expect((await storedEntries())[0]?.error).toBeDefined());
    expect((await storedEntries())[0]).toMatchObject({ state: 'waiting', uploaded: [address] });
    window.dispatchEvent(new Event('online'));
    await waitFor(async () => expect(await storedEntries()).toEqual([]));
    expect(files).toHaveLength(1);
    expect(adds.map((c) => (c.body as AddTestRequest)[0]!.images)).toEqual([[address], [address]]);
    expect(adds.map((c) => c.headers.get(IDEMPOTENCY_HEADER))).toEqual([before!.key, before!.key]);
  });

  it('prints a queued packet’s slip from its entry, its QR on the token it will have', async () => {
    setConnection(false);
    await queuePackets([5001]);
    await assaysOffline(USER).queuePackets([
      { draft: draft(5002, { cutting: null, readyTime: 30 }), name: 'مریم زرگر', titleName: 'بسته' },
    ]);
    const [withPurity, waiting] = await storedEntries();

    const page = renderApp(`/lab/slip/queued/${withPurity!.key}`);
    // The first time, the offline counter's code loads first (the slips keep the queue sending).
    const slip = await screen.findByRole('article', { name: 'برگه بسته' }, { timeout: 5_000 });
    expect(slip).toHaveTextContent('آزمایشگاه الماس');
    expect(slip).toHaveTextContent('۵۰۰۱');
    expect(slip).toHaveTextContent('مریم زرگر');
    expect(
      within(slip).getByText(`${window.location.origin}/r/${withPurity!.summary.publicToken}?v=1`),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'بازگشت به صف ارسال' })).toHaveAttribute('href', '/lab/queue');
    page.unmount();

    renderApp(`/lab/slip/queued/${waiting!.key}`);
    const second = await screen.findByRole('article', { name: 'برگه بسته' });
    expect(
      within(second).getByText(`${window.location.origin}/r/${waiting!.summary.publicToken}`),
    ).toBeInTheDocument();
    expect(second).toHaveTextContent('در انتظار تعیین');
    expect(requestsTo()).toHaveLength(0);
  });
});

describe('signing out', () => {
  const ASK = 'مواردی هنوز ارسال نشده است';
  /** «خروج» in the menu drawer (a phone's width in jsdom). */
  const signOut = async (user: ReturnType<typeof userEvent.setup>) => {
    await user.click(screen.getByRole('button', { name: 'باز کردن منو' }));
    const drawer = await screen.findByRole('dialog', { name: 'منوی اصلی' });
    await user.click(await within(drawer).findByRole('link', { name: 'خروج' }));
  };

  it('with entries waiting asks first, and keeps them and their numbers for the next sign-in', async () => {
    setConnection(false);
    await queuePackets([5001]);
    const releases = handle(ROUTES.tests.releaseCodes, { released: 49 });
    handle(ROUTES.account.logout, null);
    const user = userEvent.setup();
    renderApp('/lab/queue');
    expect(await screen.findAllByRole('listitem')).toHaveLength(1);

    await signOut(user);
    const dialog = await screen.findByRole('dialog', { name: ASK });
    expect(dialog).toHaveTextContent('۱ مورد از صف ارسال هنوز به سرور نرسیده است');
    expect(dialog).toHaveTextContent('روی همین دستگاه می‌مانند');
    await user.click(within(dialog).getByRole('button', { name: 'ماندن' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: ASK })).not.toBeInTheDocument());
    expect(localStorage.getItem(STORAGE_KEYS.token)).not.toBeNull();

    await signOut(user);
    await user.click(
      within(await screen.findByRole('dialog', { name: ASK })).getByRole('button', {
        name: 'خروج و نگه داشتن صف',
      }),
    );
    expect(await screen.findByRole('heading', { level: 2, name: 'استعلام جواب آزمایش' })).toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect((await storedEntries()).map((e) => e.summary.docNumber)).toEqual([5001]);
    expect((await readDevice(USER))?.deviceId).toBe(deviceId);
    expect(releases).toHaveLength(0);
  });

  it('with nothing waiting gives the device’s numbers back and forgets them', async () => {
    const releases = handle(ROUTES.tests.releaseCodes, { released: 50 });
    handle(ROUTES.account.logout, null);
    const user = userEvent.setup();
    renderApp('/lab/queue');
    expect(await screen.findByText('صف ارسال خالی است: همه چیز به سرور رسیده است.')).toBeInTheDocument();
    await signOut(user);
    expect(await screen.findByRole('heading', { level: 2, name: 'استعلام جواب آزمایش' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: ASK })).not.toBeInTheDocument();
    expect(releases.bodies).toEqual([{ deviceId }]);
    expect(await readDevice(USER)).toBeUndefined();
  });

  it('with a slip still to print again asks first; signing out forgets it with the token key', async () => {
    const REPRINT = 'برگه‌هایی هنوز دوباره چاپ نشده است';
    const releases = handle(ROUTES.tests.releaseCodes, { released: 50 });
    handle(ROUTES.account.logout, null);
    const db = await offlineDb();
    await db.put('reprints', {
      key: 'r'.repeat(22),
      userId: USER,
      id: 'id-5001',
      docNumber: 5001,
      customerName: 'حسن طلافروش',
      titleName: 'بسته',
      printedNumber: null,
      sentAt: new Date().toISOString(),
    });
    const user = userEvent.setup();
    renderApp('/lab/queue');
    await screen.findByRole('region', { name: 'برگه این بسته‌ها را دوباره چاپ کنید' });

    await signOut(user);
    const dialog = await screen.findByRole('dialog', { name: REPRINT });
    expect(dialog).toHaveTextContent('برگه ۱ بسته باید دوباره چاپ شود');
    await user.click(within(dialog).getByRole('button', { name: 'ماندن' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: REPRINT })).not.toBeInTheDocument());
    expect(localStorage.getItem(STORAGE_KEYS.token)).not.toBeNull();
    expect(releases).toHaveLength(0);

    await signOut(user);
    await user.click(
      within(await screen.findByRole('dialog', { name: REPRINT })).getByRole('button', { name: 'خروج' }),
    );
    expect(await screen.findByRole('heading', { level: 2, name: 'استعلام جواب آزمایش' })).toBeInTheDocument();
    expect(await db.getAll('reprints')).toEqual([]);
    expect(await readDevice(USER)).toBeUndefined();
  });
});
