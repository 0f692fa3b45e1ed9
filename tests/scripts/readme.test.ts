import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEMO_GROUPS } from '../../server/db/seed-security';

describe('README', () => {
  const readme = readFileSync('README.md', 'utf8');

  it('lists every demo group with the role set the seed gives it', () => {
    for (const group of DEMO_GROUPS) {
      const user = `\`${group.user.username}\`${group.user.otp ? ' (OTP by SMS)' : ''}`;
      const roles = group.name === 'Admin' ? 'every role' : group.roles.join(', ');
      expect(readme).toContain(`| ${group.name} | ${user} | ${roles} |`);
    }
  });

  it('shows the two commands a new user runs', () => {
    expect(readme).toContain('npm install && npm start');
    expect(readme).toContain('npm test');
  });
});
