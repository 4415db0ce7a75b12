import { beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ROUTES } from '@ayar/contract';
import type { SiteInfo } from '@ayar/contract';
import { EMPTY_SITE_INFO } from '../../lib/siteInfo.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { fail, failure, handle } from '../../test/server.ts';
import type { Calls } from '../../test/server.ts';
import { SiteInfoSection } from './SiteInfoSection.tsx';

// ADR 0028: the administrator edits the public site information in manage/system-setting.

let stored: SiteInfo = { ...EMPTY_SITE_INFO, company: 'شرکت پیشین' };
let saves: Calls;

beforeEach(() => {
  stored = { ...EMPTY_SITE_INFO, company: 'شرکت پیشین' };
  handle(ROUTES.site.info, () => stored);
  saves = handle(
    ROUTES.manage.siteInfo,
    ({ body }) => {
      const sent = body as Record<string, string | null>;
      if (sent.sisterSiteUrl === 'https://bad.example') {
        return failure('اطلاعات وارد شده معتبر نیست', {
          code: 'VALIDATION',
          errors: [{ field: 'sisterSiteUrl', message: 'نشانی باید با https:// یا http:// شروع شود' }],
        });
      }
      stored = {
        ...EMPTY_SITE_INFO,
        ...Object.fromEntries(Object.entries(sent).map(([k, v]) => [k, v ?? ''])),
      };
      return stored;
    },
    { message: 'اطلاعات عمومی سایت ذخیره شد' },
  );
});

const saved = () => saves.bodies;

describe('the public site information in system settings', () => {
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
    fail(ROUTES.site.info, 'خطا', { status: 500 });
    renderWithProviders(<SiteInfoSection />);
    expect(await screen.findByText('اطلاعات عمومی بارگذاری نشد')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'ذخیره اطلاعات عمومی' })).not.toBeInTheDocument();
  });
});
