import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 8080,
      HOST: '0.0.0.0',
      DATA_DIR: './data',
      ADMIN_USERNAME: 'admin',
      SMS_PROVIDER: 'outbox',
      LOG_LEVEL: 'info',
    });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.JWT_SECRET).toBeUndefined();
    expect(config.ADMIN_PASSWORD).toBeUndefined();
    expect(config.dataDir).toBe(path.resolve('./data'));
  });

  it('reads RATE_LIMIT_ALLOWLIST as a list of addresses', () => {
    expect(loadConfig({}).RATE_LIMIT_ALLOWLIST).toEqual([]);
    expect(loadConfig({ RATE_LIMIT_ALLOWLIST: ' 127.0.0.1, ::1 ,' }).RATE_LIMIT_ALLOWLIST).toEqual([
      '127.0.0.1',
      '::1',
    ]);
  });

  it('runs one process unless WORKERS asks for more, and more only with REDIS_URL', () => {
    expect(loadConfig({}).WORKERS).toBe(1);
    expect(loadConfig({}).REDIS_URL).toBeUndefined();
    expect(loadConfig({ WORKERS: '3', REDIS_URL: 'redis://127.0.0.1:6379' })).toMatchObject({
      WORKERS: 3,
      REDIS_URL: 'redis://127.0.0.1:6379',
    });
    expect(loadConfig({ WORKERS: 'auto', REDIS_URL: 'rediss://cache:6380/2' }).WORKERS).toBe(
      os.availableParallelism(),
    );
    expect(() => loadConfig({ WORKERS: '2' })).toThrow(/WORKERS: more than one process needs REDIS_URL/);
    expect(() => loadConfig({ WORKERS: '0', REDIS_URL: 'redis://x' })).toThrow(
      /WORKERS: must be a whole number/,
    );
    expect(() => loadConfig({ WORKERS: 'many', REDIS_URL: 'redis://x' })).toThrow(/WORKERS:/);
    expect(() => loadConfig({ REDIS_URL: 'http://cache' })).toThrow(/REDIS_URL: must start with redis:\/\//);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' })).toMatchObject({ PORT: 8080, DATABASE_URL: undefined });
  });

  it('lists every bad variable at once', () => {
    const env = {
      PORT: 'eighty',
      DATABASE_URL: 'mysql://x',
      JWT_SECRET: 'short',
      SMS_PROVIDER: 'pigeon',
      ADMIN_PASSWORD: '123',
    };
    expect(() => loadConfig(env)).toThrow(ConfigError);
    try {
      loadConfig(env);
    } catch (err) {
      const message = (err as Error).message;
      for (const name of ['PORT', 'DATABASE_URL', 'JWT_SECRET', 'SMS_PROVIDER', 'ADMIN_PASSWORD']) {
        expect(message).toContain(`- ${name}:`);
      }
    }
  });

  it('reads the Kavenegar settings, trimming a trailing slash from the base URL', () => {
    const config = loadConfig({
      SMS_PROVIDER: 'kavenegar',
      KAVENEGAR_API_KEY: 'abc-DEF_123',
      KAVENEGAR_BASE_URL: 'http://127.0.0.1:9999/',
      KAVENEGAR_SENDER: '10004346',
      KAVENEGAR_OTP_TEMPLATE: 'ayar-otp',
    });
    expect(config).toMatchObject({
      SMS_PROVIDER: 'kavenegar',
      KAVENEGAR_API_KEY: 'abc-DEF_123',
      KAVENEGAR_BASE_URL: 'http://127.0.0.1:9999',
      KAVENEGAR_SENDER: '10004346',
      KAVENEGAR_OTP_TEMPLATE: 'ayar-otp',
    });
    expect(loadConfig({}).KAVENEGAR_BASE_URL).toBe('https://api.kavenegar.com');
  });

  it('refuses SMS_PROVIDER=kavenegar without an API key, listed with the other bad variables', () => {
    expect(() => loadConfig({ SMS_PROVIDER: 'kavenegar' })).toThrow(/KAVENEGAR_API_KEY: is required/);
    try {
      loadConfig({ SMS_PROVIDER: 'kavenegar', PORT: 'eighty', KAVENEGAR_BASE_URL: 'ftp://x' });
      expect.unreachable();
    } catch (err) {
      const message = (err as Error).message;
      for (const name of ['PORT', 'KAVENEGAR_API_KEY', 'KAVENEGAR_BASE_URL']) {
        expect(message).toContain(`- ${name}:`);
      }
    }
  });

  it('never repeats the API key in its error', () => {
    try {
      loadConfig({ SMS_PROVIDER: 'kavenegar', KAVENEGAR_API_KEY: 'secret key with spaces' });
      expect.unreachable();
    } catch (err) {
      expect((err as Error).message).toContain('- KAVENEGAR_API_KEY:');
      expect((err as Error).message).not.toContain('secret key');
    }
  });
});

describe('TRUST_PROXY', () => {
  it('is off unless set, and takes a hop count or the proxies’ addresses and CIDRs', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10' }).TRUST_PROXY).toBe(10);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8 ,::1,fd00::/8,loopback' }).TRUST_PROXY).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/32' }).TRUST_PROXY).toEqual(['10.0.0.0/32']);
  });

  it.each([
    ['true'],
    ['*'],
    ['0'],
    ['11'],
    ['10.0.0.0/33'],
    ['fd00::/129'],
    ['proxy.example'],
    ['10.0.0.1/8/2'],
  ])('refuses %s, naming the variable', (value) => {
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY/);
  });
});

describe('STORAGE and the S3 settings (ADR 0030)', () => {
  const s3 = {
    STORAGE: 's3',
    S3_ENDPOINT: 'https://s3.ir-thr-at1.arvanstorage.ir/',
    S3_BUCKET: 'ayar-files',
    S3_ACCESS_KEY_ID: 'key-id',
    S3_SECRET_ACCESS_KEY: 'secret-value-123',
  };

  it('keeps files in DATA_DIR/files unless told otherwise; path-style and us-east-1 by default', () => {
    expect(loadConfig({})).toMatchObject({
      STORAGE: 'local',
      S3_REGION: 'us-east-1',
      S3_FORCE_PATH_STYLE: true,
    });
    expect(loadConfig({ STORAGE: 'local', S3_BUCKET: 'ayar-files' }).STORAGE).toBe('local');
  });

  it('reads a complete S3 configuration, trimming the endpoint’s trailing slash', () => {
    expect(loadConfig({ ...s3, S3_REGION: 'ir-thr-at1', S3_FORCE_PATH_STYLE: 'false' })).toMatchObject({
      STORAGE: 's3',
      S3_ENDPOINT: 'https://s3.ir-thr-at1.arvanstorage.ir',
      S3_REGION: 'ir-thr-at1',
      S3_BUCKET: 'ayar-files',
      S3_FORCE_PATH_STYLE: false,
    });
    for (const yes of ['true', 'TRUE', '1', 'yes', 'on'])
      expect(loadConfig({ ...s3, S3_FORCE_PATH_STYLE: yes }).S3_FORCE_PATH_STYLE).toBe(true);
    for (const no of ['false', '0', 'no', 'Off'])
      expect(loadConfig({ ...s3, S3_FORCE_PATH_STYLE: no }).S3_FORCE_PATH_STYLE).toBe(false);
  });

  it('with STORAGE=s3, names each missing setting, and never prints the secret', () => {
    const message = (() => {
      try {
        loadConfig({ STORAGE: 's3', S3_SECRET_ACCESS_KEY: 'secret-value-123', S3_FORCE_PATH_STYLE: 'maybe' });
      } catch (err) {
        expect(err).toBeInstanceOf(ConfigError);
        return (err as Error).message;
      }
      return '';
    })();
    for (const name of ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID'])
      expect(message).toContain(`- ${name}: is required when STORAGE=s3`);
    expect(message).toContain('- S3_FORCE_PATH_STYLE: must be true or false');
    expect(message).not.toContain('S3_SECRET_ACCESS_KEY');
    expect(message).not.toContain('secret-value-123');
  });

  it('refuses a bad storage, endpoint, bucket or region, and S3 settings without STORAGE', () => {
    expect(() => loadConfig({ STORAGE: 'ftp' })).toThrow(/STORAGE:/);
    expect(() => loadConfig({ ...s3, S3_ENDPOINT: 's3.example.ir' })).toThrow(
      /S3_ENDPOINT: must be an http:\/\/ or https:\/\/ URL/,
    );
    expect(() => loadConfig({ ...s3, S3_ENDPOINT: 'https://key:secret@s3.example.ir' })).toThrow(
      /S3_ENDPOINT: must not hold a user or password/,
    );
    expect(() => loadConfig({ ...s3, S3_BUCKET: 'Ayar_Files' })).toThrow(/S3_BUCKET: must be a bucket name/);
    expect(() => loadConfig({ ...s3, S3_REGION: 'tehran 1' })).toThrow(/S3_REGION:/);
    const { STORAGE: _storage, ...unset } = s3;
    expect(() => loadConfig(unset)).toThrow(/STORAGE: S3_BUCKET is set but STORAGE is not/);
  });
});

describe('the read replica (DATABASE_READ_URL, READ_MAX_LAG_S)', () => {
  it('is off unless set, and lets it lag 10 s by default', () => {
    const config = loadConfig({});
    expect(config.DATABASE_READ_URL).toBeUndefined();
    expect(config.READ_MAX_LAG_S).toBe(10);
    expect(loadConfig({ DATABASE_READ_URL: 'postgresql://reader@replica:5432/ayar' }).DATABASE_READ_URL).toBe(
      'postgresql://reader@replica:5432/ayar',
    );
  });

  it('takes a lag of 1 to 3600 seconds and refuses 0, 3601, text and a URL that is not PostgreSQL', () => {
    expect(loadConfig({ READ_MAX_LAG_S: '1' }).READ_MAX_LAG_S).toBe(1);
    expect(loadConfig({ READ_MAX_LAG_S: '3600' }).READ_MAX_LAG_S).toBe(3600);
    for (const bad of ['0', '3601', 'ten', '2.5'])
      expect(() => loadConfig({ READ_MAX_LAG_S: bad }), bad).toThrow(/READ_MAX_LAG_S/);
    expect(() => loadConfig({ DATABASE_READ_URL: 'mysql://replica/ayar' })).toThrow(/DATABASE_READ_URL/);
  });
});

describe('PUBLIC_URL (ADR 0041)', () => {
  it('takes an http(s) origin, with a port too; unset or empty is none', () => {
    for (const url of ['https://ayar.example.ir', 'http://127.0.0.1:8080', 'https://xn--mgba3a4f.ir']) {
      expect(loadConfig({ PUBLIC_URL: url }).PUBLIC_URL).toBe(url);
    }
    expect(loadConfig({}).PUBLIC_URL).toBeUndefined();
    expect(loadConfig({ PUBLIC_URL: '' }).PUBLIC_URL).toBeUndefined();
  });

  it('refuses a trailing slash, a path, a query, another scheme or a name that is not one', () => {
    for (const url of [
      'https://ayar.example.ir/',
      'https://ayar.example.ir/app',
      'https://ayar.example.ir?x=1',
      'ftp://ayar.example.ir',
      'ayar.example.ir',
      'https://AYAR.example.ir',
    ]) {
      expect(() => loadConfig({ PUBLIC_URL: url }), url).toThrow(/- PUBLIC_URL:/);
    }
  });
});
