import type { z } from 'zod';
import {
  REQUEST_QUEUES,
  type DecideResponse,
  type DecisionResult,
  type RequestKind,
  type RequestQueue,
  type RequestRefusal,
  type decideRequest,
} from '../../../src/contract/requests';
import type { Role } from '../../../src/contract/roles';
import type { Caller, Deps } from '../../deps';
import { HttpError } from '../../errors';
import { audit } from '../../audit';
import type { Row } from '../shared';
import { type Change, type Payload, refuse } from './record';
import { EFFECTS } from './effects';
import type { Sms } from '../finance/suspense';

// ---------------------------------------------------------------------------------------------------------------
// Deciding

function needRole(caller: Caller, role: Role) {
  if (!caller.roles.includes(role)) throw new HttpError(403, `This needs the ${role} role`, { role });
}

const QUEUE_WORDS: Record<RequestQueue, string> = {
  loan_extension: 'loan extension request',
  loan_deactivation: 'deregistration request',
  imei_change: 'IMEI change request',
  maker_checker: 'business operation request',
  maker_checker_portal: 'portal change request',
};

async function decideOne(
  deps: Deps,
  caller: Caller,
  queue: RequestQueue,
  id: number,
  body: z.output<typeof decideRequest>,
): Promise<DecisionResult> {
  const now = deps.clock.now();
  const status = body.decision === 'approve' ? 'approved' : 'denied';
  const comment = body.comment || null;
  const sms: Sms[] = [];
  const decided = await deps.db.transaction(async (tx) => {
    // The claim: only a submitted request of this queue, never by its maker. Concurrent deciders queue on the row
    // lock this takes; once the first commits, the others' WHERE no longer matches.
    const [request] = await tx.query<Row>(
      `UPDATE requests SET status = $2::text, checker_id = $3, decided_at = $4, decision_comment = $5,
              applied = CASE WHEN $2::text = 'approved' THEN '{}'::jsonb END
        WHERE id = $1 AND kind = ANY($6::text[]) AND status = 'submitted' AND maker_id <> $3
        RETURNING *`,
      [id, status, caller.adminId, now, comment, REQUEST_QUEUES[queue].kinds],
    );
    if (!request) {
      const [found] = await tx.query<Row>('SELECT kind, status, maker_id FROM requests WHERE id = $1', [id]);
      if (!found || !(REQUEST_QUEUES[queue].kinds as readonly string[]).includes(found.kind)) {
        throw refuse(404, 'not_found', `There is no ${QUEUE_WORDS[queue]} ${id}`);
      }
      if (found.status !== 'submitted') throw refuse(409, 'already_decided', `This request has already been decided (${found.status})`);
      throw refuse(403, 'own_request', 'You made this request: someone else must decide it');
    }
    const payload = request.payload as Payload;
    let change: Change = { before: payload.before, after: payload.after };
    if (status === 'approved') {
      change = await EFFECTS[request.kind as RequestKind](tx, { request, params: payload.params, checker: caller, now, sms });
      await tx.query<Row>('UPDATE requests SET applied = $2 WHERE id = $1', [id, JSON.stringify(change)]);
    }
    await audit(tx, {
      actorId: caller.adminId,
      action: `request.${status}`,
      entity: 'request',
      entityId: id,
      before: { kind: request.kind, status: 'submitted', values: change.before },
      after: { kind: request.kind, status, comment, values: status === 'approved' ? change.after : change.before },
      at: now,
    });
    const result: DecisionResult = {
      id,
      outcome: status,
      status: 200,
      message: status === 'approved' ? 'Approved' : 'Denied',
    };
    if (status === 'approved') Object.assign(result, change);
    return result;
  });
  // The SMS gateway is an outside party: after the commit.
  for (const message of sms) await deps.adapters.messages.send({ channel: 'sms', ...message });
  return decided;
}

/**
 * Decides one or several requests of a queue, each in its own transaction. The decision needs the queue's
 * approve or deny role; the maker never decides their own request.
 */
export async function decide(
  deps: Deps,
  caller: Caller,
  queue: RequestQueue,
  body: z.output<typeof decideRequest>,
): Promise<DecideResponse> {
  const rules = REQUEST_QUEUES[queue];
  needRole(caller, body.decision === 'approve' ? rules.approve : rules.deny);
  const results: DecisionResult[] = [];
  for (const id of body.ids) {
    try {
      results.push(await decideOne(deps, caller, queue, id, body));
    } catch (error) {
      // A call about one request answers its refusal; a bulk call reports each and goes on with the next.
      if (body.ids.length === 1) throw error;
      if (error instanceof HttpError) {
        results.push({
          id,
          outcome: 'refused',
          status: error.status,
          reason: error.extra.reason as RequestRefusal,
          message: error.message,
        });
      } else {
        console.error(`deciding request ${id} failed`, error);
        results.push({ id, outcome: 'refused', status: 500, reason: 'server_error', message: 'Something went wrong on the server' });
      }
    }
  }
  const count = (outcome: DecisionResult['outcome']) => results.filter((r) => r.outcome === outcome).length;
  return { results, approved: count('approved'), denied: count('denied'), refused: count('refused') };
}
