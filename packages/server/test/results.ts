import type { FastifyInstance } from 'fastify';
import { compactVerify, createLocalJWKSet, type JSONWebKeySet } from 'jose';
import sharp from 'sharp';
import { expect } from 'vitest';
import { signedResultV4Schema, type ResultItem, type SignedResultV4 } from '@ayar/contract';

/**
 * Uploads a real JPEG (`width`×`height` of one `background` colour) through `POST /Tests/AddFile` as
 * the holder of `headers`; answers the stored file's address. Shared by the result test files.
 */
export async function uploadPhoto(
  app: FastifyInstance,
  headers: Record<string, string>,
  image: { width: number; height: number; background: string },
): Promise<string> {
  const jpeg = await sharp({ create: { ...image, channels: 3 } })
    .jpeg()
    .toBuffer();
  const boundary = '----result-photo';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="typeName"\r\n\r\nActivity\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="fileType"\r\n\r\nphoto\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file[]"; filename="p.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    ),
    jpeg,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1.0/Tests/AddFile',
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...headers },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: string }>().data;
}

/**
 * The public side of results: the lookup of a number, each from its own address in the file's own
 * block (`ipPrefix`, e.g. `10.7.`: the lookup is limited per address), and a JWS checked against the
 * published keys. `app` is a getter because test files build their app in `beforeAll`.
 */
export function publicResults(app: () => FastifyInstance, ipPrefix: string) {
  let address = 0;

  /** The public item of `docNumber`. */
  async function lookup(docNumber: number): Promise<ResultItem> {
    address += 1;
    const res = await app().inject({
      method: 'POST',
      url: '/api/v1.0/Tests/Result',
      payload: { code: docNumber },
      remoteAddress: `${ipPrefix}${address >> 8}.${address & 255}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: { list: ResultItem[] } }>().data.list[0]!;
  }

  /** The item's JWS verified against /.well-known/jwks.json: its payload, as it stands. */
  async function verifiedPayload(jws: string): Promise<Record<string, unknown>> {
    const res = await app().inject({ method: 'GET', url: '/.well-known/jwks.json' });
    const { payload } = await compactVerify(jws, createLocalJWKSet(res.json<JSONWebKeySet>()));
    return JSON.parse(new TextDecoder().decode(payload)) as Record<string, unknown>;
  }

  /** The item's JWS verified, read as payload v4 (ADR 0041, ADR 0050, ADR 0059). */
  async function verified(jws: string): Promise<SignedResultV4> {
    return signedResultV4Schema.parse(await verifiedPayload(jws));
  }

  return { lookup, verifiedPayload, verified };
}
