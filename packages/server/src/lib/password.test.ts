import { describe, expect, it } from 'vitest';
import { generatePassword, hashPassword, verifyPassword } from './password.ts';

describe('argon2id passwords', () => {
  it('hashes with the OWASP parameters and a random salt, and verifies', async () => {
    const a = await hashPassword('طلای ۱۸ عیار');
    const b = await hashPassword('طلای ۱۸ عیار');
    expect(a).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword('طلای ۱۸ عیار', a)).toBe(true);
    expect(await verifyPassword('طلای ۱۸ عیار ', a)).toBe(false);
    expect(await verifyPassword('x', 'not-a-hash')).toBe(false);
  });

  it('generates readable random passwords', () => {
    const p = generatePassword();
    expect(p).toHaveLength(16);
    expect(p).not.toMatch(/[0O1lI]/);
    expect(generatePassword()).not.toBe(p);
  });
});
