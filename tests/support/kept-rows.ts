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
