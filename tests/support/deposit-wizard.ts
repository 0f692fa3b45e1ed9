import type { Ui } from './ui';
import en from '../../src/i18n/locales/deposit/en.json';
import scannerEn from '../../src/i18n/locales/scanner/en.json';

/** The deposit wizard's words in one language (its namespace file), so the same driver runs in en and sw. */
export type DepositWords = typeof en;
export type ScannerWords = typeof scannerEn;

const fill = (text: string, values: Record<string, string | number>) => text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(values[k]));
const startsWith = (text: string) => new RegExp(`^${text.split('{{')[0]!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);

/** Page object of the first-time deposit wizard: actions and what the agent sees, in the words of `w`. */
export const depositWizard = (ui: Ui, w: DepositWords, s: ScannerWords) => ({
  seeStep: (index: number, key: keyof DepositWords['step']) => ui.seeText(fill(w.stepOf, { index, count: 8, title: w.step[key] })),
  async findCustomer(query: string) {
    await ui.fill(w.search.label, query);
    await ui.click('button', w.search.submit);
  },
  choosePhone: (name: string) => ui.click('button', fill(w.phone.pick, { name })),
  choosePeriod: (period: keyof DepositWords['period']) => ui.click('radio', w.period[period]),
  /** Issue 17: the IMEI of the box handed over, as a barcode scanner types it. */
  scanBox: (phone: string, imei: string) => ui.fill(fill(w.confirm.imei, { phone }), imei),
  takeDeposit: () => ui.click('button', startsWith(w.confirm.takeDeposit)),
  seeDepositReceived: () => ui.seeText(startsWith(w.otp.depositReceived)),
  seePaymentFailure: (reason: keyof DepositWords['payment']['failure']) => ui.seeAlert(w.payment.failure[reason]),
  retryPayment: () => ui.click('button', w.payment.tryAgain),
  async enterCodes(agentCode: string, customerCode: string) {
    await ui.fill(w.otp.agentCode, agentCode);
    await ui.fill(w.otp.customerCode, customerCode);
    await ui.click('button', w.otp.verify);
  },
  seeCodesSent: () => ui.seeText(startsWith(w.otp.sent)),
  async answerQuestion(question: string, answer: string) {
    await ui.click('button', w.identity.question);
    await ui.fill(question, answer);
    await ui.click('button', w.identity.verify);
  },
  async captureFingerprint() {
    await ui.click('button', w.identity.fingerprint);
    await ui.click('button', s.action.capture);
  },
  recapture: () => ui.click('button', w.identity.recapture),
  async submitNida(nida: string) {
    await ui.fill(w.identity.nida, nida);
    await ui.click('button', w.identity.verify);
  },
  async sign(name: string, acceptTerms: (label: string) => Promise<void>) {
    await acceptTerms(w.contract.accept);
    await ui.fill(w.contract.signature, name);
    await ui.click('button', w.contract.sign);
  },
  async confirmLock(check: (label: string) => Promise<void>) {
    await check(w.lock.lockInstalled);
    await check(w.lock.appInstalled);
    await ui.click('button', w.lock.confirm);
  },
  seeLoanCreated: () => ui.seeText(startsWith(w.done.created)),
});
