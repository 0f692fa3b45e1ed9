import type { Queryable } from './port';

const DAY_MS = 86_400_000;

/**
 * The demo's books (issue 13): the ledger of what seed-business wrote (the sales on credit, the deposits and
 * repayments received, the payments in suspense), posted as the live code posts them, plus an opening capital
 * injection; some suspended payments turned into the classic wrong-account case (a customer in arrears who
 * mistyped their loan number, so their phone stays locked); and the external chart-of-accounts link.
 * Set-based INSERT ... SELECT, so it stays quick over thousands of loans.
 */
export async function seedFinance(db: Queryable, { now }: { now: Date }): Promise<void> {
  const opening = new Date(now.getTime() - 200 * DAY_MS);
  await db.query(
    `INSERT INTO ledger_entries (kind, debit_account, credit_account, amount, description, posted_at)
     VALUES ('capital_injection', 'bank_operating', 'paid_in_capital', 800000000, 'Opening capital from the owners, ref. CRDB-OPEN-001', $1),
            ('capital_transfer', 'working_capital_float', 'bank_operating', 150000000, 'Float for mobile-money disbursements', $1)`,
    [opening],
  );
  // Handsets bought for stock, paid from the bank.
  await db.query(
    `INSERT INTO ledger_entries (kind, debit_account, credit_account, amount, description, loan_id, posted_at)
     SELECT 'handset_cost', 'cost_of_handsets', 'bank_operating', p.wholesale_price, 'Handset bought for ' || l.loan_number, l.id, l.started_at
       FROM loans l JOIN phone_prices p ON p.id = l.phone_price_id`,
  );
  // Deposits received into the wallets, then applied to the sale; the sale on credit and its finance charge.
  await db.query(
    `INSERT INTO ledger_entries (kind, debit_account, credit_account, amount, description, loan_id, posted_at)
     SELECT 'deposit_received', 'mobile_money_clearing', 'customer_deposits', t.amount, 'First deposit ' || t.transaction_id, t.loan_id, t.date_processed
       FROM transactions t WHERE t.kind = 'deposit' AND t.status = 'completed' AND t.loan_id IS NOT NULL
     UNION ALL
     SELECT 'deposit_applied', 'customer_deposits', 'handset_sales', t.amount, 'Deposit ' || t.transaction_id || ' applied to the sale', t.loan_id, t.date_processed
       FROM transactions t WHERE t.kind = 'deposit' AND t.status = 'completed' AND t.loan_id IS NOT NULL
     UNION ALL
     SELECT 'loan_disbursed', 'loans_receivable', 'handset_sales', l.price - l.deposit_paid, 'Handset sold on credit, ' || l.loan_number, l.id, l.started_at
       FROM loans l WHERE l.price > l.deposit_paid
     UNION ALL
     SELECT 'loan_finance_charge', 'loans_receivable', 'deferred_finance_income', l.installment_amount * l.installments - (l.price - l.deposit_paid),
            'Finance charge of ' || l.loan_number, l.id, l.started_at
       FROM loans l WHERE l.installment_amount * l.installments > l.price - l.deposit_paid`,
  );
  // Repayments into the wallets (or at the store's POS, into the bank); payments kept in suspense.
  await db.query(
    `INSERT INTO ledger_entries (kind, debit_account, credit_account, amount, description, loan_id, posted_at)
     SELECT 'repayment', CASE WHEN t.payment_method = 'pos' THEN 'bank_operating' ELSE 'mobile_money_clearing' END, 'loans_receivable',
            t.amount, 'Repayment ' || t.transaction_id, t.loan_id, t.date_processed
       FROM transactions t WHERE t.kind = 'repayment' AND t.status = 'completed' AND t.loan_id IS NOT NULL
     UNION ALL
     SELECT 'payment_suspended', 'mobile_money_clearing', 'unallocated_payments', t.amount,
            'Payment ' || t.transaction_id || ', account "' || coalesce(t.account_keyed_in, '') || '" matches no active loan', NULL, t.date_processed
       FROM transactions t WHERE t.status = 'suspended'`,
  );
  // The wrong-account case: eight customers in arrears with a locked phone paid enough to be current again, but
  // keyed in their loan number with the last digit wrong.
  const late = await db.query<{ id: number; msisdn: string; loan_number: string; amount_due: number; first: string; other: string }>(
    `SELECT l.id, c.msisdn, l.loan_number, l.amount_due, c.first_name AS first, c.other_names AS other
       FROM loans l JOIN customers c ON c.id = l.customer_id JOIN devices d ON d.id = l.device_id
      WHERE l.status = 'active' AND d.is_locked AND d.status = 'active' AND l.amount_due > 0
      ORDER BY l.id LIMIT 8`,
  );
  const suspended = await db.query<{ id: number }>(
    "SELECT id FROM transactions WHERE status = 'suspended' ORDER BY date_processed DESC, id LIMIT 8",
  );
  for (const [i, loan] of late.entries()) {
    const t = suspended[i];
    if (!t) break;
    const last = loan.loan_number.slice(-1);
    const typo = `${loan.loan_number.slice(0, -1)}${last === '9' ? '8' : String(Number(last) + 1 || 1)}`;
    const amount = Number(loan.amount_due) + 1000;
    await db.query(
      `UPDATE transactions SET payment_phone = $2, account_keyed_in = $3, customer_name = $4, amount = $5, credit = $5,
              date_processed = $6, created_at = $6 WHERE id = $1`,
      [
        t.id,
        loan.msisdn,
        typo,
        `${loan.first} ${loan.other.split(' ').pop()}`.toUpperCase(),
        amount,
        new Date(now.getTime() - (i + 1) * DAY_MS),
      ],
    );
    await db.query(
      `UPDATE ledger_entries SET amount = $2, posted_at = $3,
              description = 'Payment ' || $4::text || ', account "' || $5::text || '" matches no active loan'
        WHERE kind = 'payment_suspended' AND description LIKE 'Payment ' || $4::text || ',%' AND $1::bigint > 0`,
      [t.id, amount, new Date(now.getTime() - (i + 1) * DAY_MS), await txId(db, t.id), typo],
    );
  }
  await db.query(
    `INSERT INTO finance_settings (key, value, updated_at) VALUES ('external_chart_of_accounts', 'https://go.xero.com/GeneralLedger/ChartOfAccounts.aspx', $1)
     ON CONFLICT (key) DO NOTHING`,
    [now],
  );
}

async function txId(db: Queryable, id: number): Promise<string> {
  const [t] = await db.query<{ transaction_id: string }>('SELECT transaction_id FROM transactions WHERE id = $1', [id]);
  return t!.transaction_id;
}
