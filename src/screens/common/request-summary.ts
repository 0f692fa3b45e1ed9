import type { TFunction } from 'i18next';
import type { ChangeValues, RequestKind } from '../../contract/requests';
import { formatDay, formatMoney } from '../../lib/display-format';

/** A request as the queues, the audit search and a customer's request history give it. */
export interface SummarisedRequest {
  kind: RequestKind | string;
  /** The server's English sentence: said only for a kind this portal does not know yet. */
  summary?: string;
  before: ChangeValues;
  after: ChangeValues;
}

const text = (value: ChangeValues[string] | undefined) => (value === null || value === undefined ? '—' : String(value));
const number = (value: ChangeValues[string] | undefined) => (typeof value === 'number' ? value : Number(value ?? 0));

/** Each kind's words and their values, read from what the request changes (its before and after). */
const VALUES: Record<string, (r: SummarisedRequest, locale: string) => Record<string, string>> = {
  loan_extension: ({ before, after }, locale) => ({
    loan: text(after.loan_number),
    from: formatDay(before.next_repayment_date as string | null, locale),
    to: formatDay(after.next_repayment_date as string | null, locale),
  }),
  loan_deactivation: ({ after }, locale) => ({ loans: text(after.loans), amount: formatMoney(number(after.written_off), locale) }),
  imei_change: ({ before, after }) => ({ device: text(after.device), from: text(before.imei), to: text(after.imei) }),
  phone_price_update: ({ before, after }, locale) => ({
    sku: text(after.sku),
    price: formatMoney(number(after.rrp), locale),
    was: formatMoney(number(before.rrp), locale),
  }),
  suspense_allocation: ({ after }, locale) => ({
    amount: formatMoney(number(after.amount), locale),
    transaction: text(after.transaction_id),
    loan: text(after.loan_number),
  }),
  capital_injection: ({ before, after }, locale) => ({
    amount: formatMoney(number(after.balance) - number(before.balance), locale),
    account: text(after.account),
  }),
  capital_deduction: ({ before, after }, locale) => ({
    amount: formatMoney(number(before.balance) - number(after.balance), locale),
    account: text(after.account),
  }),
  promise_unlock: ({ after }, locale) => ({
    loan: text(after.loan_number),
    until: formatDay(after.unlocked_until as string | null, locale),
  }),
  portal_user_create: ({ after }) => ({ username: text(after.username), name: text(after.full_name), group: text(after.group) }),
  group_create: ({ after }) => ({ group: text(after.group) }),
  group_role_add: ({ after }) => ({ role: text(after.role), group: text(after.group) }),
  group_role_remove: ({ after }) => ({ role: text(after.role), group: text(after.group) }),
};

/**
 * The one line that says what a maker-checker request asks, in the reader's language (issue 17): built from its
 * kind and what it changes, with the `approvals` namespace's words and the portal's formats for money and days,
 * never the server's English sentence. The screen that calls it loads the `approvals` namespace.
 */
export function requestSummary(t: TFunction, request: SummarisedRequest, locale: string): string {
  const values = VALUES[request.kind];
  if (!values) return request.summary ?? request.kind;
  return t(`approvals:summary.${request.kind}`, values(request, locale));
}
