import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fixedClock } from '../../server/clock';
import { createApp } from '../../server/app';
import { DEMO_JWT_SECRET } from '../../server/config';
import { createSimulators, type Simulators } from '../../server/adapters/simulators';
import { ageLoans, deliverLockCommands, retryDelayMs } from '../../server/domain/device-locking';
import type { Db } from '../../server/db/port';
import type { Deps } from '../../server/deps';
import { TEST_NOW, testDb } from '../support/api';
import { businessFixtures, type BusinessFixtures } from '../support/business-fixtures';

/**
 * Issue 11 item 7: every outcome of a lock command's delivery (sent, failed and to be tried again, overtaken by a
 * newer command) is written with its audit row, in the transaction that records it, so the audit shows when a
 * handset's lock went out, or why not.
 */
let db: Db;
let clock: ReturnType<typeof fixedClock>;
let sims: Simulators;
let deps: Deps;
let fx: BusinessFixtures;

/** 09:00 in Dar es Salaam, a week after the fixtures' loans started. */
const ON_DAY = new Date('2026-11-08T06:00:00Z');

beforeAll(async () => {
  db = await testDb();
  clock = fixedClock(TEST_NOW);
  sims = createSimulators(db, clock);
  ({ deps } = createApp({
    db,
    clock,
    adapters: sims.adapters,
    config: { mode: 'demo', jwtSecret: DEMO_JWT_SECRET, tokenTtlMs: 30 * 86_400_000 },
  }));
  fx = await businessFixtures(db);
});
afterAll(() => db.close());
beforeEach(() => clock.set(TEST_NOW));

const commandIds = async (deviceId: number) =>
  (await db.query<{ id: number }>('SELECT id FROM device_lock_commands WHERE device_id = $1 ORDER BY id', [deviceId])).map((r) => r.id);
const auditOf = (ids: number[]) =>
  db.query<any>(
    `SELECT action, entity, entity_id, actor_id, after, at FROM audit_log
      WHERE entity = 'device_lock_command' AND entity_id = ANY($1::text[]) ORDER BY id`,
    [ids.map(String)],
  );

describe('the lock-command worker audits every delivery outcome', () => {
  it('a refused delivery (with the error and the next try), then the delivery that went out', async () => {
    const b = await fx.borrower({ dueInDays: 1 });
    clock.set(ON_DAY);
    await ageLoans(deps, clock.now());
    const [id] = await commandIds(b.deviceId);
    expect(await auditOf([id!])).toEqual([]);

    sims.lockProvider.failNext(1);
    expect(await deliverLockCommands(deps, clock.now())).toMatchObject({ failed: 1 });
    const nextTry = new Date(clock.now().getTime() + retryDelayMs(1));
    expect(await auditOf([id!])).toEqual([
      {
        action: 'device_lock.command_failed',
        entity: 'device_lock_command',
        entity_id: String(id),
        actor_id: null,
        after: {
          device_id: b.deviceId,
          command: 'lock',
          attempt: 1,
          error: expect.stringContaining('unreachable'),
          next_attempt_at: nextTry.toISOString(),
        },
        at: clock.now(),
      },
    ]);

    clock.set(nextTry);
    expect(await deliverLockCommands(deps, clock.now())).toMatchObject({ sent: 1 });
    expect((await auditOf([id!])).map((r) => [r.action, r.after])).toEqual([
      ['device_lock.command_failed', expect.anything()],
      ['device_lock.command_sent', { device_id: b.deviceId, command: 'lock', attempt: 2 }],
    ]);
    // Nothing left to deliver: no further row.
    await deliverLockCommands(deps, clock.now());
    expect(await auditOf([id!])).toHaveLength(2);
  });

  it('a command overtaken before it went out: superseded and audited; the newer one sent and audited', async () => {
    const c = await fx.borrower({ dueInDays: 5 });
    for (const command of ['lock', 'unlock']) {
      await db.query("INSERT INTO device_lock_commands (device_id, command, reason, requested_at) VALUES ($1, $2, 'arrears', $3)", [
        c.deviceId,
        command,
        clock.now(),
      ]);
    }
    const [older, newer] = await commandIds(c.deviceId);
    expect(await deliverLockCommands(deps, clock.now())).toMatchObject({ sent: 1, superseded: 1 });
    expect((await auditOf([older!, newer!])).map((r) => [r.action, r.entity_id, r.after])).toEqual([
      ['device_lock.command_superseded', String(older), { device_id: c.deviceId, command: 'lock' }],
      ['device_lock.command_sent', String(newer), { device_id: c.deviceId, command: 'unlock', attempt: 1 }],
    ]);
  });

  it('a failed recording leaves neither the outcome nor its audit row (one transaction)', async () => {
    const d = await fx.borrower({ dueInDays: 5 });
    await db.query("INSERT INTO device_lock_commands (device_id, command, reason, requested_at) VALUES ($1, 'lock', 'arrears', $2)", [
      d.deviceId,
      clock.now(),
    ]);
    const [id] = await commandIds(d.deviceId);
    // The audit insert fails inside the recording's transaction: the command's status change is rolled back with it.
    const failing: Db = {
      kind: db.kind,
      changes: db.changes,
      query: (sql, params) => db.query(sql, params),
      exec: (sql) => db.exec(sql),
      close: async () => undefined,
      transaction: (work) =>
        db.transaction((tx) =>
          work({
            query: <T>(sql: string, params?: unknown[]) =>
              sql.startsWith('INSERT INTO audit_log') && JSON.stringify(params).includes('command_sent')
                ? Promise.reject(new Error('audit refused'))
                : tx.query<T>(sql, params),
          }),
        ),
    };
    await expect(deliverLockCommands({ ...deps, db: failing }, clock.now())).rejects.toThrow('audit refused');
    const [row] = await db.query<any>('SELECT status, sent_at FROM device_lock_commands WHERE id = $1', [id]);
    expect(row).toMatchObject({ status: 'pending', sent_at: null });
    expect(await auditOf([id!])).toEqual([]);
  });
});
