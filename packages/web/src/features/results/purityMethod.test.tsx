import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { RESULT_JWS_TYPES, ROUTES } from '@ayar/contract';
import type { ResultItem } from '@ayar/contract';
import { labRow, resultItem } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render.tsx';
import { handle } from '../../test/server.ts';
import { signInAs } from '../../test/session.ts';
import { payloadOf, serveKeys, testSigner } from '../../test/signing.ts';
import type { TestSigner } from '../../test/signing.ts';
import { UNSIGNED_TITLE } from './ResultStanding.tsx';
import { forgetResultKeys } from './signature.ts';

// How the purity was measured (ADR 0059) on the public result and the slip: «روش: …», covered by a v4
// signature and named outside the badge under an older one.

const TOKEN = 'Mt9_abcdefghijklmnopqr';
const VERIFIED = 'امضای دیجیتال شبکه تأیید شد';

let network: TestSigner;
beforeAll(async () => {
  network = await testSigner('net-m');
});
beforeEach(() => forgetResultKeys());

const item = (over: Partial<ResultItem> = {}) =>
  resultItem({ token: TOKEN, docNumber: 1_000_456, name: 'آزمایشگاه الماس', ...over });

/** The item signed as payload v4 (or v3, without the method), over what it shows unless `over` says. */
async function signed(shown: ResultItem, typ: 'v3' | 'v4', over: Record<string, unknown> = {}) {
  const base = { ...payloadOf(shown), assayer: shown.assayerCode, verifier: shown.verifierCode };
  const payload =
    typ === 'v4' ? { ...base, method: shown.method, instrument: shown.instrument, ...over } : base;
  return { ...shown, jws: await network.sign(payload, RESULT_JWS_TYPES[typ]) };
}

async function openResult(shown: ResultItem) {
  handle(ROUTES.tests.resultByToken, { list: [shown] });
  renderApp(`/r/${TOKEN}`);
  return screen.findByRole('region', { name: 'جزئیات بسته ۱۰۰۰۴۵۶' });
}

describe('the method on the public result', () => {
  it('payload v4: «روش: XRF — instrument» under the purity, covered by the verified badge', async () => {
    serveKeys(network.jwk);
    const panel = await openResult(
      await signed(item({ method: 'xrf', instrument: 'Fischerscope XAN' }), 'v4'),
    );
    expect(await within(panel).findByText(VERIFIED)).toBeInTheDocument();
    expect(within(panel).getByText('XRF — Fischerscope XAN')).toBeInTheDocument();
    expect(within(panel).getByText('روش')).toBeInTheDocument();
    expect(within(panel).queryByText(UNSIGNED_TITLE)).not.toBeInTheDocument();
  });

  it('payload v4: a method other than the signed one is a mismatch, not verified', async () => {
    serveKeys(network.jwk);
    const fire = await signed(item({ method: 'fire' }), 'v4');
    const panel = await openResult({ ...fire, method: 'typed' });
    expect(await within(panel).findByRole('alert')).toHaveTextContent('با نتیجهٔ امضاشده یکی نیست');
    expect(within(panel).queryByText(VERIFIED)).not.toBeInTheDocument();
  });

  it('payload v3: the method is shown and named as not signed', async () => {
    serveKeys(network.jwk);
    const panel = await openResult(await signed(item({ method: 'fire' }), 'v3'));
    expect(await within(panel).findByText(VERIFIED)).toBeInTheDocument();
    expect(within(panel).getByText('کوپلاسیون')).toBeInTheDocument();
    expect(within(panel).getByText(UNSIGNED_TITLE).parentElement?.parentElement).toHaveTextContent(/روش/);
  });

  it('no method line while the packet waits or once it is withdrawn', async () => {
    const panel = await openResult(item({ purity: null, status: 'pending', version: null, signedAt: null }));
    expect(within(panel).queryByText('روش')).not.toBeInTheDocument();
  });
});

describe('the method on the slip', () => {
  it('prints «روش: کوپلاسیون» under the purity, and nothing for a waiting packet', async () => {
    signInAs('workshop');
    const packet = labRow({ id: 'a1a1a1a1-0000-4000-8000-00000000000f', cutting: 875, purityMethod: 'fire' });
    handle(ROUTES.tests.getTest, packet);
    renderApp(`/lab/slip/${packet.id}`);
    const slip = await screen.findByRole('article', { name: 'برگه بسته' });
    expect(within(slip).getByRole('row', { name: /^روش\s*کوپلاسیون$/ })).toBeInTheDocument();
  });

  it('prints no method line for a packet waiting for its purity', async () => {
    signInAs('workshop');
    const packet = labRow({ id: 'a1a1a1a1-0000-4000-8000-00000000001f', cutting: null, purityMethod: null });
    handle(ROUTES.tests.getTest, packet);
    renderApp(`/lab/slip/${packet.id}`);
    const slip = await screen.findByRole('article', { name: 'برگه بسته' });
    expect(within(slip).queryByRole('row', { name: /^روش/ })).not.toBeInTheDocument();
  });
});
