import { describe, expect, it } from 'vitest';
import { sessionStore } from '../../src/services/session-store';
import { storedUser } from '../support/fake-session';

describe('the stored session', () => {
  it('gives back the roles stored for the same group, never those another user left behind', () => {
    const agent = storedUser({ id: 2, group: { id: 2, name: 'Agent' } });
    const approver = storedUser({ id: 4, group: { id: 4, name: 'Approver' } });
    sessionStore.save(agent, ['FIND_CUSTOMER']);
    expect(sessionStore.rolesFor(agent)).toEqual(['FIND_CUSTOMER']);
    expect(sessionStore.rolesFor(approver)).toBeNull();
    expect(sessionStore.rolesFor(null)).toBeNull();
    sessionStore.clear();
    expect(sessionStore.user()).toBeNull();
    expect(sessionStore.rolesFor(agent)).toBeNull();
  });
});
