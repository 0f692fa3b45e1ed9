import { z } from 'zod';
import { define, type RouteContract } from './route';
import { msisdnField } from './requests';

/**
 * The language a customer reads their SMS in (issue 17, decisions 021 and 026): Swahili unless the customer asks
 * otherwise. Staff who speak with the customer (an agent at onboarding, the call centre, a collector) set it from the
 * customer view.
 */
export const CUSTOMER_LANGUAGES = ['en', 'sw', 'pt'] as const;
export type CustomerLanguage = (typeof CUSTOMER_LANGUAGES)[number];
export const customerLanguage = z.enum(CUSTOMER_LANGUAGES, { error: 'valid language required: en, sw or pt' });

/** Who may set it: whoever speaks with the customer. */
export const CUSTOMER_LANGUAGE_ROLES = ['RATE_CALL', 'ADD_LOAN'] as const;

export const customerLanguageRequest = z.object({
  /** The customer (by phone number, any Tanzanian form). */
  msisdn: msisdnField,
  language: customerLanguage,
});
export type CustomerLanguageRequest = z.input<typeof customerLanguageRequest>;

export const customerLanguageResult = z.object({
  msisdn: z.string(),
  language: customerLanguage,
  /** The language before this change (the same when nothing changed). */
  previous: customerLanguage,
});

export const customerLanguageRoutes = {
  setCustomerLanguage: define({
    method: 'POST',
    path: '/api/v1/customer_language',
    auth: 'session',
    summary: "Set the language of the customer's SMS (en, sw or pt), with an audit row (RATE_CALL or ADD_LOAN)",
    body: customerLanguageRequest,
    response: customerLanguageResult,
    refusals: { 403: 'Needs RATE_CALL or ADD_LOAN', 404: 'Customer record not found (reason not_found)' },
  }),
} satisfies Record<string, RouteContract>;
