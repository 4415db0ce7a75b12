import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

// METRICS_* (ADR 0052): both edges of each limit, accepted at the edge and refused just past it.
describe('the metrics settings', () => {
  it('are off by default, on the loopback address, without a token', () => {
    const config = loadConfig({});
    expect(config.METRICS_PORT).toBeUndefined();
    expect(config.METRICS_HOST).toBe('127.0.0.1');
    expect(config.METRICS_TOKEN).toBeUndefined();
    expect(loadConfig({ METRICS_PORT: '', METRICS_HOST: '', METRICS_TOKEN: '' })).toMatchObject({
      METRICS_HOST: '127.0.0.1',
    });
  });

  it('take a port from 0 to 65535', () => {
    expect(loadConfig({ METRICS_PORT: '0' }).METRICS_PORT).toBe(0);
    expect(loadConfig({ METRICS_PORT: '65535' }).METRICS_PORT).toBe(65535);
    expect(loadConfig({ METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0' })).toMatchObject({
      METRICS_PORT: 9464,
      METRICS_HOST: '0.0.0.0',
    });
    for (const bad of ['-1', '65536', '9.5', 'nine']) {
      expect(() => loadConfig({ METRICS_PORT: bad })).toThrow(ConfigError);
    }
  });

  it('take a token of 16 characters or more', () => {
    expect(loadConfig({ METRICS_TOKEN: 'x'.repeat(16) }).METRICS_TOKEN).toBe('x'.repeat(16));
    expect(() => loadConfig({ METRICS_TOKEN: 'x'.repeat(15) })).toThrow(/METRICS_TOKEN/);
  });
});
