import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RESULT_JWS_TYPES, ROUTES } from '@ayar/contract';
import type { ResultItem, SignedResultV3 } from '@ayar/contract';
import { resultItem } from '../../test/fixtures.ts';
import { printedVersion } from './PublicResultPage.tsx';
import { renderApp } from '../../test/render.tsx';
import { handle, handleUrl, HttpResponse } from '../../test/server.ts';
import { payloadOf, serveKeys, signItem, signItemV1, testSigner } from '../../test/signing.ts';
import type { TestSigner } from '../../test/signing.ts';
import { UNSIGNED_TITLE } from './ResultStanding.tsx';
import { forgetResultKeys } from './signature.ts';

// ADR 0029 on the public result: the network's signature checked in the browser, a corrected or
// withdrawn result said plainly, and /r/<token>?v=N telling whether the paper still holds.

const TOKEN = 'Zx9_abcdefghijklmnopqr';
const VERIFIED = 'امضای دیجیتال شبکه تأیید شد';

let network: TestSigner;
beforeAll(async () => {
  network = await testSigner('net-1');
});
beforeEach(() => forgetResultKeys());

const item = (over: Partial<ResultItem> = {}) =>
  resultItem({ token: TOKEN, docNumber: 1_000_123, name: 'آزمایشگاه الماس', ...over });

const CORRECTED = {
  purity: 740,
  version: 2,
  signedAt: '2026-01-02T06:00:00.000Z',
  changedAt: '2026-01-02T06:00:00.000Z',
  changeReason: 'خطای ثبت عیار',
} as const;

/** Everything the lab may show, shown: each is signed (payload v2, ADR 0041). */
const FULL = item({
  rejeCode: 'R-77',
  customerName: 'علی رضایی',
  title: 'ری',
  weight: 12.5,
  sampleWeight: 0.25,
  readyTime: 30,
  images: [`/api/v1.0/Results/Photo/${TOKEN}/11111111-2222-4333-8444-555555555555`],
});

/** The item signed with payload v3 (ADR 0050): v2's fields and the staff codes it shows. */
async function signItemV3(shown: ResultItem, over: Partial<SignedResultV3> = {}): Promise<ResultItem> {
  const payload = { ...payloadOf(shown), assayer: shown.assayerCode, verifier: shown.verifierCode, ...over };
  return { ...shown, jws: await network.sign(payload, RESULT_JWS_TYPES.v3) };
}

/** /r/<token>(?v=…) answered with `shown`; returns the details panel of its one item. */
async function openResult(shown: ResultItem, search = '') {
  handle(ROUTES.tests.resultByToken, { list: [shown] });
  renderApp(`/r/${TOKEN}${search}`);
  return screen.findByRole('region', { name: 'جزئیات بسته ۱۰۰۰۱۲۳' });
}

describe('the signature on the public result', () => {
  it('says the network’s signature holds, with the signing date, after checking it against the published keys', async () => {
    const keys = serveKeys(network.jwk);
    const panel = await openResult(await signItem(network, item()));
    const badge = await within(panel).findByText(VERIFIED);
    expect(badge.closest('[role="status"]')).toHaveTextContent(
      'برای آزمایشگاه الماس، امضا شده در ۱۴۰۴/۱۰/۱۱ ۱۱:۵۰',
    );
    expect(keys).toHaveLength(1);
    expect(keys[0]!.headers.get('Authorization')).toBeNull();
    expect(within(panel).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('warns when the signed payload was altered', async () => {
    serveKeys(network.jwk);
    const signed = await signItem(network, item());
    const [header, , signature] = signed.jws!.split('.');
    const altered = Buffer.from(JSON.stringify({ purity: 999 })).toString('base64url');
    const panel = await openResult({ ...signed, jws: `${header}.${altered}.${signature}` });
    expect(await within(panel).findByRole('alert')).toHaveTextContent(
      'هشدار: امضای دیجیتال این نتیجه تأیید نشد',
    );
    expect(within(panel).queryByText(VERIFIED)).not.toBeInTheDocument();
  });

  it('warns when a genuine signature is of another purity than the page shows', async () => {
    serveKeys(network.jwk);
    // The network signed 750; the page shows 780.
    const signed = await signItem(network, item());
    const panel = await openResult({ ...signed, purity: 780 });
    expect(await within(panel).findByRole('alert')).toHaveTextContent(
      'هشدار: این صفحه با نتیجهٔ امضاشده یکی نیست',
    );
    expect(within(panel).queryByText(VERIFIED)).not.toBeInTheDocument();
  });

  it('verifies a page showing every field as signed', async () => {
    serveKeys(network.jwk);
    const signed = await signItem(network, FULL);
    const panel = await openResult(signed);
    const badge = await within(panel).findByText(VERIFIED);
    expect(badge.closest('[role="status"]')).toHaveTextContent('برای آزمایشگاه الماس، امضا شده در');
    expect(within(panel).queryByText(UNSIGNED_TITLE)).not.toBeInTheDocument();
    expect(within(panel).queryByRole('alert')).not.toBeInTheDocument();
  });

  // A page showing the lab's new name, its customer once the lab hid it, or another weight: not signed.
  it.each([{ name: 'آزمایشگاه الماس نو' }, { customerName: null }, { weight: 13 }])(
    'warns when one shown field differs from the signed one: %o',
    async (shown) => {
      serveKeys(network.jwk);
      const signed = await signItem(network, FULL);
      const panel = await openResult({ ...signed, ...shown });
      expect(await within(panel).findByRole('alert')).toHaveTextContent('با نتیجهٔ امضاشده یکی نیست');
      expect(within(panel).queryByText(VERIFIED)).not.toBeInTheDocument();
    },
  );

  it('a result signed with payload v1: verified for what it signed, the rest named as not signed', async () => {
    serveKeys(network.jwk);
    const old = await signItemV1(network, item({ customerName: 'علی رضایی', readyTime: 30 }));
    const panel = await openResult(old);
    expect(await within(panel).findByText(VERIFIED)).toBeInTheDocument();
    const note = within(panel).getByText(UNSIGNED_TITLE).parentElement!;
    expect(note).toHaveTextContent('نام مشتری، سری، زمان آماده‌سازی');
    expect(within(panel).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('refuses a signature by a retired key dated after its retirement', async () => {
    serveKeys({ ...network.jwk, retiredAt: '2026-01-01T08:00:00.000Z' });
    const panel = await openResult(await signItem(network, item()));
    expect(await within(panel).findByRole('alert')).toHaveTextContent('تأیید نشد');
  });

  it('warns of a key the network never published', async () => {
    const stranger = await testSigner('someone-else');
    const keys = serveKeys(network.jwk);
    const panel = await openResult(await signItem(stranger, item()));
    expect(await within(panel).findByRole('alert')).toHaveTextContent('تأیید نشد');
    // The set was fetched again in case the key was new since the page loaded it.
    expect(keys).toHaveLength(2);
  });

  it('shows neither badge nor warning for a result with nothing signed, and fetches no keys', async () => {
    const keys = serveKeys(network.jwk);
    const panel = await openResult(item({ jws: null, version: null, signedAt: null }));
    expect(within(panel).getByText('۷۵۰')).toBeInTheDocument();
    expect(within(panel).queryByText(/امضا/)).not.toBeInTheDocument();
    expect(within(panel).queryByRole('alert')).not.toBeInTheDocument();
    expect(keys).toHaveLength(0);
  });

  it('says the keys could not be fetched, not that the result is forged', async () => {
    handleUrl('/.well-known/jwks.json', () => new HttpResponse(null, { status: 503 }));
    const panel = await openResult(await signItem(network, item()));
    expect(await within(panel).findByText('امضای دیجیتال بررسی نشد')).toBeInTheDocument();
    expect(within(panel).queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('who recorded the purity and who verified it (ADR 0050)', () => {
  const people = (panel: HTMLElement) => within(panel).queryByTestId('purity-people');

  it('payload v3: the staff codes under the purity, above the badge that covers them', async () => {
    serveKeys(network.jwk);
    const panel = await openResult(await signItemV3(item({ assayerCode: 3, verifierCode: 5 })));
    const badge = await within(panel).findByText(VERIFIED);
    const line = people(panel)!;
    expect(line).toHaveTextContent('عیارسنج: ۳، تأیید: ۵');
    expect(line.querySelectorAll('bdi[dir="ltr"]')).toHaveLength(2);
    // Under the purity, before the badge: what the badge says is verified.
    const purity = within(panel).getByText('۷۵۰');
    expect(purity.compareDocumentPosition(line) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(line.compareDocumentPosition(badge) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(panel).queryByText(UNSIGNED_TITLE)).not.toBeInTheDocument();
  });

  it('shows only the assayer when nobody verified, and nothing when neither is known', async () => {
    serveKeys(network.jwk);
    const { unmount } = renderAndVerdict(await signItemV3(item({ assayerCode: 3 })), '');
    let panel = await screen.findByRole('region', { name: 'جزئیات بسته ۱۰۰۰۱۲۳' });
    expect(await within(panel).findByText(VERIFIED)).toBeInTheDocument();
    expect(people(panel)).toHaveTextContent(/^عیارسنج: ۳$/);
    unmount();
    panel = await openResult(await signItemV3(item()));
    expect(await within(panel).findByText(VERIFIED)).toBeInTheDocument();
    expect(people(panel)).not.toBeInTheDocument();
  });

  it('warns when the verifier shown is not the one signed', async () => {
    serveKeys(network.jwk);
    const signed = await signItemV3(item({ assayerCode: 3, verifierCode: 5 }));
    const panel = await openResult({ ...signed, verifierCode: 6 });
    expect(await within(panel).findByRole('alert')).toHaveTextContent('با نتیجهٔ امضاشده یکی نیست');
    expect(within(panel).queryByText(VERIFIED)).not.toBeInTheDocument();
  });

  it('payload v2: the codes are shown but named as not signed', async () => {
    serveKeys(network.jwk);
    const panel = await openResult(await signItem(network, item({ assayerCode: 3, verifierCode: 5 })));
    expect(await within(panel).findByText(VERIFIED)).toBeInTheDocument();
    expect(people(panel)).toHaveTextContent('عیارسنج: ۳، تأیید: ۵');
    const note = within(panel).getByText(UNSIGNED_TITLE).parentElement!;
    expect(note).toHaveTextContent('عیارسنج، تأیید: شبکه این‌ها را امضا نکرده است');
    expect(within(panel).queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('a corrected or withdrawn result', () => {
  it('shows a correction’s date, reason and version, and verifies the new version’s signature', async () => {
    serveKeys(network.jwk);
    const panel = await openResult(await signItem(network, item(CORRECTED)));
    expect(within(panel).getByText(/اصلاح‌شده در/)).toHaveTextContent('اصلاح‌شده در ۱۴۰۴/۱۰/۱۲ ۰۹:۳۰');
    expect(within(panel).getByText('علت: خطای ثبت عیار')).toBeInTheDocument();
    expect(panel).toHaveTextContent('نسخهٔ ۲ از این نتیجه');
    expect(within(panel).getByText('۷۴۰')).toBeInTheDocument();
    expect(await within(panel).findByText(VERIFIED)).toBeInTheDocument();
  });

  it('shows a withdrawn result with its date and reason instead of a purity', async () => {
    serveKeys(network.jwk);
    const withdrawn = item({
      status: 'withdrawn',
      purity: null,
      version: 2,
      changedAt: '2026-01-03T10:00:00.000Z',
      changeReason: 'نمونه اشتباه برش خورده بود',
    });
    const panel = await openResult(await signItem(network, withdrawn));
    expect(within(panel).getByText('این نتیجه باطل شده است')).toBeInTheDocument();
    expect(within(panel).getByText(/باطل شده در/)).toHaveTextContent('۱۴۰۴/۱۰/۱۳ ۱۳:۳۰');
    expect(within(panel).getByText('علت: نمونه اشتباه برش خورده بود')).toBeInTheDocument();
    expect(within(panel).queryByText('عیار')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /۱۰۰۰۱۲۳/ })).toHaveTextContent('باطل شده');
    // The withdrawal is signed too: the page shows what the network said.
    expect(await within(panel).findByText(VERIFIED)).toBeInTheDocument();
  });
});

describe('/r/<token>?v=N: the version a slip printed', () => {
  it('says a slip of version 1 is out of date once the result is at version 2, with when, why and the purity now', async () => {
    serveKeys(network.jwk);
    await openResult(item(CORRECTED), '?v=1');
    const verdict = within(screen.getByRole('region', { name: 'بررسی برگه' }));
    expect(verdict.getByText('این برگه قدیمی است')).toBeInTheDocument();
    expect(verdict.getByText(/اصلاح شده است/)).toHaveTextContent(
      'نتیجه در ۱۴۰۴/۱۰/۱۲ ۰۹:۳۰ اصلاح شده است. عیار فعلی: ۷۴۰',
    );
    expect(verdict.getByText('علت: خطای ثبت عیار')).toBeInTheDocument();
  });

  it('says a slip of the current version matches, and a version never made does not', async () => {
    const { unmount } = renderAndVerdict(item(CORRECTED), '?v=2');
    expect(
      await within(await screen.findByRole('region', { name: 'بررسی برگه' })).findByText(
        'این برگه با نتیجهٔ فعلی مطابقت دارد',
      ),
    ).toBeInTheDocument();
    unmount();
    renderAndVerdict(item(CORRECTED), '?v=3');
    expect(
      await within(await screen.findByRole('region', { name: 'بررسی برگه' })).findByText(
        'نسخهٔ این برگه در سامانه ثبت نشده است',
      ),
    ).toBeInTheDocument();
  });

  it('says a slip of a withdrawn result no longer holds; without ?v there is no verdict', async () => {
    const withdrawn = item({ status: 'withdrawn', purity: null, version: 2, changedAt: CORRECTED.changedAt });
    const { unmount } = renderAndVerdict(withdrawn, '?v=1');
    const verdict = await screen.findByRole('region', { name: 'بررسی برگه' });
    expect(within(verdict).getByText('این برگه دیگر معتبر نیست')).toBeInTheDocument();
    unmount();
    renderAndVerdict(item(), '');
    await screen.findByRole('region', { name: 'جزئیات بسته ۱۰۰۰۱۲۳' });
    expect(screen.queryByRole('region', { name: 'بررسی برگه' })).not.toBeInTheDocument();
  });
});

describe('printedVersion: the ?v= of an address, as a QR code or a person writes it', () => {
  it('takes 1 to 999,999,999 in any digits, and nothing else', () => {
    expect(printedVersion('1')).toBe(1);
    expect(printedVersion('۲')).toBe(2);
    expect(printedVersion('٣')).toBe(3);
    expect(printedVersion('999999999')).toBe(999_999_999);
    for (const garbled of [null, '', '0', '-1', '1.5', 'abc', '1e3', '1000000000', '2 OR 1=1'])
      expect(printedVersion(garbled), String(garbled)).toBeNull();
  });

  it('shows the result without a verdict for a garbled ?v', async () => {
    renderAndVerdict(item(CORRECTED), '?v=abc');
    await screen.findByRole('region', { name: 'جزئیات بسته ۱۰۰۰۱۲۳' });
    expect(screen.queryByRole('region', { name: 'بررسی برگه' })).not.toBeInTheDocument();
  });
});

describe('the lookup by number', () => {
  it('checks each item’s signature in the answer list too', async () => {
    serveKeys(network.jwk);
    handle(ROUTES.tests.result, { list: [await signItem(network, item())] });
    const user = userEvent.setup();
    renderApp('/');
    await user.type(screen.getByLabelText(/شماره سند/), '۱۰۰۰۱۲۳');
    await user.click(screen.getByRole('button', { name: 'استعلام نتیجه' }));
    expect(await screen.findByText(VERIFIED)).toBeInTheDocument();
  });
});

function renderAndVerdict(shown: ResultItem, search: string) {
  handle(ROUTES.tests.resultByToken, { list: [shown] });
  return renderApp(`/r/${TOKEN}${search}`);
}
