import type { z } from 'zod';
import type {
  DebtCall,
  DebtCalls,
  assignDefaultersRequest,
  debtCallCommentRequest,
  debtCallRatingRequest,
  debtCallsRequest,
  logDebtCallRequest,
} from '../../../src/contract/collections';
import type { Caller, Deps } from '../../deps';
import type { Queryable } from '../../db/port';
import { audit } from '../../audit';
import { badRequest } from '../../errors';
import { addDays, eatDay } from '../calendar';
import { iso, isoDay, refuse, type Row } from '../shared';
import { namesFor } from '../names';
import { unlockOf } from './unlock-state';
import { DEFAULTER_COLUMNS, DEFAULTER_FROM, defaulterRow, notBefore, scopeOf, scopeSql } from './shared';

/**
 * A defaulter's collection calls (decision 015): who may work a loan, logging a call (with its promise to pay),
 * comments, ratings, and assigning defaulters to collectors. Every change is one transaction with its audit row.
 */

const NPL_DAYS = 31;
/** How far ahead a promise to pay may be. */
const PROMISE_MAX_DAYS = 90;

const notFound = () => refuse(404, 'not_found', 'No such loan');
const LIST_ROLES = ['VIEW_MY_DEFAULTERS_LIST_REPORT', 'VIEW_NPL_DEFAULTERS_LIST_REPORT', 'VIEW_ALL_DEFAULTERS_LIST_REPORT'];

/** The loan as a defaulter row, or null. */
async function loanRow(db: Queryable, loanId: number): Promise<Row | undefined> {
  const [row] = await db.query<Row>(`SELECT ${DEFAULTER_COLUMNS}, l.status ${DEFAULTER_FROM} WHERE l.id = $1`, [loanId]);
  return row;
}

/**
 * May the caller work this loan: it is in one of the defaulters lists they may see. VIEW_ALL: in their scope.
 * VIEW_NPL: non-performing and in their scope. VIEW_MY: assigned to them, or sold at a store they own.
 */
async function mayWork(db: Queryable, caller: Caller, row: Row): Promise<boolean> {
  const roles = caller.roles;
  const inScope = async () => {
    const params: unknown[] = [row.id];
    const sql = scopeSql(await scopeOf(db, caller), params);
    const [hit] = await db.query(`SELECT 1 FROM loans l WHERE l.id = $1 AND ${sql}`, params);
    return Boolean(hit);
  };
  if (roles.includes('VIEW_MY_DEFAULTERS_LIST_REPORT')) {
    if (Number(row.collector_id) === caller.adminId) return true;
    const [owned] = await db.query(
      'SELECT 1 FROM stores s JOIN shop_owners o ON o.id = s.shop_owner_id WHERE s.id = $1 AND o.admin_id = $2',
      [row.store_id, caller.adminId],
    );
    if (owned) return true;
  }
  if (roles.includes('VIEW_ALL_DEFAULTERS_LIST_REPORT') && (await inScope())) return true;
  if (roles.includes('VIEW_NPL_DEFAULTERS_LIST_REPORT') && Number(row.days_defaulted) >= NPL_DAYS && (await inScope())) return true;
  return false;
}

/**
 * The loan if the caller may work it. Without any defaulters list role: 403. A loan in none of the caller's lists
 * is answered as one that does not exist (404): a collector learns nothing of loans that are not theirs.
 */
export async function workableLoan(db: Queryable, caller: Caller, loanId: number): Promise<Row> {
  if (!LIST_ROLES.some((role) => caller.roles.includes(role))) {
    throw refuse(403, 'not_yours', 'Needs a defaulters list role');
  }
  const row = await loanRow(db, loanId);
  if (!row || !(await mayWork(db, caller, row))) throw notFound();
  return row;
}

/** The calls of a loan (or one call), newest first, with their promise, comments and ratings. */
async function callsOf(db: Queryable, where: { loanId: number } | { callId: number }): Promise<DebtCall[]> {
  const byLoan = 'loanId' in where;
  const calls = await db.query<Row>(
    `SELECT k.*, ${isoDay('k.next_action_date')} AS next_action_day, a.full_name AS by_name,
            p.id AS promise_id, ${isoDay('p.promised_on')} AS promised_on, p.amount AS promise_amount, p.paid_since, p.status AS promise_status
       FROM debt_collection_calls k
       JOIN admins a ON a.id = k.called_by
       LEFT JOIN payment_promises p ON p.call_id = k.id
      WHERE ${byLoan ? 'k.loan_id' : 'k.id'} = $1
      ORDER BY k.created_at DESC, k.id DESC LIMIT 200`,
    [byLoan ? where.loanId : where.callId],
  );
  if (!calls.length) return [];
  const ids = calls.map((c) => Number(c.id));
  const comments = await db.query<Row>(
    `SELECT m.id, m.call_id, m.comment, m.created_at, a.full_name FROM debt_collection_call_comments m JOIN admins a ON a.id = m.commented_by
      WHERE m.call_id = ANY($1::bigint[]) ORDER BY m.created_at, m.id`,
    [ids],
  );
  const ratings = await db.query<Row>(
    `SELECT g.id, g.call_id, g.score, g.mood, g.comment, g.created_at, a.full_name FROM debt_collection_call_ratings g JOIN admins a ON a.id = g.rated_by
      WHERE g.call_id = ANY($1::bigint[]) ORDER BY g.created_at, g.id`,
    [ids],
  );
  return calls.map((k) => ({
    id: Number(k.id),
    loan_id: Number(k.loan_id),
    call_type: k.call_type,
    outcome: k.outcome,
    reason: k.reason ?? null,
    remark: k.remark ?? null,
    next_action_date: k.next_action_day ?? null,
    days_defaulted: Number(k.days_defaulted),
    amount_due: Number(k.amount_due),
    by: String(k.by_name),
    at: iso(k.created_at)!,
    promise: k.promise_id
      ? {
          id: Number(k.promise_id),
          promised_on: String(k.promised_on),
          amount: Number(k.promise_amount),
          paid_since: Number(k.paid_since),
          status: k.promise_status,
        }
      : null,
    comments: comments
      .filter((m) => Number(m.call_id) === Number(k.id))
      .map((m) => ({ id: Number(m.id), comment: String(m.comment), by: String(m.full_name), at: iso(m.created_at)! })),
    ratings: ratings
      .filter((g) => Number(g.call_id) === Number(k.id))
      .map((g) => ({
        id: Number(g.id),
        score: Number(g.score),
        mood: g.mood,
        comment: g.comment ?? null,
        by: String(g.full_name),
        at: iso(g.created_at)!,
      })),
  }));
}

export async function debtCollectionCalls(deps: Deps, caller: Caller, body: z.output<typeof debtCallsRequest>): Promise<DebtCalls> {
  const row = await workableLoan(deps.db, caller, body.loan_id);
  return {
    loan: defaulterRow(row, await namesFor(deps.db, [row])),
    calls: await callsOf(deps.db, { loanId: body.loan_id }),
    unlock: await unlockOf(deps.db, body.loan_id, deps.clock.now()),
  };
}

export async function logDebtCall(deps: Deps, caller: Caller, body: z.output<typeof logDebtCallRequest>): Promise<DebtCall> {
  const now = deps.clock.now();
  const today = eatDay(now);
  notBefore('next_action_date', body.next_action_date, today);
  if (body.promise) {
    notBefore('promise.promised_on', body.promise.promised_on, today);
    if (body.promise.promised_on > addDays(today, PROMISE_MAX_DAYS)) {
      throw badRequest('promise.promised_on', `must be within ${PROMISE_MAX_DAYS} days`);
    }
  }
  const callId = await deps.db.transaction(async (tx) => {
    const row = await workableLoan(tx, caller, body.loan_id);
    const [loan] = (await tx.query<Row>(
      'SELECT id, customer_id, status, days_defaulted, amount_due, amount_paid FROM loans WHERE id = $1 FOR UPDATE',
      [row.id],
    )) as [Row];
    if (loan.status !== 'active' || Number(loan.days_defaulted) === 0) {
      throw refuse(409, 'not_defaulted', 'The loan is not in default');
    }
    // Without a next action date, a promise is followed up the day after it falls due.
    const nextAction = body.next_action_date ?? (body.promise ? addDays(body.promise.promised_on, 1) : null);
    const [call] = (await tx.query<{ id: number }>(
      `INSERT INTO debt_collection_calls (loan_id, customer_id, call_type, outcome, reason, remark, next_action_date, days_defaulted,
                                          amount_due, called_by, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id`,
      [
        loan.id,
        loan.customer_id,
        body.call_type,
        body.outcome,
        body.reason ?? null,
        body.remark || null,
        nextAction,
        Number(loan.days_defaulted),
        Number(loan.amount_due),
        caller.adminId,
        now,
      ],
    )) as [{ id: number }];
    let superseded: number[] = [];
    if (body.promise) {
      superseded = (
        await tx.query<{ id: number }>(
          "UPDATE payment_promises SET status = 'superseded', resolved_at = $2 WHERE loan_id = $1 AND status = 'open' RETURNING id",
          [loan.id, now],
        )
      ).map((p) => Number(p.id));
      await tx.query(
        `INSERT INTO payment_promises (loan_id, call_id, promised_on, amount, paid_before, created_by, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [loan.id, call.id, body.promise.promised_on, body.promise.amount, Number(loan.amount_paid), caller.adminId, now],
      );
    }
    // A call answers a broken promise: the customer leaves the top of the list.
    await tx.query(
      `INSERT INTO collection_cases (loan_id, last_call_id, last_call_at, last_outcome, last_reason, next_action_date, broken_promise_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, NULL, $3)
       ON CONFLICT (loan_id) DO UPDATE SET last_call_id = $2, last_call_at = $3, last_outcome = $4, last_reason = $5,
         next_action_date = $6, broken_promise_at = NULL, updated_at = $3`,
      [loan.id, call.id, now, body.outcome, body.reason ?? null, nextAction],
    );
    await audit(tx, {
      actorId: caller.adminId,
      action: 'collection.call_logged',
      entity: 'loan',
      entityId: loan.id,
      after: {
        call_id: call.id,
        call_type: body.call_type,
        outcome: body.outcome,
        reason: body.reason ?? null,
        next_action_date: nextAction,
        promise: body.promise ?? null,
        superseded_promises: superseded,
      },
      at: now,
    });
    return Number(call.id);
  });
  return (await callsOf(deps.db, { callId }))[0]!;
}

async function workableCall(db: Queryable, caller: Caller, callId: number): Promise<number> {
  if (!LIST_ROLES.some((role) => caller.roles.includes(role))) {
    throw refuse(403, 'not_yours', 'Needs a defaulters list role');
  }
  const [call] = await db.query<{ loan_id: number }>('SELECT loan_id FROM debt_collection_calls WHERE id = $1', [callId]);
  if (!call) throw refuse(404, 'not_found', 'No such call');
  await workableLoan(db, caller, Number(call.loan_id));
  return Number(call.loan_id);
}

export async function commentOnCall(deps: Deps, caller: Caller, body: z.output<typeof debtCallCommentRequest>): Promise<DebtCall> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const loanId = await workableCall(tx, caller, body.call_id);
    const [m] = (await tx.query<{ id: number }>(
      'INSERT INTO debt_collection_call_comments (call_id, comment, commented_by, created_at) VALUES ($1, $2, $3, $4) RETURNING id',
      [body.call_id, body.comment, caller.adminId, now],
    )) as [{ id: number }];
    await audit(tx, {
      actorId: caller.adminId,
      action: 'collection.call_commented',
      entity: 'loan',
      entityId: loanId,
      after: { call_id: body.call_id, comment_id: m.id, comment: body.comment },
      at: now,
    });
  });
  return (await callsOf(deps.db, { callId: body.call_id }))[0]!;
}

export async function rateCall(deps: Deps, caller: Caller, body: z.output<typeof debtCallRatingRequest>): Promise<DebtCall> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const loanId = await workableCall(tx, caller, body.call_id);
    const [g] = (await tx.query<{ id: number }>(
      'INSERT INTO debt_collection_call_ratings (call_id, score, mood, comment, rated_by, created_at) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id',
      [body.call_id, body.score, body.mood, body.comment || null, caller.adminId, now],
    )) as [{ id: number }];
    await audit(tx, {
      actorId: caller.adminId,
      action: 'collection.call_rated',
      entity: 'loan',
      entityId: loanId,
      after: { call_id: body.call_id, rating_id: g.id, score: body.score, mood: body.mood },
      at: now,
    });
  });
  return (await callsOf(deps.db, { callId: body.call_id }))[0]!;
}

// ---------------------------------------------------------------------------------------------------------------
// Assigning

const COLLECTOR_ROLE = 'VIEW_MY_DEFAULTERS_LIST_REPORT';

export async function debtCollectors(deps: Deps) {
  const rows = await deps.db.query<Row>(
    `SELECT a.id, a.full_name, a.username,
            (SELECT count(*)::int FROM collection_cases k JOIN loans l ON l.id = k.loan_id
              WHERE k.collector_id = a.id AND l.status = 'active' AND l.days_defaulted > 0) AS assigned
       FROM admins a JOIN admin_group_roles g ON g.group_id = a.group_id AND g.admin_role = $1
      WHERE NOT a.disabled ORDER BY a.full_name, a.id`,
    [COLLECTOR_ROLE],
  );
  return {
    data: rows.map((r) => ({ id: Number(r.id), name: String(r.full_name), username: String(r.username), assigned: Number(r.assigned) })),
  };
}

export async function assignDefaulters(deps: Deps, caller: Caller, body: z.output<typeof assignDefaultersRequest>) {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    if (body.collector_id !== null) {
      const [collector] = await tx.query(
        `SELECT 1 FROM admins a JOIN admin_group_roles g ON g.group_id = a.group_id AND g.admin_role = $2 WHERE a.id = $1 AND NOT a.disabled`,
        [body.collector_id, COLLECTOR_ROLE],
      );
      if (!collector) throw refuse(409, 'not_a_collector', 'This user cannot hold a defaulters list');
    }
    const params: unknown[] = [body.loan_ids];
    const scope = scopeSql(await scopeOf(tx, caller), params);
    const loans = await tx.query<Row>(
      `SELECT l.id, l.status, l.days_defaulted, k.collector_id FROM loans l LEFT JOIN collection_cases k ON k.loan_id = l.id
        WHERE l.id = ANY($1::bigint[]) AND ${scope} ORDER BY l.id FOR UPDATE OF l`,
      params,
    );
    if (loans.length !== body.loan_ids.length) throw notFound();
    const idle = loans.find((l) => l.status !== 'active' || Number(l.days_defaulted) === 0);
    if (idle) throw refuse(409, 'not_defaulted', `Loan ${idle.id} is not in default`);
    for (const loan of loans) {
      await tx.query(
        `INSERT INTO collection_cases (loan_id, collector_id, assigned_by, assigned_at, updated_at) VALUES ($1, $2, $3, $4, $4)
         ON CONFLICT (loan_id) DO UPDATE SET collector_id = $2, assigned_by = $3, assigned_at = $4, updated_at = $4`,
        [loan.id, body.collector_id, body.collector_id === null ? null : caller.adminId, body.collector_id === null ? null : now],
      );
      await audit(tx, {
        actorId: caller.adminId,
        action: body.collector_id === null ? 'collection.unassigned' : 'collection.assigned',
        entity: 'loan',
        entityId: loan.id,
        before: { collector_id: loan.collector_id === null || loan.collector_id === undefined ? null : Number(loan.collector_id) },
        after: { collector_id: body.collector_id },
        at: now,
      });
    }
    return { assigned: loans.length, collector_id: body.collector_id };
  });
}
