import { z } from 'zod';
import { listOf, text } from './common';
import { makerCheckerItem } from './requests';

/**
 * Phone prices (issue 12, decision 019): the price in effect of every model with its history, and proposals of a
 * new price that take effect only when a second person approves them in the business maker-checker inbox.
 * Margin, weekly and monthly payments and the totals are derived from the stored inputs.
 */

const wholeTzs = (what: string) =>
  z
    .number({ error: `valid ${what} required` })
    .int(`valid ${what} required (whole TZS)`)
    .positive(`valid ${what} required (above 0)`)
    .max(100_000_000, 'must be at most 100000000');

export const phonePrice = z.object({
  id: z.number().int(),
  rrp: z.number().int(),
  wholesale_price: z.number().int(),
  margin: z.number().int(),
  credit_multiplier: z.number(),
  deposit: z.number().int(),
  daily_payment: z.number().int(),
  weekly_payment: z.number().int(),
  monthly_payment: z.number().int(),
  installments: z.number().int(),
  total_repayable: z.number().int(),
  twelve_months_payment: z.number().int(),
  effective_from: z.string(),
  effective_to: z.string().nullable(),
});
export type PhonePrice = z.infer<typeof phonePrice>;

export const pricedModel = z.object({
  /** The phone model's id (the list's key). */
  id: z.number().int(),
  phone_model_id: z.number().int(),
  sku: z.string(),
  brand: z.string(),
  name: z.string(),
  price: phonePrice,
  /** A proposed price awaits a second person's approval. */
  pending_update: z.boolean(),
});
export type PricedModel = z.infer<typeof pricedModel>;

export const phonePriceListRequest = z.object({
  /** Part of a model's name, brand or SKU. */
  search: text({ error: 'valid search required' }).trim().max(100, 'must be at most 100 characters').optional(),
  limit: z.number({ error: 'valid limit required' }).int('valid limit required').min(1, 'valid limit required').max(200).default(25),
  skip: z.number({ error: 'valid skip required' }).int('valid skip required').min(0, 'valid skip required').max(1_000_000).default(0),
});
export const phonePriceList = listOf(pricedModel);

const modelId = z.number({ error: 'valid phone model required' }).int('valid phone model required').positive('valid phone model required');
export const phonePriceHistoryRequest = z.object({ phone_model_id: modelId });
export const phonePriceHistory = z.object({ data: z.array(phonePrice) });

export const phonePriceProposal = z.object({
  phone_model_id: modelId,
  rrp: wholeTzs('rrp'),
  wholesale_price: wholeTzs('wholesale_price'),
  credit_multiplier: z
    .number({ error: 'valid credit_multiplier required' })
    .min(1, 'must be at least 1')
    .max(99.99, 'must be at most 99.99'),
  deposit: wholeTzs('deposit'),
  daily_payment: wholeTzs('daily_payment'),
  installments: z
    .number({ error: 'valid installments required' })
    .int('valid installments required')
    .positive('valid installments required')
    .max(3650, 'must be at most 3650'),
  twelve_months_payment: wholeTzs('twelve_months_payment'),
});
export type PhonePriceProposal = z.input<typeof phonePriceProposal>;

/** The answer (202): the business request awaiting a second person's approval. */
export const phonePriceSubmitted = makerCheckerItem.extend({ status: z.literal('submitted') });
