import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { ROUTES } from '@ayar/contract';
import userEvent from '@testing-library/user-event';
import { STORAGE_KEYS } from '../../lib/auth.ts';
import { resultItem } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render.tsx';
import { fail, handle, handleAny, requestsTo } from '../../test/server.ts';
import { signInAs } from '../../test/session.ts';

/** A public result item as the server answers it (the kit's fixture). */
const item = resultItem;

const bottomBar = () => within(screen.getByRole('navigation', { name: 'پیمایش اصلی' }));

describe('landing page', () => {
  it('opens on the result lookup (mode 1) with the title; no support line or seal while the site has none', () => {
    renderApp('/');
    expect(
      screen.getByRole('heading', { level: 1, name: 'سامانه یکپارچه رهگیری بازار طلا' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'استعلام جواب آزمایش' })).toBeInTheDocument();
    expect(screen.getByLabelText(/شماره سند/)).toBeInTheDocument();
    // The site information (siteInfo.test.tsx) is empty here: nothing made up is shown.
    expect(screen.queryByText(/پشتیبانی/)).not.toBeInTheDocument();
    expect(screen.queryByText('نماد اعتماد الکترونیکی')).not.toBeInTheDocument();
  });

  it('switches between lookup, login and one-time-code modes from the bottom bar', async () => {
    const user = userEvent.setup();
    renderApp('/');
    await user.click(bottomBar().getByRole('button', { name: 'ورود' }));
    expect(screen.getByRole('heading', { level: 2, name: 'ورود به سامانه' })).toBeInTheDocument();
    expect(screen.queryByLabelText(/شماره سند/)).not.toBeInTheDocument();

    await user.click(await screen.findByRole('button', { name: /ورود با رمز یکبار مصرف/ }));
    expect(screen.getByRole('heading', { level: 2, name: 'ورود با رمز یکبار مصرف' })).toBeInTheDocument();
    expect(await screen.findByLabelText(/نام کاربری یا شماره موبایل/)).toBeInTheDocument();

    await user.click(bottomBar().getByRole('button', { name: 'جواب آزمایش' }));
    expect(screen.getByRole('heading', { level: 2, name: 'استعلام جواب آزمایش' })).toBeInTheDocument();
    expect(bottomBar().getByRole('button', { name: 'جواب آزمایش' })).toHaveAttribute('aria-current', 'page');
  });

  it('links the bottom bar to registration and the lab list', async () => {
    const user = userEvent.setup();
    renderApp('/');
    expect(bottomBar().getByRole('link', { name: 'ثبت نام' })).toHaveAttribute('href', '/register');
    await user.click(bottomBar().getByRole('link', { name: 'لیست آزمایشگاه‌ها' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'لیست آزمایشگاه‌ها' })).toBeInTheDocument();
  });

  it('requires a document number before looking up', async () => {
    const user = userEvent.setup();
    renderApp('/');
    await user.click(screen.getByRole('button', { name: 'استعلام نتیجه' }));
    expect(await screen.findByText('وارد کردن شماره سند الزامی است')).toBeInTheDocument();
    expect(requestsTo()).toEqual([]);
  });

  it('looks up a Persian-digit number and shows the results', async () => {
    const lookups = handle(ROUTES.tests.result, {
      list: [
        item({
          token: 'tokenAAAAAAAAAAAAAAAAA',
          docNumber: 1234,
          customerName: 'علی رضایی',
          purity: 750,
        }),
        item({ token: 'tokenBBBBBBBBBBBBBBBBB', docNumber: 1235, purity: null, remain: 12 }),
      ],
    });
    const user = userEvent.setup();
    renderApp('/');
    await user.type(screen.getByLabelText(/شماره سند/), '۱۲۳۴');
    await user.click(screen.getByRole('button', { name: 'استعلام نتیجه' }));
    expect(await screen.findByText('علی رضایی')).toBeInTheDocument();
    // The closed item's panel may still be mounted while it animates: look at the open one.
    expect(screen.getAllByText('آزمایشگاه طلا')[0]).toBeVisible();
    expect(screen.getAllByText('بدون تصویر')[0]).toBeInTheDocument();
    expect(lookups.bodies).toEqual([{ code: '1234', forWeb: true }]);
    expect(screen.getAllByRole('link', { name: 'پیوند ثابت این نتیجه' })[0]).toHaveAttribute(
      'href',
      '/r/tokenAAAAAAAAAAAAAAAAA',
    );

    // One item open at a time: the first starts open, opening the second closes it.
    const first = screen.getByRole('button', { name: /۱۲۳۴/ });
    const second = screen.getByRole('button', { name: /۱۲۳۵/ });
    expect(first).toHaveAttribute('aria-expanded', 'true');
    expect(second).toHaveAttribute('aria-expanded', 'false');
    await user.click(second);
    expect(second).toHaveAttribute('aria-expanded', 'true');
    expect(first).toHaveAttribute('aria-expanded', 'false');
    // No purity yet: the minutes left instead.
    expect(await screen.findByText(/زمان باقی‌مانده تا اعلام نتیجه: ۱۲ دقیقه/)).toBeInTheDocument();
  });

  it('looks up a number carried in the address (?code=), once, and keeps the address in step with the form', async () => {
    const answers = [
      { list: [item({ docNumber: 4321, customerName: 'مریم کاظمی' })] },
      { list: [item({ docNumber: 77, customerName: 'حسن نیک' })] },
    ];
    const lookups = handle(ROUTES.tests.result, () => answers.shift());
    const user = userEvent.setup();
    renderApp('/?code=۴۳۲۱');
    expect(await screen.findByText('مریم کاظمی')).toBeInTheDocument();
    expect(screen.getByLabelText(/شماره سند/)).toHaveValue('۴۳۲۱');
    expect(lookups).toHaveLength(1);
    expect(lookups.bodies[0]).toEqual({ code: '4321', forWeb: true });

    // A new number from the form is looked up once, although the address changes with it.
    await user.clear(screen.getByLabelText(/شماره سند/));
    await user.type(screen.getByLabelText(/شماره سند/), '77');
    await user.click(screen.getByRole('button', { name: 'استعلام نتیجه' }));
    expect(await screen.findByText('حسن نیک')).toBeInTheDocument();
    expect(lookups).toHaveLength(2);
  });

  it('shows a packet’s photos as thumbnails with a full-size viewer', async () => {
    const photo = '/api/v1.0/Results/Photo/tokenAAAAAAAAAAAAAAAAA/0b0c7c8e-1d2e-4f00-9a3b-000000000001';
    const photo2 = '/api/v1.0/Results/Photo/tokenAAAAAAAAAAAAAAAAA/0b0c7c8e-1d2e-4f00-9a3b-000000000002';
    handle(ROUTES.tests.result, { list: [item({ images: [photo, photo2] })] });
    const user = userEvent.setup();
    renderApp('/');
    await user.type(screen.getByLabelText(/شماره سند/), '77');
    await user.click(screen.getByRole('button', { name: 'استعلام نتیجه' }));
    const thumb = await screen.findByRole('button', { name: 'نمایش عکس ۱ از ۲' });
    expect(thumb.querySelector('img')).toHaveAttribute('src', `${photo}?thumb=1`);
    await user.click(thumb);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('img', { name: 'عکس ۱ از ۲' })).toHaveAttribute('src', photo);
    await user.click(within(dialog).getByRole('button', { name: 'عکس ۲' }));
    expect(within(dialog).getByRole('img', { name: 'عکس ۲ از ۲' })).toHaveAttribute('src', photo2);
    await user.click(within(dialog).getByRole('button', { name: 'بستن' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('on a phone: the photo heads the open item, and a low answer is brought up clear of the bottom bar', async () => {
    const photo = '/api/v1.0/Results/Photo/tokenAAAAAAAAAAAAAAAAA/0b0c7c8e-1d2e-4f00-9a3b-000000000001';
    const scrolled = vi.spyOn(HTMLElement.prototype, 'scrollIntoView');
    // The answer lands low on a 640 px phone screen, as it does under the landing page's form.
    vi.stubGlobal('innerHeight', 640);
    const rect = vi
      .spyOn(HTMLElement.prototype, 'getBoundingClientRect')
      .mockReturnValue({ top: 520, bottom: 600, height: 80 } as DOMRect);
    handle(ROUTES.tests.result, {
      list: [
        item({ images: [photo], customerName: 'علی رضایی', title: 'ساخته', weight: 12.5, readyTime: 30 }),
      ],
    });
    const user = userEvent.setup();
    renderApp('/');
    await user.type(screen.getByLabelText(/شماره سند/), '77');
    await user.click(screen.getByRole('button', { name: 'استعلام نتیجه' }));
    const panel = await screen.findByRole('region', { name: 'جزئیات بسته ۷۷' });
    const thumb = within(panel).getByRole('button', { name: 'نمایش عکس ۱ از ۱' });
    const firstField = within(panel).getByText('نام مشتری');
    // The photo precedes every field, where the eye lands after the lookup.
    expect(thumb.compareDocumentPosition(firstField) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(panel).getByText('آزمایشگاه طلا')).toBeInTheDocument();
    const list = screen.getByTestId('result-list');
    expect(scrolled).toHaveBeenCalledWith(expect.objectContaining({ block: 'start' }));
    expect(scrolled.mock.contexts[0]).toBe(list);
    scrolled.mockRestore();
    rect.mockRestore();
  });

  it('lets a corrected and a withdrawn result take the height they need: no box of its own with a scrollbar', async () => {
    handle(ROUTES.tests.result, {
      list: [
        item({
          docNumber: 77,
          purity: 740,
          version: 2,
          changedAt: '2026-01-01T09:00:00.000Z',
          changeReason: 'خطای ثبت عیار در آزمایشگاه، اصلاح پس از آزمایش دوباره نمونه',
        }),
        item({
          token: 'tokenBBBBBBBBBBBBBBBBB',
          docNumber: 78,
          purity: null,
          status: 'withdrawn',
          version: 2,
          changedAt: '2026-01-01T10:00:00.000Z',
          changeReason: 'نمونه اشتباه',
        }),
      ],
    });
    const user = userEvent.setup();
    renderApp('/');
    await user.type(screen.getByLabelText(/شماره سند/), '77');
    await user.click(screen.getByRole('button', { name: 'استعلام نتیجه' }));
    const list = await screen.findByTestId('result-list');
    const noOwnScroll = (panel: HTMLElement) => {
      // Every box between the details and the list: no height cap and no scrolling of its own (the
      // landing page used to hold them in a 200 px ScrollArea, cutting the correction mid-line).
      for (let el: HTMLElement | null = panel; el && el !== list; el = el.parentElement) {
        expect(el.style.maxHeight).toBe('');
        expect(el.style.blockSize).toBe('');
        expect(['auto', 'scroll']).not.toContain(el.style.overflowY);
        expect(['auto', 'scroll']).not.toContain(el.style.overflow);
      }
      expect(panel).not.toHaveAttribute('tabindex');
      expect(list.querySelector('.mantine-ScrollArea-root, .mantine-ScrollArea-viewport')).toBeNull();
    };
    const corrected = await screen.findByRole('region', { name: 'جزئیات بسته ۷۷' });
    noOwnScroll(corrected);
    // The correction, its reason, the signature's line, the lab and the date are all in the item.
    expect(within(corrected).getByText(/خطای ثبت عیار در آزمایشگاه/)).toBeInTheDocument();
    expect(within(corrected).getByText('آزمایشگاه طلا')).toBeInTheDocument();
    expect(within(corrected).getByText('تاریخ ثبت')).toBeInTheDocument();
    expect(within(corrected).getByRole('link', { name: 'پیوند ثابت این نتیجه' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /۷۸/ }));
    const withdrawn = await screen.findByRole('region', { name: 'جزئیات بسته ۷۸' });
    noOwnScroll(withdrawn);
    expect(within(withdrawn).getByText('این نتیجه باطل شده است')).toBeInTheDocument();
    expect(within(withdrawn).getByText(/نمونه اشتباه/)).toBeInTheDocument();
    expect(within(withdrawn).getByText('تاریخ ثبت')).toBeInTheDocument();
  });

  it('shows the server message when the lookup fails', async () => {
    fail(ROUTES.tests.result, 'مورد خواسته شده پیدا نشد', { status: 404 });
    const user = userEvent.setup();
    renderApp('/');
    await user.type(screen.getByLabelText(/شماره سند/), '99');
    await user.click(screen.getByRole('button', { name: 'استعلام نتیجه' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('مورد خواسته شده پیدا نشد');
  });

  it('rejects letters in the number without calling the server', async () => {
    const user = userEvent.setup();
    renderApp('/');
    const input = screen.getByLabelText(/شماره سند/);
    await user.type(input, 'ab');
    // DigitsInput keeps digits only; an empty field is then «required».
    expect(input).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'استعلام نتیجه' }));
    expect(await screen.findByText('وارد کردن شماره سند الزامی است')).toBeInTheDocument();
    expect(requestsTo()).toEqual([]);
  });

  it('renders the embedded lookup page without the landing chrome', () => {
    renderApp('/ayarEmbedded');
    expect(screen.getByRole('heading', { level: 1, name: 'استعلام جواب آزمایش' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'پیمایش اصلی' })).not.toBeInTheDocument();
  });
});

describe('guarded routes in the app', () => {
  it('sends a guest from a guarded page to the landing page', () => {
    renderApp('/lab/add');
    expect(screen.getByRole('heading', { level: 2, name: 'استعلام جواب آزمایش' })).toBeInTheDocument();
  });

  it('shows a placeholder with its title inside the shell, and the workshop menu', async () => {
    signInAs('workshop', { userId: 'u', userFname: 'آزمایشگاه الماس' });
    const user = userEvent.setup();
    renderApp('/lab/list/true');
    expect(screen.getByRole('heading', { level: 1, name: 'لیست در انتظار تعیین عیار' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'باز کردن منو' }));
    const menus = await screen.findAllByRole('navigation', { name: 'منوی اصلی' });
    expect(within(menus[menus.length - 1]!).getByRole('link', { name: 'خرید شماره بسته' })).toHaveAttribute(
      'href',
      '/code/add',
    );
  });

  it('sends an admin off a workshop page to the dashboard, and logout clears the login', async () => {
    handleAny(null);
    signInAs('admin', { userId: 'a' });
    const user = userEvent.setup();
    renderApp('/customer/list');
    expect(screen.getByRole('heading', { level: 1, name: 'داشبورد' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'باز کردن منو' }));
    const menus = await screen.findAllByRole('navigation', { name: 'منوی اصلی' });
    await user.click(within(menus[menus.length - 1]!).getByRole('link', { name: 'خروج' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'استعلام جواب آزمایش' })).toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    await waitFor(() => expect(requestsTo(ROUTES.account.logout)).toHaveLength(1));
  });
});
