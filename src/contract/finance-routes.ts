import { define, type RouteContract } from './route';
import * as f from './finance';

const FINANCE_403 = `Needs one of ${f.FINANCE_ROLES.join(', ')}`;

/**
 * Finance and accounting (issue 13, decision 014): the spec's calls (section 7) and what the finance screens need
 * beside them (the chart of accounts, the statements and their journal lines).
 */
export const financeRoutes = {
  suspenseQueue: define({
    method: 'POST',
    path: '/api/v1/queue/suspense/accounts',
    auth: 'VIEW_SUSPENSE_TRANSACTIONS',
    summary: 'Payments held in suspense (an account keyed in that matched no loan), oldest first, with their age and total',
    body: f.suspenseRequest,
    response: f.suspenseQueue,
  }),
  wrongAccountTransactions: define({
    method: 'POST',
    path: '/api/v1/get_wrong_account_transactions',
    auth: 'VIEW_SUSPENSE_TRANSACTIONS',
    summary: 'One payment in suspense and the loans it may belong to (the payer’s own, accounts like the one keyed in, or a search)',
    body: f.wrongAccountRequest,
    response: f.wrongAccountAnswer,
    refusals: { 404: 'No payment in suspense with this transaction id (reason not_found)' },
  }),
  correctWrongAccount: define({
    method: 'POST',
    path: '/api/v1/correct_wrong_account_transactions',
    auth: 'VIEW_SUSPENSE_TRANSACTIONS',
    summary: 'Ask to apply a payment in suspense to the right loan (applies when a second person approves it in the business inbox)',
    body: f.correctWrongAccount,
    response: f.financeRequestSubmitted,
    accepted: true,
    refusals: {
      404: 'No payment in suspense with this transaction id, or no loan with this number (reason not_found)',
      409: 'The loan is not active (reason no_active_loan), or an allocation of this payment already awaits approval (reason request_open)',
    },
  }),
  searchTransaction: define({
    method: 'POST',
    path: '/api/v1/search/transaction',
    auth: 'FIND_TRANSACTION',
    summary: 'Find payments by transaction id, master id, reference, payment phone (any form), amount, status and date range; newest first',
    body: f.transactionSearch,
    response: f.transactionPage,
  }),
  checkShopPayment: define({
    method: 'POST',
    path: '/api/v1/check_shop_payment',
    auth: 'FIND_TRANSACTION',
    summary: 'Whether the deposits of a store’s sales on a day reached the business',
    body: f.shopPaymentRequest,
    response: f.shopPayment,
    refusals: { 404: 'No such store (reason not_found)' },
  }),
  reconciliationDeposits: define({
    method: 'POST',
    path: '/api/v1/reconciliation_deposits',
    auth: 'UPLOAD_RECONCILIATION_DOCUMENT',
    summary:
      'The mobile-money receipts the portal recorded in a date range (oldest first), with totals by status, and the reconciliation runs of statements covering the range',
    body: f.reconciliationDepositsRequest,
    response: f.reconciliationDeposits,
  }),
  capitalInjection: define({
    method: 'POST',
    path: '/api/v1/update_capital_injection',
    auth: 'ADD_CAPITAL_INJECTION',
    summary: 'Ask to inject capital into a capital account (applies when a second person approves it in the business inbox)',
    body: f.capitalChange,
    response: f.financeRequestSubmitted,
    accepted: true,
    refusals: {
      404: 'No capital account with this code (reason not_found)',
      409: 'The account would pass its maximum balance (reason above_maximum_balance), or a change of it already awaits approval (reason request_open)',
    },
  }),
  capitalDeduction: define({
    method: 'POST',
    path: '/api/v1/deduct_working_capital_injection',
    auth: 'session',
    summary: 'Ask to deduct capital from a capital account (applies when a second person approves it in the business inbox)',
    body: f.capitalChange,
    response: f.financeRequestSubmitted,
    accepted: true,
    refusals: {
      403: `Needs DEDUCT_CAPITAL_INJECTION or DEDUCT_CAPITAL`,
      404: 'No capital account with this code (reason not_found)',
      409: 'The account would fall below its minimum balance or below zero (reason below_minimum_balance), a withdrawal limit would be passed (reason withdrawal_limit), or a change of it already awaits approval (reason request_open)',
    },
  }),
  chartOfAccounts: define({
    method: 'POST',
    path: '/api/v1/finance/accounts',
    auth: 'session',
    summary: 'The chart of accounts: every ledger account with its balance, limits and numbers, and the external chart-of-accounts link',
    response: f.chartOfAccounts,
    refusals: { 403: FINANCE_403 },
  }),
  balanceSheet: define({
    method: 'POST',
    path: '/api/v1/finance/balance_sheet',
    auth: 'session',
    summary: 'The balance sheet at the end of a day (EAT): assets, liabilities and equity from the ledger',
    body: f.balanceSheetRequest,
    response: f.balanceSheet,
    refusals: { 403: FINANCE_403 },
  }),
  profitAndLoss: define({
    method: 'POST',
    path: '/api/v1/finance/profit_and_loss',
    auth: 'session',
    summary: 'Profit and loss over a period of days (EAT), from the ledger',
    body: f.periodRequest,
    response: f.profitAndLoss,
    refusals: { 403: FINANCE_403 },
  }),
  cashflow: define({
    method: 'POST',
    path: '/api/v1/finance/cashflow',
    auth: 'session',
    summary: 'Daily cash in and out of the wallets and the bank over a period (at most 92 days)',
    body: f.cashflowRequest,
    response: f.cashflow,
    refusals: { 403: FINANCE_403 },
  }),
  journal: define({
    method: 'POST',
    path: '/api/v1/finance/journal',
    auth: 'session',
    summary: 'The journal lines of one account, newest first, each with its loan and customer',
    body: f.journalRequest,
    response: f.journalPage,
    refusals: { 403: FINANCE_403, 404: 'No account with this code (reason not_found)' },
  }),
} satisfies Record<string, RouteContract>;
