import { z } from 'zod';
import { text } from './common';
import { makerCheckerItem, msisdnField } from './requests';
import { STORE_LIMITS } from './stores';

/**
 * Shop owners (issue 12, decision 026): the people who run dealer shops, each optionally a portal user (the Shop
 * owner group) who then sees their own stores. Creating an owner grants nothing; linking an owner to a store grants
 * that owner's user the store's data, so a link is a `shop_owner_link` request of the business maker-checker inbox
 * and takes effect only when a second person approves it.
 */

const id = (what: string) =>
  z
    .number({ error: `valid ${what} required` })
    .int(`valid ${what} required`)
    .positive(`valid ${what} required`);

export const shopOwnerListRequest = z.object({
  /** Part of the owner's name or phone number, or of the name of one of their stores. */
  search: text({ error: 'valid search required' })
    .trim()
    .max(STORE_LIMITS.search, `must be at most ${STORE_LIMITS.search} characters`)
    .optional(),
  limit: z
    .number({ error: 'valid limit required' })
    .int('valid limit required')
    .min(1, 'valid limit required')
    .max(STORE_LIMITS.page, `must be at most ${STORE_LIMITS.page}`)
    .default(25),
  skip: z
    .number({ error: 'valid skip required' })
    .int('valid skip required')
    .min(0, 'valid skip required')
    .max(1_000_000, 'must be at most 1000000')
    .default(0),
});

const storeRef = z.object({ id: z.number().int(), name: z.string() });

export const shopOwner = z.object({
  id: z.number().int(),
  full_name: z.string(),
  msisdn: z.string(),
  /** The portal user the owner logs in as, or null (an owner who does not use the portal). */
  username: z.string().nullable(),
  stores: z.array(storeRef),
  /** Stores whose link to this owner awaits a second person's approval. */
  pending_stores: z.array(storeRef.extend({ request_id: z.number().int() })),
  created_at: z.string(),
});
export type ShopOwner = z.infer<typeof shopOwner>;
export const shopOwnerList = z.object({
  total: z.number().int(),
  limit: z.number().int(),
  skip: z.number().int(),
  data: z.array(shopOwner),
});

export const createShopOwnerRequest = z.object({
  full_name: text({ error: 'valid full name required' })
    .trim()
    .min(2, 'valid full name required')
    .max(STORE_LIMITS.name, `must be at most ${STORE_LIMITS.name} characters`),
  /** The owner's phone number, any Tanzanian form. */
  msisdn: msisdnField,
  /** The portal user the owner logs in as (optional): a user of no other owner. */
  username: text({ error: 'valid username required' }).trim().max(64, 'must be at most 64 characters').optional(),
});
export type CreateShopOwnerRequest = z.input<typeof createShopOwnerRequest>;

export const shopOwnerLinkRequest = z.object({
  shop_owner_id: id('shop owner'),
  /** A dealer shop (a main shop is the business's own and has no owner). */
  store_id: id('store'),
});
export type ShopOwnerLinkRequest = z.input<typeof shopOwnerLinkRequest>;

/** The answer (202): the business request awaiting a second person's approval. */
export const shopOwnerLinkSubmitted = makerCheckerItem.extend({ status: z.literal('submitted') });
