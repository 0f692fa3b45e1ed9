import type { Queryable } from '../../server/db/port';

/**
 * The rows where a table of kept rows (decisions 059, 090) and its live view differ, each marked with the side it is
 * on: none when the kept rows are exactly what the view reads now.
 */
export const keptRowsDrift = (db: Queryable, kept: string, live: string) =>
  db.query(
    `(SELECT 'kept but not live' AS drift, * FROM ${kept} EXCEPT SELECT 'kept but not live', * FROM ${live})
     UNION ALL
     (SELECT 'live but not kept', * FROM ${live} EXCEPT SELECT 'live but not kept', * FROM ${kept})`,
  );

/**
 * The devices whose kept incident (migration 048) is not the one the device lists show, read live: the newest incident
 * of the kind a listed status names, and none for a device not listed. Written from the lists' rule, not with the
 * migration's own function.
 */
export const STATUS_INCIDENT_DRIFT = `SELECT d.id, d.status, d.status_incident_id
   FROM devices d
  WHERE d.status_incident_id IS DISTINCT FROM
        CASE WHEN d.status IN ('stolen', 'lost', 'damaged') THEN
          (SELECT x.id FROM device_incidents x WHERE x.device_id = d.id AND x.kind = d.status
            ORDER BY x.occurred_on DESC, x.created_at DESC, x.id DESC LIMIT 1) END`;
