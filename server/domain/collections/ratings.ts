import type { z } from 'zod';
import type { CallRatingRow, callRatingsList, callRatingsRequest } from '../../../src/contract/collections';
import type { Deps } from '../../deps';
import { addDays, eatDay, eatDayStart } from '../calendar';
import { iso, type Row } from '../shared';

/**
 * Call ratings (issue 14, decision 020): customer-care ratings (call_ratings) and debt-collection ratings
 * (debt_collection_call_ratings) in one list, newest first, in a period of EAT days (default the last 30), by kind,
 * mood, description and staff member, paged on the server. Each side reads its created_at index for the period.
 */
export async function callRatings(deps: Deps, body: z.output<typeof callRatingsRequest>): Promise<z.infer<typeof callRatingsList>> {
  const to = body.to ?? eatDay(deps.clock.now());
  const from = body.from ?? addDays(to, -29);
  const params: unknown[] = [eatDayStart(from), eatDayStart(addDays(to, 1))];
  const care = ['r.created_at >= $1', 'r.created_at < $2'];
  const collection = ['g.created_at >= $1', 'g.created_at < $2'];
  const both = (sql: (alias: string) => string, value: unknown) => {
    params.push(value);
    care.push(sql('r').replace('?', `$${params.length}`));
    collection.push(sql('g').replace('?', `$${params.length}`));
  };
  if (body.mood !== undefined) both((a) => `${a}.mood = ?`, body.mood);
  if (body.rated_by !== undefined) both((a) => `${a}.rated_by = ?`, body.rated_by);
  if (body.description !== undefined) {
    // Only customer-care calls have a description; its parameter is bound only when that side is read.
    if (body.kind !== 'debt_collection') {
      params.push(body.description);
      care.push(`r.description = $${params.length}`);
    }
    collection.push('false');
  }
  const parts: string[] = [];
  if (body.kind !== 'debt_collection') {
    parts.push(`SELECT 'customer_care' AS kind, r.id, r.created_at, r.call_type, r.mood, r.description, NULL::int AS score, r.comment,
                       r.rated_by, r.customer_id
                  FROM call_ratings r WHERE ${care.join(' AND ')}`);
  }
  if (body.kind !== 'customer_care') {
    parts.push(`SELECT 'debt_collection' AS kind, g.id, g.created_at, k.call_type, g.mood, NULL::text AS description, g.score, g.comment,
                       g.rated_by, k.customer_id
                  FROM debt_collection_call_ratings g JOIN debt_collection_calls k ON k.id = g.call_id WHERE ${collection.join(' AND ')}`);
  }
  const union = parts.join(' UNION ALL ');
  const [{ total }] = (await deps.db.query<{ total: number }>(`SELECT count(*)::int AS total FROM (${union}) u`, params)) as [
    { total: number },
  ];
  const rows = await deps.db.query<Row>(
    `SELECT u.*, a.full_name, c.msisdn, c.first_name || ' ' || c.other_names AS customer_name
       FROM (${union}) u JOIN admins a ON a.id = u.rated_by JOIN customers c ON c.id = u.customer_id
      ORDER BY u.created_at DESC, u.kind, u.id DESC LIMIT ${body.limit} OFFSET ${body.skip}`,
    params,
  );
  const data: CallRatingRow[] = rows.map((r) => ({
    id: `${r.kind}:${r.id}`,
    kind: r.kind,
    at: iso(r.created_at)!,
    call_type: r.call_type,
    mood: r.mood,
    description: r.description ?? null,
    score: r.score === null || r.score === undefined ? null : Number(r.score),
    comment: r.comment ?? null,
    staff: { id: Number(r.rated_by), name: String(r.full_name) },
    customer: { id: Number(r.customer_id), msisdn: String(r.msisdn), name: String(r.customer_name) },
  }));
  return { from, to, total, limit: body.limit, skip: body.skip, data };
}
