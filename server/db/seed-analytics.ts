import type { Queryable } from './port';
import { refreshAnalyticsIn } from '../domain/analytics/refresh';

/**
 * Analytics demo data (issue 15): the business seed spreads late loans evenly over agents, so every agent looks
 * alike. Here two agents of the busiest stores become poor sellers (most of their store's loans more than 30 days
 * late are theirs, and few of its good ones), then today's snapshot and the cohorts are built from the loans and
 * payments (the daily history follows at the server's first ageing run), so /bi shows something meaningful at once.
 * Deterministic: the same business seed gives the same result.
 */
export async function seedAnalytics(tx: Queryable, options: { now: Date }): Promise<void> {
  // The busiest store of the shop owner who logs in (the demo "shopowner") and the busiest main shop, and in each
  // the active agent with the most loans who does not log in.
  const poor = await tx.query<{ store_id: number; agent_id: number }>(
    `WITH busiest AS (
       (SELECT l.store_id FROM loans l JOIN stores s ON s.id = l.store_id JOIN shop_owners o ON o.id = s.shop_owner_id
         WHERE o.admin_id IS NOT NULL GROUP BY l.store_id ORDER BY count(*) DESC, l.store_id LIMIT 1)
       UNION
       (SELECT l.store_id FROM loans l JOIN stores s ON s.id = l.store_id
         WHERE s.store_type = 'main_shop' GROUP BY l.store_id ORDER BY count(*) DESC, l.store_id LIMIT 1))
     SELECT DISTINCT ON (b.store_id) b.store_id, g.id AS agent_id
       FROM busiest b JOIN agents g ON g.store_id = b.store_id AND g.status = 'active' AND g.admin_id IS NULL
      ORDER BY b.store_id, (SELECT count(*) FROM loans l WHERE l.agent_id = g.id) DESC, g.id`,
  );
  for (const p of poor) {
    // Most of the store's seriously late loans were sold by the poor agent ...
    await tx.query(`UPDATE loans SET agent_id = $2 WHERE store_id = $1 AND status = 'active' AND days_defaulted > 30 AND id % 5 <> 0`, [
      p.store_id,
      p.agent_id,
    ]);
    // ... and most of their good ones go to the store's other agents.
    await tx.query(
      `UPDATE loans l SET agent_id = (SELECT g.id FROM agents g WHERE g.store_id = l.store_id AND g.id <> $2 AND g.status = 'active'
                                       ORDER BY (g.id + l.id) % 7, g.id LIMIT 1)
        WHERE l.store_id = $1 AND l.agent_id = $2 AND (l.status <> 'active' OR l.days_defaulted = 0) AND l.id % 4 <> 0
          AND EXISTS (SELECT 1 FROM agents g WHERE g.store_id = l.store_id AND g.id <> $2 AND g.status = 'active')`,
      [p.store_id, p.agent_id],
    );
  }
  // Today's snapshot and the cohorts now; the months of daily history are rebuilt by the ageing run at start-up (it
  // fills the missing days of the last 120 from the loans and payments), so the demo server starts listening sooner.
  await refreshAnalyticsIn(tx, options.now, { history: false });
}
