import type { Queryable } from './db/port';

export interface AuditEntry {
  actorId: number | null;
  action: string;
  entity: string;
  entityId: string | number | null;
  before?: unknown;
  after?: unknown;
  at: Date;
}

/** Writes the audit row of a state change; call it inside the change's own transaction. */
export async function audit(tx: Queryable, entry: AuditEntry): Promise<void> {
  await tx.query('INSERT INTO audit_log (actor_id, action, entity, entity_id, before, after, at) VALUES ($1, $2, $3, $4, $5, $6, $7)', [
    entry.actorId,
    entry.action,
    entry.entity,
    entry.entityId === null ? null : String(entry.entityId),
    entry.before === undefined ? null : JSON.stringify(entry.before),
    entry.after === undefined ? null : JSON.stringify(entry.after),
    entry.at,
  ]);
}
