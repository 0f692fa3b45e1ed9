import type { z } from 'zod';
import {
  FINANCE_ROLES,
  type StatementLine,
  type balanceSheetRequest,
  type cashflowRequest,
  type journalRequest,
  type periodRequest,
} from '../../../src/contract/finance';
import type { Caller, Deps } from '../../deps';
import type { Queryable } from '../../db/port';
import { DAY_MS, addDays, daysBetween, eatDayStart } from '../calendar';
import { type Row, iso, refuse } from '../shared';
import { keptUnwritten } from '../kept-answers';
import { ledgerDaysThrough, ledgerSumsSql } from './ledger-days';
import { needAnyRole, whereBuilder } from './shared';

/**
 * The statements, read from the ledger (issue 13). Every entry debits one account and credits another by the same
 * amount, so at any date assets = liabilities + equity + (income - expenses): the balance sheet shows the last
 * term as retained earnings. Days are EAT days; "at D" means after the last posting of D.
 */

export const CASH_ACCOUNTS = ['mobile_money_clearing', 'bank_operating', 'working_capital_float'] as const;
const NORMAL_DEBIT = new Set(['asset', 'expense']);
const endOf = (day: string) => new Date(eatDayStart(day).getTime() + DAY_MS);

interface Balance extends StatementLine {
  category: string;
}

/**
 * Each account's balance over the EAT days from `from` (null: from the first) to `to`. Read live on PostgreSQL; on
 * PGlite kept until the next write (decision 075): summing the accounts' days cost 3 ms of the embedded database's one
 * thread a call, and the balance sheet answered 50 callers at once with a p99 of 335 ms. Callers do not change it.
 */
function balances(db: Queryable, from: string | null, to: string): Promise<readonly Balance[]> {
  return keptUnwritten(db, `balances ${from} ${to}`, () => readBalances(db, from, to));
}

/**
 * Every account's balance on its normal side from the postings of the EAT days `from` (null: from the first) to `to`,
 * summed from the ledger's day rollup and the entries since it (ledger-days.ts, decision 032).
 */
async function readBalances(db: Queryable, from: string | null, to: string): Promise<Balance[]> {
  const rows = await db.query<Row>(
    `SELECT a.code, a.account_number, a.name, a.category, coalesce(s.debit, 0)::bigint AS dr, coalesce(s.credit, 0)::bigint AS cr
       FROM ledger_accounts a LEFT JOIN (${ledgerSumsSql(await ledgerDaysThrough(db))}) s ON s.account = a.code
      ORDER BY a.account_number NULLS LAST, a.code`,
    [to, from],
  );
  return rows.map((r) => {
    const dr = Number(r.dr);
    const cr = Number(r.cr);
    return {
      code: r.code,
      account_number: r.account_number,
      name: r.name,
      category: r.category,
      amount: NORMAL_DEBIT.has(r.category) ? dr - cr : cr - dr,
    };
  });
}

const lines = (all: readonly Balance[], category: string): StatementLine[] =>
  all.filter((b) => b.category === category).map(({ category: _c, ...line }) => line);
const total = (ls: StatementLine[]) => ls.reduce((s, l) => s + l.amount, 0);

export async function balanceSheet(deps: Deps, caller: Caller, q: z.output<typeof balanceSheetRequest>) {
  needAnyRole(caller, FINANCE_ROLES);
  return balanceSheetAt(deps.db, q.at);
}

export async function balanceSheetAt(db: Queryable, at: string) {
  const all = await balances(db, null, at);
  const assets = lines(all, 'asset');
  const liabilities = lines(all, 'liability');
  const equity = lines(all, 'equity');
  const retained = total(lines(all, 'income')) - total(lines(all, 'expense'));
  const totalAssets = total(assets);
  const totalLiabilities = total(liabilities);
  const totalEquity = total(equity) + retained;
  return {
    at,
    assets,
    liabilities,
    equity,
    retained_earnings: retained,
    total_assets: totalAssets,
    total_liabilities: totalLiabilities,
    total_equity: totalEquity,
    balanced: totalAssets === totalLiabilities + totalEquity,
  };
}

export async function profitAndLoss(deps: Deps, caller: Caller, q: z.output<typeof periodRequest>) {
  needAnyRole(caller, FINANCE_ROLES);
  const all = await balances(deps.db, q.from, q.to);
  const income = lines(all, 'income');
  const expenses = lines(all, 'expense');
  return {
    from: q.from,
    to: q.to,
    income,
    expenses,
    total_income: total(income),
    total_expenses: total(expenses),
    net_profit: total(income) - total(expenses),
  };
}

/** Cash in and out of the wallets and the bank per EAT day; moves between two cash accounts are neither. */
export async function cashflow(deps: Deps, caller: Caller, q: z.output<typeof cashflowRequest>) {
  needAnyRole(caller, FINANCE_ROLES);
  const cash = [...CASH_ACCOUNTS];
  const start = eatDayStart(q.from);
  const [open] = (await deps.db.query<Row>(
    `SELECT coalesce(sum(amount) FILTER (WHERE debit_account = ANY($1::text[])), 0)::bigint
          - coalesce(sum(amount) FILTER (WHERE credit_account = ANY($1::text[])), 0)::bigint AS opening
       FROM ledger_entries WHERE posted_at < $2 AND (debit_account = ANY($1::text[]) OR credit_account = ANY($1::text[]))`,
    [cash, start],
  )) as [Row];
  const rows = await deps.db.query<Row>(
    `SELECT to_char((posted_at AT TIME ZONE 'UTC') + interval '3 hours', 'YYYY-MM-DD') AS day,
            coalesce(sum(amount) FILTER (WHERE debit_account = ANY($1::text[])), 0)::bigint AS inflow,
            coalesce(sum(amount) FILTER (WHERE credit_account = ANY($1::text[])), 0)::bigint AS outflow
       FROM ledger_entries
      WHERE posted_at >= $2 AND posted_at < $3
        AND (debit_account = ANY($1::text[])) <> (credit_account = ANY($1::text[]))
      GROUP BY 1`,
    [cash, start, endOf(q.to)],
  );
  const byDay = new Map(rows.map((r) => [r.day as string, r]));
  let closing = Number(open.opening);
  const opening = closing;
  const days = [];
  for (let i = 0; i <= daysBetween(q.from, q.to); i++) {
    const day = addDays(q.from, i);
    const r = byDay.get(day);
    const inflow = r ? Number(r.inflow) : 0;
    const outflow = r ? Number(r.outflow) : 0;
    closing += inflow - outflow;
    days.push({ day, inflow, outflow, net: inflow - outflow, closing });
  }
  return { from: q.from, to: q.to, accounts: cash, opening, days, closing };
}

/** One account's journal lines, newest first, with the loan and customer each names. */
export async function journal(deps: Deps, caller: Caller, q: z.output<typeof journalRequest>) {
  needAnyRole(caller, FINANCE_ROLES);
  const [account] = await deps.db.query<Row>('SELECT code FROM ledger_accounts WHERE code = $1', [q.account]);
  if (!account) throw refuse(404, 'not_found', `No account ${q.account}`);
  const w = whereBuilder();
  w.add('(e.debit_account = ? OR e.credit_account = ?)', q.account, q.account);
  if (q.from) w.add('e.posted_at >= ?', eatDayStart(q.from));
  if (q.to) w.add('e.posted_at < ?', endOf(q.to));
  const [{ n }] = (await deps.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ledger_entries e${w.sql()}`, w.params)) as [
    { n: number },
  ];
  const rows = await deps.db.query<Row>(
    `SELECT e.id, e.posted_at, e.kind, e.description, e.debit_account, e.credit_account, e.amount, e.request_id,
            l.id AS loan_id, l.loan_number, c.id AS customer_id, c.msisdn, c.first_name || ' ' || c.other_names AS customer_name
       FROM ledger_entries e LEFT JOIN loans l ON l.id = e.loan_id LEFT JOIN customers c ON c.id = l.customer_id
      ${w.sql()} ORDER BY e.posted_at DESC, e.id DESC LIMIT ${q.limit} OFFSET ${q.skip}`,
    w.params,
  );
  return {
    account: q.account,
    data: rows.map((r) => {
      const debit = r.debit_account === q.account;
      return {
        id: Number(r.id),
        posted_at: iso(r.posted_at)!,
        kind: r.kind,
        description: r.description,
        counter_account: debit ? r.credit_account : r.debit_account,
        debit: debit ? Number(r.amount) : 0,
        credit: debit ? 0 : Number(r.amount),
        loan: r.loan_id === null ? null : { id: Number(r.loan_id), loan_number: r.loan_number },
        customer: r.customer_id === null ? null : { id: Number(r.customer_id), msisdn: r.msisdn, name: r.customer_name },
        request_id: r.request_id === null ? null : Number(r.request_id),
      };
    }),
    total: n,
    limit: q.limit,
    skip: q.skip,
  };
}
