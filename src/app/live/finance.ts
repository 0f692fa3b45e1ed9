import * as finance from '../../services/finance';
import * as statements from '../../services/reconciliation';
import { financeChanges, listing, loading } from './lists';

/** The finance screens (issue 13). */
export const financeLists = {
  transactions: listing({ fetchPage: finance.fetchTransactions }),
  suspense: financeChanges({ fetchPage: finance.fetchSuspense, createItem: finance.allocateSuspense }),
  journal: listing({ fetchPage: finance.fetchJournal }),
  accounts: financeChanges({ fetchPage: finance.fetchAccounts, createItem: finance.changeCapital }),
  reconciliationRuns: listing({ fetchPage: statements.fetchRuns }),
};
export const financeLoad = {
  suspenseSummary: loading(finance.loadSuspenseSummary),
  wrongAccount: loading(finance.loadWrongAccount),
  balanceSheet: loading(finance.loadBalanceSheet),
  profitAndLoss: loading(finance.loadProfitAndLoss),
  cashflow: loading(finance.loadCashflow),
  accounts: loading(finance.loadAccounts),
  reconciliationMappings: loading(statements.loadMappings),
  saveMapping: loading(statements.saveMapping),
  closedPeriods: loading(statements.loadClosedPeriods),
  closeMonth: loading(statements.closeMonth),
  statementDocument: loading(statements.downloadDocument),
  pdf: loading(statements.exportPdf),
};
export const reconciliation = statements.liveReconciliation;
