import { describe, expect, it } from 'vitest';
import type { StaffRole } from '@ayar/contract';
import { NOT_YOUR_SCREEN, decideNavigation, isEmbeddedPath } from './guard.ts';
import { allScreens } from '../lib/screens.ts';

const TOKEN = 'bearer abc';
const guest = (pathname: string) => decideNavigation({ pathname, token: null, role: null });
const workshop = (pathname: string) => decideNavigation({ pathname, token: TOKEN, role: 'workshop' });
const admin = (pathname: string) => decideNavigation({ pathname, token: TOKEN, role: 'admin' });
const allow = { kind: 'allow' };
const to = (path: string) => ({ kind: 'redirect', to: path });

/** A concrete URL for a screen's path pattern. */
const urlOf = (path: string) => `/${path.replace(/:[a-z]+/g, 'x1')}`;
/** A concrete URL for each guarded screen of the table (lib/screens.ts). */
const guardedUrls = allScreens()
  .filter((s) => s.access !== 'public')
  .map((s) => urlOf(s.path));

describe('navigation guard (docs/product.md §2.1)', () => {
  it('lets a guest see the public pages', () => {
    for (const path of ['/', '/register', '/about', '/lab-owners', '/ayarEmbedded', '/register/']) {
      expect(guest(path)).toEqual(allow);
    }
  });

  it('opens a slip’s QR page /r/<token> to everyone, and only that shape', () => {
    const qr = '/r/AbC_12-xyzAbC_12-xyzA';
    expect(guest(qr)).toEqual(allow);
    expect(workshop(qr)).toEqual(allow);
    expect(admin(qr)).toEqual(allow);
    expect(guest('/r')).toEqual(to('/'));
    expect(guest(`${qr}/more`)).toEqual(to('/'));
  });

  it('keeps the printable slip behind sign-in (workshops only)', () => {
    expect(guest('/lab/slip/x1')).toEqual(to('/'));
    expect(workshop('/lab/slip/x1')).toEqual(allow);
    expect(admin('/lab/slip/x1')).toEqual(to('/dashboard'));
  });

  it('sends a guest on any guarded route to /', () => {
    expect(guardedUrls.length).toBeGreaterThan(25);
    for (const path of guardedUrls) expect(guest(path)).toEqual(to('/'));
    expect(guest('/lab/list/true')).toEqual(to('/'));
    expect(guest('/no-such-page')).toEqual(to('/'));
  });

  it('sends a logged-in user on / to the dashboard', () => {
    expect(workshop('/')).toEqual(to('/dashboard'));
    expect(admin('/')).toEqual(to('/dashboard'));
  });

  it('keeps the other public pages open when logged in', () => {
    expect(workshop('/about')).toEqual(allow);
    expect(admin('/about')).toEqual(allow);
    expect(admin('/lab-owners')).toEqual(allow);
  });

  it('lets an admin open their own profile (the password change)', () => {
    expect(admin('/profile')).toEqual(allow);
    expect(admin('/profile/')).toEqual(allow);
  });

  it('sends an admin anywhere but manage/, dashboard, profile or logout to the dashboard', () => {
    for (const path of ['/home', '/lab/add', '/lab/list/true', '/customer/list', '/pay/add']) {
      expect(admin(path)).toEqual(to('/dashboard'));
    }
    for (const path of [
      '/dashboard',
      '/logout',
      '/manage/labs',
      '/manage/edit-user/5/نام',
      '/manage/credits/true',
    ]) {
      expect(admin(path)).toEqual(allow);
    }
  });

  it('sends a non-admin on a manage/ page to the dashboard', () => {
    for (const path of ['/manage/labs', '/manage/codes', '/manage/system-setting', '/manage/edit-lab/3']) {
      expect(workshop(path)).toEqual(to('/dashboard'));
    }
  });

  it('lets a non-admin open every non-manage guarded route', () => {
    for (const path of guardedUrls.filter((p) => !p.startsWith('/manage/'))) {
      expect(workshop(path)).toEqual(allow);
    }
  });

  it('treats a token with no stored role as a non-admin', () => {
    expect(decideNavigation({ pathname: '/manage/labs', token: TOKEN, role: null })).toEqual(
      to('/dashboard'),
    );
    expect(decideNavigation({ pathname: '/lab/add', token: TOKEN, role: null })).toEqual(allow);
  });

  it('recognises the embedded lookup page by its suffix only', () => {
    expect(isEmbeddedPath('/ayarEmbedded')).toBe(true);
    expect(isEmbeddedPath('/goldEmbedded/')).toBe(true);
    expect(isEmbeddedPath('/Embedded')).toBe(false);
    expect(isEmbeddedPath('/lab/xEmbedded')).toBe(false);
  });
});

describe('the table of screens (ADR 0046)', () => {
  it('is what the guard lets each role open', () => {
    for (const { path, access } of allScreens()) {
      const url = urlOf(path);
      expect(guest(url), url).toEqual(access === 'public' ? allow : to('/'));
      if (url === '/') continue; // signed in, the landing page is the dashboard
      expect(workshop(url), url).toEqual(access === 'admin' ? to('/dashboard') : allow);
      expect(admin(url), url).toEqual(access === 'workshop' ? to('/dashboard') : allow);
    }
  });
});

describe('screen titles', () => {
  it('decodes a Persian name in manage/edit-user and retitles the waiting list', async () => {
    const { findScreen } = await import('./screens.ts');
    expect(findScreen('/manage/edit-user/5/%D9%86%D9%85%D9%88%D9%86%D9%87')?.title).toBe(
      'ویرایش آزمایشگاه نمونه',
    );
    expect(findScreen('/lab/list/true')?.title).toBe('لیست در انتظار تعیین عیار');
    expect(findScreen('/lab/list')?.title).toBe('لیست بسته‌ها');
  });
});

// ADR 0049: a lab's person opens only their screens; elsewhere they are sent to their home with a notice.
describe('a lab’s person by their roles', () => {
  const as = (roles: StaffRole[]) => (pathname: string) =>
    decideNavigation({ pathname, token: TOKEN, role: 'workshop', roles });
  const notYours = (path: string) => ({ kind: 'redirect', to: path, notice: NOT_YOUR_SCREEN });
  const counter = as(['counter']);
  const assayer = as(['assayer']);
  const accountant = as(['accountant']);
  const owner = as(['owner']);

  it('starts each at their home: owner and accountant the dashboard, counter registering, assayer waiting', () => {
    expect(owner('/')).toEqual(to('/dashboard'));
    expect(accountant('/')).toEqual(to('/dashboard'));
    expect(counter('/')).toEqual(to('/lab/add'));
    expect(assayer('/')).toEqual(to('/lab/list/true'));
    expect(as(['assayer', 'accountant'])('/')).toEqual(to('/dashboard'));
    expect(as(['assayer', 'counter'])('/')).toEqual(to('/lab/add'));
  });

  it('sends from the dashboard home without a notice (every «home» link leads there)', () => {
    expect(counter('/dashboard')).toEqual(to('/lab/add'));
    expect(assayer('/dashboard')).toEqual(to('/lab/list/true'));
    expect(owner('/dashboard')).toEqual(allow);
    expect(accountant('/dashboard')).toEqual(allow);
  });

  it('lets the owner open every workshop screen, «کارکنان» included', () => {
    for (const path of guardedUrls.filter((p) => !p.startsWith('/manage/')))
      expect(owner(path)).toEqual(allow);
    expect(owner('/staff')).toEqual(allow);
  });

  it('keeps the counter to registering, customers and payments', () => {
    for (const path of [
      '/lab/add',
      '/lab/edit/x1',
      '/lab/list',
      '/lab/list/true',
      '/customer/add',
      '/pay/add',
    ]) {
      expect(counter(path), path).toEqual(allow);
    }
    for (const path of [
      '/staff',
      '/user-settings/edit',
      '/user/store',
      '/credit/add',
      '/code/add',
      '/home',
    ]) {
      expect(counter(path), path).toEqual(notYours('/lab/add'));
    }
  });

  it('keeps the assayer to the bench: the lists and a packet’s edit', () => {
    for (const path of [
      '/lab/list/true',
      '/lab/list',
      '/lab/edit/x1',
      '/lab/slip/x1',
      '/profile',
      '/logout',
    ]) {
      expect(assayer(path), path).toEqual(allow);
    }
    for (const path of ['/lab/add', '/customer/list', '/pay/add', '/user/store', '/code/add', '/staff']) {
      expect(assayer(path), path).toEqual(notYours('/lab/list/true'));
    }
  });

  it('keeps the accountant to money, the lists and the statistics', () => {
    for (const path of ['/user/store', '/credit/add', '/code/add', '/pay/add', '/customer/list', '/home']) {
      expect(accountant(path), path).toEqual(allow);
    }
    for (const path of ['/lab/add', '/lab/edit/x1', '/customer/add', '/user-settings/edit', '/staff']) {
      expect(accountant(path), path).toEqual(notYours('/dashboard'));
    }
  });

  it('still sends a lab’s person off manage/ and leaves the public pages open', () => {
    expect(counter('/manage/labs')).toEqual(to('/lab/add'));
    expect(assayer('/about')).toEqual(allow);
    expect(counter('/no-such-page')).toEqual(allow);
  });
});
