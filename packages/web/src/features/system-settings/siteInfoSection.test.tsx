import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SiteInfo } from '@ayar/contract';
import { EMPTY_SITE_INFO } from '../../lib/siteInfo.ts';
import { jsonResponse, renderWithProviders } from '../../test/render.tsx';
import { SupportLine } from '../results/SiteContact.tsx';
import { SiteInfoSection } from './SiteInfoSection.tsx';

// ADR 0028: the administrator edits the public site information in manage/system-setting.

const fetchMock = vi.fn<typeof fetch>();
let stored: SiteInfo = { ...EMPTY_SITE_INFO, company: 'شرکت پیشین' };
beforeEach(() => {
  stored = { ...EMPTY_SITE_INFO, company: 'شرکت پیشین' };
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (url, init) => {
    const u = String(url);
    if (u === '/api/v1.0/Site/Info') return jsonResponse({ successful: true, message: '', data: stored });
    if (u === '/api/v1.0/Manage/SiteInfo') {
      const body = JSON.parse(String(init?.body)) as Record<string, string | null>;
      if (body.sisterSiteUrl === 'https://bad.example') {
        return jsonResponse(
          {
            successful: false,
            message: 'اطلاعات وارد شده معتبر نیست',
            data: null,
            code: 'VALIDATION',
            errors: [{ field: 'sisterSiteUrl', message: 'نشانی باید با https:// یا http:// شروع شود' }],
          },
          400,
        );
      }
      stored = {
        ...EMPTY_SITE_INFO,
        ...Object.fromEntries(Object.entries(body).map(([k, v]) => [k, v ?? ''])),
      };
      return jsonResponse({ successful: true, message: 'اطلاعات عمومی سایت ذخیره شد', data: stored });
    }
    return jsonResponse({ successful: false, message: 'نامنتظر', data: null }, 500);
  });
});
afterEach(() => vi.unstubAllGlobals());

const saved = () =>
  fetchMock.mock.calls
    .filter(([url]) => String(url) === '/api/v1.0/Manage/SiteInfo')
    .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);

describe('the public site information in system settings', () => {
  it('saves what the administrator types, and the public screens show it at once', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <>
        <SiteInfoSection />
        <SupportLine />
      </>,
    );
    const form = await screen.findByRole('form', { name: 'اطلاعات عمومی سایت' });
    const company = await within(form).findByLabelText('شرکت');
    await waitFor(() => expect(company).toHaveValue('شرکت پیشین'));
    await user.type(within(form).getByLabelText('تلفن پشتیبانی'), '۰۲۱-۹۱۰۰۲۲۳۳');
    await user.type(within(form).getByLabelText('کد پستی'), '۱۱۳۱۸۳۴۵۶۷');
    await user.type(within(form).getByLabelText('نشانی'), 'تهران، بازار');
    await user.type(within(form).getByLabelText(/نشانی صفحه تأیید نماد/), 'https://trustseal.example/?id=1');
    await user.type(within(form).getByLabelText('نام پیوند'), 'بازار طلا');
    await user.type(within(form).getByLabelText(/نشانی سایت/), 'https://bazar.example');
    await user.click(within(form).getByRole('button', { name: 'ذخیره اطلاعات عمومی' }));

    expect(await screen.findByText('اطلاعات عمومی سایت ذخیره شد')).toBeInTheDocument();
    expect(saved()).toEqual([
      expect.objectContaining({
        supportPhone: '021-91002233',
        postalCode: '1131834567',
        address: 'تهران، بازار',
        company: 'شرکت پیشین',
        trustSealUrl: 'https://trustseal.example/?id=1',
        sisterSiteName: 'بازار طلا',
        sisterSiteUrl: 'https://bazar.example',
      }),
    ]);
    // The landing page's support line (here beside the form) shows the new number without a reload.
    expect(await screen.findByRole('link', { name: '۰۲۱-۹۱۰۰۲۲۳۳' })).toHaveAttribute(
      'href',
      'tel:02191002233',
    );
  });

  it('checks the fields before sending, and puts the server’s field errors under them', async () => {
    const user = userEvent.setup();
    renderWithProviders(<SiteInfoSection />);
    const form = await screen.findByRole('form', { name: 'اطلاعات عمومی سایت' });
    await user.type(await within(form).findByLabelText('کد پستی'), '۱۲۳');
    await user.type(within(form).getByLabelText(/نشانی صفحه تأیید نماد/), 'javascript:alert(1)');
    await user.click(within(form).getByRole('button', { name: 'ذخیره اطلاعات عمومی' }));
    expect(await within(form).findByText('کد پستی ۱۰ رقم است')).toBeInTheDocument();
    expect(within(form).getByText('نشانی باید با https:// یا http:// شروع شود')).toBeInTheDocument();
    expect(saved()).toEqual([]);

    await user.clear(within(form).getByLabelText('کد پستی'));
    await user.clear(within(form).getByLabelText(/نشانی صفحه تأیید نماد/));
    await user.type(within(form).getByLabelText(/نشانی سایت/), 'https://bad.example');
    await user.click(within(form).getByRole('button', { name: 'ذخیره اطلاعات عمومی' }));
    expect(await within(form).findByText('نشانی باید با https:// یا http:// شروع شود')).toBeInTheDocument();
    expect(saved()).toHaveLength(1);
  });

  it('shows no form (which would save blanks) when the information cannot be read', async () => {
    fetchMock.mockImplementation(async () =>
      jsonResponse({ successful: false, message: 'خطا', data: null }, 500),
    );
    renderWithProviders(<SiteInfoSection />);
    expect(await screen.findByText('اطلاعات عمومی بارگذاری نشد')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'ذخیره اطلاعات عمومی' })).not.toBeInTheDocument();
  });
});
