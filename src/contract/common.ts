import { z } from 'zod';

/** Every error the API answers: a message and, for a 400, the fields at fault. */
export const apiError = z.object({
  message: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
  role: z.string().optional(),
  /** A stable, machine-readable name of the refusal, for the client's own words in every language. */
  reason: z.string().optional(),
  /** For reason otp_wrong: how many tries are left. */
  left: z.number().int().optional(),
});
export type ApiError = z.infer<typeof apiError>;

const count = (max: number, fallback: number) =>
  z.coerce.number().int('must be a whole number').min(0, 'must not be negative').max(max, `must be at most ${max}`).default(fallback);

/** The /prerequisites list query: `$limit` (at most 1000) and `$skip`. */
export const listQuery = z.object({ $limit: count(1000, 50), $skip: count(1_000_000, 0) });

/** The /prerequisites list envelope: `{ total, limit, skip, data }`. */
export function listOf<T extends z.ZodType>(item: T) {
  return z.object({ total: z.number().int(), limit: z.number().int(), skip: z.number().int(), data: z.array(item) });
}

export const idParam = z.object({ id: z.coerce.number().int().positive('must be a positive id') });

export const isoDateTime = z.string();
