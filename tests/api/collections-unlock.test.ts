import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routes } from '../../src/contract/routes';
import { debtCalls } from '../../src/contract/collections';
import { pendingMakerChecker } from '../../src/contract/requests';
import { ageLoans } from '../../server/domain/device-locking';
import { breakOverduePromises } from '../../server/domain/collections/promises';
import { endPromiseUnlocks } from '../../server/domain/collections/unlock';
import { testApi, TEST_NOW, type TestApi } from '../support/api';
import { businessFixtures, plusDays, type Borrower, type BusinessFixtures } from '../support/business-fixtures';

/**
 * A defaulter's device unlocked until the day they promised to pay (issue 14, decision 020): a collector asks, a
 * second person approves in the business inbox, the device unlocks through the lock-command outbox, and the sweep
 * after the ageing run locks it again when the promise is broken.
 */

let api: TestApi;
let fx: BusinessFixtures;
const token: Record<string, string> = {};
const b: Record<string, Borrower> = {};
let collectorId: number;
let today: string;
const DAY_MS = 86_400_000;

const post = (path: string, body: unknown, by: string | null) => api.call('POST', path, { token: by ?? undefined, body });
const device = async (id: number) =>
  (await api.db.query<{ is_locked: boolean }>('SELECT is_locked FROM devices WHERE id = $1', [id]))[0]!.is_locked;
const commands = (deviceId: number) =>
  api.db.query<{ command: string; requested_by: number | null }>(
    'SELECT command, requested_by FROM device_lock_commands WHERE device_id = $1 ORDER BY id',
    [deviceId],
  );
const promise = (loanId: number, promisedOn: string, by = token.collector!) =>
  post(
    routes.logDebtCall.path,
    { loan_id: loanId, call_type: 'outgoing', outcome: 'promised_to_pay', promise: { promised_on: promisedOn, amount: 20_000 } },
    by,
  );
const ask = (loanId: number, by: string) => post(routes.promiseUnlock.path, { loan_id: loanId, reason: 'Needs the phone for work' }, by);
const decide = (id: number, decision: 'approve' | 'deny', by: string) =>
  post(routes.decideMakerChecker.path, { ids: [id], decision, ...(decision === 'deny' ? { comment: 'Not this time' } : {}) }, by);
const worklist = async (loanId: number, by = token.collector!) =>
  debtCalls.parse((await post(routes.debtCollectionCalls.path, { loan_id: loanId }, by)).body);

beforeAll(async () => {
  api = await testApi();
  fx = await businessFixtures(api.db);
  today = fx.today;
  for (const u of ['admin', 'collector', 'approver', 'finance']) token[u] = await api.tokenFor(u);
  collectorId = (await api.db.query<{ id: number }>("SELECT id FROM admins WHERE username = 'collector'"))[0]!.id;
  b.locked = await fx.borrower({ daysDefaulted: 10 });
  b.denied = await fx.borrower({ daysDefaulted: 12 });
  b.kept = await fx.borrower({ daysDefaulted: 9 });
  b.open = await fx.borrower({ daysDefaulted: 2 });
  const assigned = await post(
    routes.assignDefaulters.path,
    { loan_ids: [b.locked!.loanId, b.denied!.loanId, b.kept!.loanId, b.open!.loanId], collector_id: collectorId },
    token.admin!,
  );
  expect(assigned.status).toBe(200);
});
afterAll(() => api.close());

describe('asking for an unlock until the promise date', () => {
  it('is refused without a list role, with a bad body, without an open promise, or for a device that is not locked', async () => {
    expect((await post(routes.promiseUnlock.path, { loan_id: b.locked!.loanId, reason: 'x y z' }, null)).status).toBe(401);
    const notYours = await ask(b.locked!.loanId, token.finance!);
    expect(notYours.status).toBe(403);
    expect(notYours.body.reason).toBe('not_yours');
    const bad = await post(routes.promiseUnlock.path, { loan_id: b.locked!.loanId }, token.collector!);
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields)).toContain('reason');
    const noPromise = await ask(b.locked!.loanId, token.collector!);
    expect(noPromise.status).toBe(409);
    expect(noPromise.body.reason).toBe('no_open_promise');
    expect(await device(b.open!.deviceId)).toBe(false);
    expect((await promise(b.open!.loanId, plusDays(today, 2))).status).toBe(201);
    const notLocked = await ask(b.open!.loanId, token.collector!);
    expect(notLocked.status).toBe(409);
    expect(notLocked.body.reason).toBe('not_locked');
    expect(await api.db.query("SELECT 1 FROM requests WHERE kind = 'promise_unlock'")).toHaveLength(0);
  });

  it('lands in the business inbox once, and changes nothing until it is approved', async () => {
    expect((await promise(b.locked!.loanId, plusDays(today, 2))).status).toBe(201);
    const asked = await ask(b.locked!.loanId, token.collector!);
    expect(asked.status, JSON.stringify(asked.body)).toBe(202);
    expect(asked.body).toMatchObject({
      kind: 'promise_unlock',
      status: 'submitted',
      reason: 'Needs the phone for work',
      before: { is_locked: true, unlocked_until: null },
      after: { is_locked: false, unlocked_until: plusDays(today, 2) },
    });
    const again = await ask(b.locked!.loanId, token.collector!);
    expect(again.status).toBe(409);
    expect(again.body.reason).toBe('request_open');
    const inbox = pendingMakerChecker.parse((await post(routes.pendingMakerChecker.path, {}, token.approver!)).body);
    expect(inbox.pending_requests.map((r) => [r.id, r.kind])).toEqual([[asked.body.id, 'promise_unlock']]);
    expect(await device(b.locked!.deviceId)).toBe(true);
    expect((await worklist(b.locked!.loanId)).unlock).toEqual({ status: 'pending', until: plusDays(today, 2), request_id: asked.body.id });
  });

  it('the maker may not approve it; a denial leaves the device locked', async () => {
    expect((await promise(b.denied!.loanId, plusDays(today, 1), token.admin!)).status).toBe(201);
    const asked = await ask(b.denied!.loanId, token.admin!);
    expect(asked.status).toBe(202);
    const own = await decide(asked.body.id, 'approve', token.admin!);
    expect(own.status).toBe(403);
    expect(own.body.reason).toBe('own_request');
    // The collector works the loan but cannot decide the inbox at all.
    expect((await decide(asked.body.id, 'approve', token.collector!)).status).toBe(403);
    const denied = await decide(asked.body.id, 'deny', token.approver!);
    expect(denied.status).toBe(200);
    expect(denied.body.denied).toBe(1);
    expect(await device(b.denied!.deviceId)).toBe(true);
    expect(await commands(b.denied!.deviceId)).toEqual([]);
    expect(await api.db.query('SELECT 1 FROM promise_unlocks WHERE loan_id = $1', [b.denied!.loanId])).toHaveLength(0);
    const again = await decide(asked.body.id, 'approve', token.approver!);
    expect(again.status).toBe(409);
    expect(again.body.reason).toBe('already_decided');
  });
});

describe('approved: unlocked until the promise date', () => {
  let requestId: number;
  it('a second person approves: the device unlocks through the lock command, with its audit trail', async () => {
    const [pending] = await api.db.query<{ id: number }>(
      "SELECT id FROM requests WHERE kind = 'promise_unlock' AND loan_id = $1 AND status = 'submitted'",
      [b.locked!.loanId],
    );
    requestId = pending!.id;
    const approved = await decide(requestId, 'approve', token.approver!);
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body.results[0]).toMatchObject({
      outcome: 'approved',
      after: { is_locked: false, unlocked_until: plusDays(today, 2) },
    });
    expect(await device(b.locked!.deviceId)).toBe(false);
    const approverId = (await api.db.query<{ id: number }>("SELECT id FROM admins WHERE username = 'approver'"))[0]!.id;
    expect(await commands(b.locked!.deviceId)).toEqual([{ command: 'unlock', requested_by: approverId }]);
    expect((await api.auditRows('promise_unlock.granted')).map((r: any) => r.entity_id)).toEqual([String(b.locked!.loanId)]);
    expect((await api.auditRows('device.unlocked')).map((r: any) => r.entity_id)).toContain(String(b.locked!.deviceId));
    expect((await worklist(b.locked!.loanId)).unlock).toEqual({ status: 'granted', until: plusDays(today, 2), request_id: requestId });
  });

  it('the ageing run leaves it unlocked while the promise is open', async () => {
    await ageLoans(api, api.clock.now());
    expect(await device(b.locked!.deviceId)).toBe(false);
    api.clock.set(new Date(TEST_NOW.getTime() + 2 * DAY_MS)); // the promise day itself
    try {
      await ageLoans(api, api.clock.now());
      await breakOverduePromises(api, api.clock.now()); // the denied loan's promise (its day was yesterday) breaks
      const [open] = await api.db.query<{ status: string }>('SELECT status FROM payment_promises WHERE loan_id = $1', [b.locked!.loanId]);
      expect(open!.status).toBe('open');
      expect(await endPromiseUnlocks(api, api.clock.now())).toEqual({ ended: 0, relocked: 0 });
      expect(await device(b.locked!.deviceId)).toBe(false);
    } finally {
      api.clock.set(TEST_NOW);
    }
  });

  it('a kept promise keeps the unlock until its day; the sweep then ends it and the device follows its loan', async () => {
    expect((await promise(b.kept!.loanId, plusDays(today, 1))).status).toBe(201);
    const asked = await ask(b.kept!.loanId, token.collector!);
    expect((await decide(asked.body.id, 'approve', token.approver!)).status).toBe(200);
    expect(await device(b.kept!.deviceId)).toBe(false);
    await api.db.query("UPDATE payment_promises SET status = 'kept', resolved_at = $2 WHERE loan_id = $1 AND status = 'open'", [
      b.kept!.loanId,
      TEST_NOW,
    ]);
    expect(await endPromiseUnlocks(api, api.clock.now())).toEqual({ ended: 0, relocked: 0 });
    expect(await device(b.kept!.deviceId)).toBe(false);
  });

  it('a broken promise locks the device again, once, whatever the number of sweeps', async () => {
    api.clock.set(new Date(TEST_NOW.getTime() + 3 * DAY_MS)); // the day after the promise
    try {
      expect(await breakOverduePromises(api, api.clock.now())).toBeGreaterThanOrEqual(1);
      // Two copies of the server sweeping at once end each grant once.
      const sweeps = await Promise.all([endPromiseUnlocks(api, api.clock.now()), endPromiseUnlocks(api, api.clock.now())]);
      expect(sweeps.reduce((n, s) => n + s.ended, 0)).toBe(2);
      expect(sweeps.reduce((n, s) => n + s.relocked, 0)).toBe(2);
      expect(await device(b.locked!.deviceId)).toBe(true);
      expect((await commands(b.locked!.deviceId)).map((c) => c.command)).toEqual(['unlock', 'lock']);
      const ended = (await api.auditRows('promise_unlock.ended')).map((r: any) => [r.entity_id, r.after.reason, r.after.is_locked]);
      expect(ended.sort()).toEqual(
        [
          [String(b.locked!.loanId), 'broken', true],
          [String(b.kept!.loanId), 'kept', true],
        ].sort(),
      );
      // A new day, a new login (tokens last 8 hours).
      expect((await worklist(b.locked!.loanId, await api.tokenFor('collector'))).unlock).toBeNull();
      // The ageing run after the sweep does not unlock it again.
      await ageLoans(api, api.clock.now());
      expect(await device(b.locked!.deviceId)).toBe(true);
      expect(await endPromiseUnlocks(api, api.clock.now())).toEqual({ ended: 0, relocked: 0 });
    } finally {
      api.clock.set(TEST_NOW);
    }
  });
});
