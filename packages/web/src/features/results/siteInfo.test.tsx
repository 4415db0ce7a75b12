import { beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ROUTES } from '@ayar/contract';
import type { SiteInfo } from '@ayar/contract';
import { EMPTY_SITE_INFO, resetSiteInfoForTests } from '../../lib/siteInfo.ts';
import { renderApp } from '../../test/render.tsx';
import { handle, requestsTo } from '../../test/server.ts';

// ADR 0028: the support phone, address, postal code, company, trust seal and sister site are what the
// administrator saved, read from GET /Site/Info; what is not set is not shown.

let answer: SiteInfo = EMPTY_SITE_INFO;

beforeEach(() => {
  resetSiteInfoForTests();
  handle(ROUTES.site.info, () => answer);
});

const FULL: SiteInfo = {
  supportPhone: '021-9100 2233',
  supportHours: 'شنبه تا پنجشنبه، 9 تا 17',
  address: 'تهران، خیابان جمهوری، پلاک 12',
  postalCode: '1131834567',
  company: 'شرکت شبکه عیار',
  trustSealUrl: 'https://trustseal.example/?id=123',
  trustSealImage: '/api/v1.0/Site/TrustSeal/0b0c7c8e-1d2e-4f00-9a3b-000000000001',
  sisterSiteUrl: 'https://bazar-tala.example/',
  sisterSiteName: 'بازار طلا',
};

describe('the public site information', () => {
  it('the landing page shows the support line and the trust seal the administrator saved', async () => {
    answer = FULL;
    renderApp('/');
    const phone = await screen.findByRole('link', { name: '۰۲۱-۹۱۰۰ ۲۲۳۳' });
    expect(phone).toHaveAttribute('href', 'tel:02191002233');
    expect(phone.querySelector('bdi')).toHaveAttribute('dir', 'ltr');
    expect(screen.getByText('شنبه تا پنجشنبه، ۹ تا ۱۷')).toBeInTheDocument();
    const seal = screen.getByTestId('trust-seal');
    expect(seal).toHaveAttribute('href', FULL.trustSealUrl);
    expect(seal).toHaveAttribute('referrerpolicy', 'origin');
    expect(within(seal).getByRole('img', { name: 'نماد اعتماد الکترونیکی' })).toHaveAttribute(
      'src',
      FULL.trustSealImage,
    );
    expect(requestsTo(ROUTES.site.info)).toHaveLength(1);
  });

  it('a seal with a link and no image is a text link; nothing at all without either', async () => {
    answer = { ...EMPTY_SITE_INFO, trustSealUrl: 'https://trustseal.example/?id=9' };
    renderApp('/');
    const seal = await screen.findByTestId('trust-seal');
    expect(seal).toHaveTextContent('نماد اعتماد الکترونیکی');
    expect(within(seal).queryByRole('img')).not.toBeInTheDocument();
    expect(screen.queryByTestId('support-line')).not.toBeInTheDocument();
  });

  it('the drawer links to the sister site, in a new tab', async () => {
    answer = FULL;
    const user = userEvent.setup();
    renderApp('/');
    await screen.findByTestId('support-line');
    await user.click(screen.getByRole('button', { name: 'باز کردن منو' }));
    const link = await screen.findByRole('link', { name: /بازار طلا/ });
    expect(link).toHaveAttribute('href', FULL.sisterSiteUrl);
    expect(link).toHaveAttribute('target', '_blank');
  });

  it('the drawer has no sister-site link while none is set', async () => {
    answer = { ...FULL, sisterSiteUrl: '', sisterSiteName: '' };
    const user = userEvent.setup();
    renderApp('/');
    await screen.findByTestId('support-line');
    await user.click(screen.getByRole('button', { name: 'باز کردن منو' }));
    await screen.findByRole('link', { name: 'درباره ما' });
    expect(screen.queryByText('سایت همکار')).not.toBeInTheDocument();
  });

  it('the about page lists company, address with its map link, postal code and phone', async () => {
    answer = FULL;
    renderApp('/about');
    expect(await screen.findByText('شرکت شبکه عیار')).toBeInTheDocument();
    expect(screen.getByText(/تهران، خیابان جمهوری، پلاک ۱۲/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '(نمایش روی نقشه)' })).toHaveAttribute(
      'href',
      expect.stringContaining(encodeURIComponent(FULL.address)),
    );
    expect(screen.getByText('۱۱۳۱۸۳۴۵۶۷')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '۰۲۱-۹۱۰۰ ۲۲۳۳' })).toHaveAttribute('href', 'tel:02191002233');
    expect(screen.queryByTestId('about-empty')).not.toBeInTheDocument();
  });

  it('the about page says so while nothing is set, and makes nothing up', async () => {
    answer = EMPTY_SITE_INFO;
    renderApp('/about');
    expect(await screen.findByTestId('about-empty')).toHaveTextContent(
      'نشانی و تلفن تماس هنوز ثبت نشده است.',
    );
    expect(screen.queryByText('کد پستی')).not.toBeInTheDocument();
    expect(screen.queryByText('تلفن')).not.toBeInTheDocument();
  });

  it('the embedded lookup shows the support line', async () => {
    answer = FULL;
    renderApp('/ayarEmbedded');
    expect(await screen.findByRole('link', { name: '۰۲۱-۹۱۰۰ ۲۲۳۳' })).toBeInTheDocument();
  });
});
