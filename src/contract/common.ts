import { z } from 'zod';

// The portal's Content-Security-Policy forbids eval. Zod 4 compiles object parsers with `new Function` unless told
// not to, and its probe for that is a CSP violation on every page load: parse without it, on both sides alike.
z.config({ jitless: true });

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
  return z.object({
    total: z.number().int(),
    /** True when `total` is the database's estimate (a list of a whole large table), not an exact count. */
    total_estimated: z.literal(true).optional(),
    limit: z.number().int(),
    skip: z.number().int(),
    data: z.array(item),
  });
}

export const idParam = z.object({ id: z.coerce.number().int().positive('must be a positive id') });

export const isoDateTime = z.string();

// ---------------------------------------------------------------------------------------------------------------
// What PostgreSQL can store. Every string and date a request carries is parsed with these, so input the database
// would refuse (and the server would answer with a 500) is a 400 naming the field, for every route at once.

/** Text that PostgreSQL can store: no NUL character (refused in text and jsonb) and no unpaired UTF-16 surrogate (not UTF-8). */
export function isStorableText(value: string): boolean {
  if (value.includes('\u0000')) return false;
  // String.prototype.isWellFormed (Node 20) is missing from the ES2023 lib this project compiles against.
  return (value as string & { isWellFormed(): boolean }).isWellFormed();
}

export const STORABLE_TEXT_MESSAGE = 'must not contain NUL characters or unpaired surrogates';

/** A request string: refuses what the database cannot store. Chain .trim(), .min(), .max() and .regex() as on z.string(). */
export const text = (params?: Parameters<typeof z.string>[0]) => z.string(params).refine(isStorableText, STORABLE_TEXT_MESSAGE);

/**
 * The years a request's date may name. PostgreSQL stores 4713 BC to 294276 AD, JavaScript's Date about
 * 271821 BC to 275760 AD, and a 4-digit ISO year stops at 9999; nothing in a phone-loan business happened before
 * 1900, and a day before year 1 (year 0 does not exist in PostgreSQL) or past 9999 is a typing error, so both
 * ends are refused as bad input rather than reaching the database.
 */
export const DATE_RANGE = { minYear: 1900, maxYear: 9999 } as const;
const DATE_RANGE_MESSAGE = `must be between the years ${DATE_RANGE.minYear} and ${DATE_RANGE.maxYear}`;

function inDateRange(instant: Date): boolean {
  const year = instant.getUTCFullYear();
  return !Number.isNaN(instant.getTime()) && year >= DATE_RANGE.minYear && year <= DATE_RANGE.maxYear;
}

/** A calendar day, YYYY-MM-DD, that exists (no 31 February) and lies in DATE_RANGE. */
export const isoDay = (message = 'valid date required (YYYY-MM-DD)') =>
  z
    .string({ error: message })
    .regex(/^\d{4}-\d{2}-\d{2}$/, message)
    .refine((day) => {
      const at = new Date(`${day}T00:00:00Z`);
      return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === day;
    }, message)
    .refine((day) => inDateRange(new Date(`${day}T00:00:00Z`)), DATE_RANGE_MESSAGE);

/**
 * An instant in ISO 8601 with its offset (2026-03-01T10:00:00Z, 2026-03-01T13:00:00+03:00) in DATE_RANGE (in UTC,
 * so 1900-01-01T01:00:00+03:00 is refused: it is 1899 in UTC).
 */
export const isoInstant = (message = 'must be an ISO date and time') =>
  z.iso.datetime({ offset: true, error: message }).refine((value) => inDateRange(new Date(value)), DATE_RANGE_MESSAGE);
