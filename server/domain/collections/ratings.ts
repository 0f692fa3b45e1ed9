import type { z } from 'zod';
import type { CallRatingRow, callRatingsList, callRatingsRequest } from '../../../src/contract/collections';
import type { Deps } from '../../deps';
import { joinByKey, pageInOrder } from '../../db/page';
import { addDays, eatDay } from '../calendar';
import { periodSql } from './deposit-days';
import { NAMES_VERSION, namesFor } from '../names';
import { isoOfUtc, utcSql, type Row } from '../shared';

/**
 * Call ratings (issue 14, decision 020): customer-care ratings (call_ratings) and debt-collection ratings
 * (debt_collection_call_ratings) in one list, newest first, in a period of EAT days (default the last 30), by kind,
 * mood, description and staff member, paged on the server. A page takes the first skip + limit ratings of each kind
 * along its created_at index and merges them; only the page's rows are joined to their call, staff member and
 * customer. The total is summed from `call_rating_days` (migration 030, kept by triggers: exact), or counted by the
 * staff member's index when the list is theirs (decision 039).
 */
export async function callRatings(deps: Deps, body: z.output<typeof callRatingsRequest>): Promise<z.infer<typeof callRatingsList>> {
  const to = body.to ?? eatDay(deps.clock.now());
  const from = body.from ?? addDays(to, -29);
  // Every value is written in as a literal: checked days, the contract's enums and a whole number (the staff
  // member), so the statement has no parameters and is planned once per connection (decision 031).
  const care = [periodSql('r.created_at', from, to)];
  const collection = [periodSql('g.created_at', from, to)];
  if (body.mood !== undefined) {
    care.push(`r.mood = '${body.mood}'`);
    collection.push(`g.mood = '${body.mood}'`);
  }
  if (body.rated_by !== undefined) {
    care.push(`r.rated_by = ${Number(body.rated_by)}`);
    collection.push(`g.rated_by = ${Number(body.rated_by)}`);
  }
  const withCare = body.kind !== 'debt_collection';
  // Only customer-care calls have a description: asking for one leaves the collection ratings out.
  const withCollection = body.kind !== 'customer_care' && body.description === undefined;
  if (body.description !== undefined && withCare) care.push(`r.description = '${body.description}'`);
  const firstOf = body.skip + body.limit;
  const parts: string[] = [];
  if (withCare) {
    parts.push(`(SELECT 'customer_care' AS kind, r.id, r.created_at, r.call_type, r.mood, r.description, NULL::int AS score, r.comment,
                        r.rated_by, r.customer_id, NULL::bigint AS call_id
                   FROM call_ratings r WHERE ${care.join(' AND ')} ORDER BY r.created_at DESC, r.id DESC LIMIT ${firstOf})`);
  }
  if (withCollection) {
    parts.push(`(SELECT 'debt_collection' AS kind, g.id, g.created_at, NULL::text AS call_type, g.mood, NULL::text AS description, g.score,
                        g.comment, g.rated_by, NULL::bigint AS customer_id, g.call_id
                   FROM debt_collection_call_ratings g WHERE ${collection.join(' AND ')} ORDER BY g.created_at DESC, g.id DESC LIMIT ${firstOf})`);
  }
  if (!parts.length) return { from, to, total: 0, limit: body.limit, skip: body.skip, data: [] };
  // The total and the page in one round trip, in the page's own order (decision 092).
  const { rows, total } = await pageInOrder<Row>(
    deps.db,
    {
      total: totalSql(body, { from, to, withCare, withCollection, care, collection }),
      columns: `u.kind, u.id, ${utcSql('u.created_at')} AS at, coalesce(u.call_type, k.call_type) AS call_type, u.mood, u.description,
                u.score, u.comment, u.rated_by, c.id AS customer_id, c.msisdn, c.first_name || ' ' || c.other_names AS customer_name,
                ${NAMES_VERSION}`,
      from: `(SELECT * FROM (${parts.join(' UNION ALL ')}) b ORDER BY b.created_at DESC, b.kind, b.id DESC LIMIT ${body.limit} OFFSET ${body.skip}) u
             ${joinByKey('debt_collection_calls', 'k', 'k.id = u.call_id')}
             JOIN customers c ON c.id = coalesce(u.customer_id, k.customer_id)`,
      order: 'u.created_at DESC, u.kind, u.id DESC',
    },
    [],
  );
  // The staff member's name is the copy's kept one (decision 057).
  const names = await namesFor(deps.db, rows);
  const data: CallRatingRow[] = rows.map((r) => ({
    id: `${r.kind}:${r.id}`,
    kind: r.kind,
    at: isoOfUtc(r.at)!,
    call_type: r.call_type,
    mood: r.mood,
    description: r.description ?? null,
    score: r.score === null || r.score === undefined ? null : Number(r.score),
    comment: r.comment ?? null,
    staff: { id: Number(r.rated_by), name: names.admin(Number(r.rated_by)).name },
    customer: { id: Number(r.customer_id), msisdn: String(r.msisdn), name: String(r.customer_name) },
  }));
  return { from, to, total: total ?? 0, limit: body.limit, skip: body.skip, data };
}

/** The total as a scalar subquery. Every staff member's: the day rows' sum. One staff member's: their ratings counted along their index. */
function totalSql(
  body: z.output<typeof callRatingsRequest>,
  q: { from: string; to: string; withCare: boolean; withCollection: boolean; care: string[]; collection: string[] },
): string {
  if (body.rated_by !== undefined) {
    const counts: string[] = [];
    if (q.withCare) counts.push(`(SELECT count(*) FROM call_ratings r WHERE ${q.care.join(' AND ')})`);
    if (q.withCollection) counts.push(`(SELECT count(*) FROM debt_collection_call_ratings g WHERE ${q.collection.join(' AND ')})`);
    return `(${counts.join(' + ')})::int`;
  }
  const where = [`day BETWEEN '${q.from}'::date AND '${q.to}'::date`];
  if (!q.withCare) where.push("kind = 'debt_collection'");
  if (!q.withCollection) where.push("kind = 'customer_care'");
  if (body.mood !== undefined) where.push(`mood = '${body.mood}'`);
  if (body.description !== undefined) where.push(`description = '${body.description}'`);
  // With no mood or description, the rows per day and kind (migration 049): 60 for 30 days, where call_rating_days has
  // a row per mood and description too (1,350 at a million customers, read whole).
  const days = body.mood === undefined && body.description === undefined ? 'call_rating_day_kinds' : 'call_rating_days';
  return `(SELECT coalesce(sum(ratings), 0)::int FROM ${days} WHERE ${where.join(' AND ')})`;
}
