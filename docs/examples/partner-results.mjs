// A partner checks results in bulk (docs/partners.md): node partner-results.mjs <base-url> <number>…
// with its key in AYAR_API_KEY. Plain Node 24 and `jose`. Prints one line a number; exits 1 if any
// number has no result, 2 on bad usage or a refusal.
import { createRemoteJWKSet, jwtVerify } from 'jose';

const [base, ...numbers] = process.argv.slice(2);
if (!base || numbers.length === 0 || !process.env.AYAR_API_KEY) {
  console.error('usage: AYAR_API_KEY=ayk_… node partner-results.mjs <base-url> <number>…');
  process.exit(2);
}
const res = await fetch(new URL('/api/v1.0/Partner/Results', base), {
  method: 'POST',
  headers: { 'content-type': 'application/json', 'x-api-key': process.env.AYAR_API_KEY },
  body: JSON.stringify({ codes: numbers.map(Number) }),
});
const { successful, message, data } = await res.json();
if (!successful) {
  console.error(`refused (${res.status}): ${message}`);
  process.exit(2);
}
// Each result is signed by the network: check it against its published keys before trusting it.
const keys = createRemoteJWKSet(new URL('/.well-known/jwks.json', base));
for (const item of data.list) {
  const { payload } = await jwtVerify(item.jws, keys);
  console.log(`${payload.docNumber}\t${payload.purity}\t${item.status}\tv${item.version}`);
}
for (const number of data.missing) console.log(`${number}\tnone`);
process.exit(data.missing.length > 0 ? 1 : 0);
