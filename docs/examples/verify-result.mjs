#!/usr/bin/env node
// Verifies an Ayar result the way any third party can (docs/verifying-results.md): the JWS against the
// network's JWK Set, then its entry in the signed status list. Plain Node 24 ESM; only `jose`.
//
//   node verify-result.mjs <origin> <token>        the current result of a slip (/r/<token>)
//   node verify-result.mjs <origin> --jws <JWS>    a JWS you hold (an older version, say)
//
// Prints a JSON verdict. Exit 0: a current published result; 1: a valid signature over a result that is
// not (or no longer) the current published one; 2: bad usage; 3: it could not be verified.
import { compactVerify, createLocalJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import { inflateSync } from 'node:zlib';

// v3 (ADR 0050) is v2 with the staff codes of who recorded and who verified the purity; v4 (ADR 0059)
// v3 with how the purity was measured.
const RESULT_TYPES = {
  'ayar-result+jws': 1,
  'ayar-result-v2+jws': 2,
  'ayar-result-v3+jws': 3,
  'ayar-result-v4+jws': 4,
};
const STATUS_MEANING = { 0: 'VALID', 1: 'INVALID', 2: 'SUSPENDED', 3: 'SUPERSEDED' };

class Unverifiable extends Error {}

async function getJson(url) {
  const res = await fetch(url, { signal: AbortSignal.timeout(15_000) });
  if (!res.ok) throw new Unverifiable(`${url} answered ${res.status}`);
  return res.json();
}

/** The current version's JWS of a packet, from the lookup the slip's QR code opens. */
async function currentJws(origin, token) {
  const url = new URL('/api/v1.0/Tests/ResultByToken', origin);
  url.searchParams.set('token', token);
  const item = (await getJson(url)).data?.list?.[0];
  if (!item) throw new Unverifiable('no packet has this token');
  if (!item.jws) throw new Unverifiable('this packet has no signed result yet');
  return item.jws;
}

/** Is `kid` retired for something signed at `signedAtMs`? The JWK Set says from when (`retiredAt`). */
function retiredFor(jwks, kid, signedAtMs) {
  const retiredAt = jwks.keys.find((key) => key.kid === kid)?.retiredAt;
  return retiredAt !== undefined && signedAtMs >= Date.parse(retiredAt);
}

/** Verifies a result's compact JWS against the JWK Set: its typ, EdDSA, and the retirement rule. */
async function verifySigned(jws, jwks, types, signedAt) {
  const header = decodeProtectedHeader(jws);
  if (!(header.typ in types)) throw new Unverifiable(`typ ${header.typ} is not one of ${Object.keys(types)}`);
  const { payload } = await compactVerify(jws, createLocalJWKSet(jwks), { algorithms: ['EdDSA'] }).catch(
    (err) => {
      throw new Unverifiable(`the signature does not verify: ${err.message}`);
    },
  );
  const claims = JSON.parse(new TextDecoder().decode(payload));
  if (retiredFor(jwks, header.kid, signedAt(claims))) {
    throw new Unverifiable(`key ${header.kid} was retired before this was signed`);
  }
  return { header, claims };
}

/** The 2-bit entry `idx` of the status list at `uri` (resolved against the origin when path-absolute). */
async function statusEntry(origin, jwks, { uri, idx }) {
  const res = await fetch(new URL(uri, origin), { signal: AbortSignal.timeout(15_000) });
  if (!res.ok) throw new Unverifiable(`the status list ${uri} answered ${res.status}`);
  const listJwt = (await res.text()).trim();
  // jwtVerify checks the signature, typ, exp (the list's own life) and that it is the list named.
  const { payload, protectedHeader } = await jwtVerify(listJwt, createLocalJWKSet(jwks), {
    algorithms: ['EdDSA'],
    typ: 'statuslist+jwt',
    subject: uri,
  }).catch((err) => {
    throw new Unverifiable(`the status list does not verify: ${err.message}`);
  });
  if (retiredFor(jwks, protectedHeader.kid, payload.iat * 1000)) {
    throw new Unverifiable(`the status list's key ${protectedHeader.kid} was retired before it was signed`);
  }
  const { bits, lst } = payload.status_list;
  if (bits !== 2) throw new Unverifiable(`the status list has ${bits} bits an entry; this reads 2`);
  const bytes = inflateSync(Buffer.from(lst, 'base64url'));
  const bit = idx * bits;
  if (bit >> 3 >= bytes.length) throw new Unverifiable(`index ${idx} is past the list's end`);
  return { value: (bytes[bit >> 3] >> (bit & 7)) & 0b11 };
}

/** A v1 result (no status claim): the slip check, which compares with the live result. */
async function v1Standing(origin, claims) {
  if (claims.purity === null)
    return { value: null, via: 'none: a v1 withdrawal or deletion names no purity' };
  const res = await fetch(new URL('/api/v1.0/Tests/VerifySlip', origin), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ code: claims.docNumber, purity: claims.purity }),
    signal: AbortSignal.timeout(15_000),
  });
  if (!res.ok) throw new Unverifiable(`VerifySlip answered ${res.status}`);
  const { outcome, version } = (await res.json()).data;
  if (outcome === 'matches' && version === claims.version) return { value: 0, via: 'VerifySlip' };
  return { value: outcome === 'withdrawn' || outcome === 'not-found' ? 1 : 3, via: 'VerifySlip' };
}

function verdictOf(value, state) {
  if (value === 0) return state === 'published' ? 'current' : state; // the current version withdraws
  if (value === 1) return 'invalid';
  if (value === 3) return 'superseded';
  return value === null ? 'unknown' : `status-${value}`;
}

async function verify(origin, input) {
  const jws = input.jws ?? (await currentJws(origin, input.token));
  const jwks = await getJson(new URL('/.well-known/jwks.json', origin));
  const { header, claims } = await verifySigned(jws, jwks, RESULT_TYPES, (c) => Date.parse(c.publishedAt));
  if (input.token && claims.token !== input.token) throw new Unverifiable('the JWS is of another packet');
  const payloadVersion = RESULT_TYPES[header.typ];
  const state = payloadVersion >= 2 ? claims.state : claims.status;
  const standing =
    payloadVersion >= 2
      ? {
          ...(await statusEntry(origin, jwks, claims.status.status_list)),
          via: claims.status.status_list.uri,
        }
      : await v1Standing(origin, claims);
  const verdict = verdictOf(standing.value, state);
  return {
    verdict,
    ok: verdict === 'current',
    signature: { kid: header.kid, typ: header.typ },
    result: {
      docNumber: claims.docNumber,
      token: claims.token,
      lab: claims.lab,
      purity: claims.purity,
      version: claims.version,
      state,
      publishedAt: claims.publishedAt,
      // Staff codes (v3): the lab's own account is 1; null where nobody is named or v1/v2 did not sign it.
      assayer: claims.assayer ?? null,
      verifier: claims.verifier ?? null,
      // The method (v4): typed, xrf (with the instrument) or fire; null where v1–v3 did not sign it.
      method: claims.method ?? null,
      instrument: claims.instrument ?? null,
    },
    status: { value: standing.value, meaning: STATUS_MEANING[standing.value] ?? null, from: standing.via },
  };
}

function parse(argv) {
  const [origin, ...rest] = argv;
  if (!origin || !/^https?:\/\//.test(origin)) return null;
  if (rest.length === 2 && rest[0] === '--jws') return { origin, input: { jws: rest[1] } };
  if (rest.length === 1 && !rest[0].startsWith('-')) return { origin, input: { token: rest[0] } };
  return null;
}

const args = parse(process.argv.slice(2));
if (!args) {
  process.stderr.write('usage: node verify-result.mjs <origin> <token> | <origin> --jws <JWS>\n');
  process.exit(2);
}
try {
  const verdict = await verify(args.origin, args.input);
  process.stdout.write(`${JSON.stringify(verdict, null, 2)}\n`);
  process.exit(verdict.ok ? 0 : 1);
} catch (err) {
  // Unverifiable: what the checks refused; anything else: the server could not be asked (network).
  const reason = err instanceof Unverifiable ? err.message : `could not check: ${err.message}`;
  process.stdout.write(`${JSON.stringify({ verdict: 'unverified', ok: false, reason }, null, 2)}\n`);
  process.exit(3);
}
