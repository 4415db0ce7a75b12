import { beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ROUTES } from '@ayar/contract';
import type { SiteInfo } from '@ayar/contract';
import { SupportLine } from '../features/results/SiteContact.tsx';
import { SiteInfoSection } from '../features/system-settings/SiteInfoSection.tsx';
import { EMPTY_SITE_INFO } from '../lib/siteInfo.ts';
import { renderWithProviders } from '../test/render.tsx';
import { handle } from '../test/server.ts';
import type { Calls } from '../test/server.ts';

// ADR 0028, across two features: what the administrator saves in system settings is what the public
// screens' support line shows, without a reload.

let stored: SiteInfo = { ...EMPTY_SITE_INFO, company: 'شرکت پیشین' };
let saves: Calls;

beforeEach(() => {
  stored = { ...EMPTY_SITE_INFO, company: 'شرکت پیشین' };
  handle(ROUTES.site.info, () => stored);
  saves = handle(
    ROUTES.manage.siteInfo,
    ({ body }) => {
      const sent = body as Record<string, string | null>;
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
});
