import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const REPO = fileURLToPath(new URL('../../../', import.meta.url));
const UNIT = path.join(REPO, 'deploy', 'ayar.service');
const hasAnalyze = spawnSync('systemd-analyze', ['--version']).status === 0;
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'ayar-unit-'));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

/** The unit as installed, but pointing at this checkout, so the programs it names exist. */
function unitHere(): string {
  const file = path.join(scratch, 'ayar.service');
  fs.writeFileSync(file, fs.readFileSync(UNIT, 'utf8').replaceAll('/opt/ayar/', REPO));
  return file;
}

describe('deploy/ayar.service', () => {
  it('names what the server reads and runs it unprivileged', () => {
    const unit = fs.readFileSync(UNIT, 'utf8');
    for (const line of [
      'User=ayar',
      'StateDirectory=ayar',
      'Environment=DATA_DIR=/var/lib/ayar',
      'Environment=TRUST_PROXY=127.0.0.1',
      'Restart=on-failure',
      'NoNewPrivileges=yes',
      'ProtectSystem=strict',
      'ExecStart=/opt/ayar/node_modules/.bin/node packages/server/src/main.ts',
    ]) {
      expect(unit.split('\n')).toContain(line);
    }
    expect(fs.existsSync(path.join(REPO, 'packages/server/src/main.ts'))).toBe(true);
  });

  // `npm test` provisions systemd-analyze (scripts/provision-tests.sh): the check never skips.
  it('passes systemd-analyze verify without a warning, and its sandbox scores ≤ 2.0', () => {
    expect(hasAnalyze, 'systemd-analyze is missing: run scripts/provision-tests.sh as root').toBe(true);
    const file = unitHere();
    const verify = spawnSync('systemd-analyze', ['verify', '--man=no', file], { encoding: 'utf8' });
    expect(verify.stderr + verify.stdout).toBe('');
    expect(verify.status).toBe(0);
    // Exposure from 0 (locked down) to 10 (unprotected); the threshold is given in tenths.
    const security = spawnSync('systemd-analyze', ['security', '--offline=true', '--threshold=20', file], {
      encoding: 'utf8',
    });
    expect(security.stdout).toMatch(/Overall exposure level for ayar\.service: [0-9.]+ OK/);
    expect(security.status).toBe(0);
  });
});
