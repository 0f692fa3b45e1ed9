import { formatTzs } from '../../../src/lib/money';

/** The languages a customer's SMS is written in (customers.language, migration 019). */
export type SmsLanguage = 'en' | 'sw' | 'pt';

const languageOf = (value: unknown): SmsLanguage => (value === 'en' || value === 'pt' ? value : 'sw');

/** The customer's OTP SMS, in the customer's language (issue 17). */
export function customerOtpText(language: unknown, code: string): string {
  switch (languageOf(language)) {
    case 'en':
      return `Simu: your code to confirm your phone loan is ${code}. It expires in 5 minutes. Give it only to the agent serving you.`;
    case 'pt':
      return `Simu: o seu código para confirmar o crédito do telemóvel é ${code}. Expira em 5 minutos. Dê-o apenas ao agente que o atende.`;
    case 'sw':
      return `Simu: msimbo wako wa kuthibitisha mkopo wa simu ni ${code}. Unaisha baada ya dakika 5. Mpe wakala anayekuhudumia pekee.`;
  }
}

export interface DepositReceipt {
  language: unknown;
  firstName: string;
  amount: number;
  receipt: string;
  device: string;
}

/** The deposit receipt SMS, sent once the deposit is paid, in the customer's language (issue 17). */
export function depositReceiptText({ language, firstName, amount, receipt, device }: DepositReceipt): string {
  const lang = languageOf(language);
  const money = formatTzs(amount, lang);
  switch (lang) {
    case 'en':
      return `Simu: ${firstName}, we received your deposit of ${money} for the ${device}. Receipt ${receipt}. Keep this message.`;
    case 'pt':
      return `Simu: ${firstName}, recebemos o seu depósito de ${money} para o ${device}. Recibo ${receipt}. Guarde esta mensagem.`;
    case 'sw':
      return `Simu: ${firstName}, tumepokea amana yako ya ${money} kwa ajili ya ${device}. Risiti ${receipt}. Hifadhi ujumbe huu.`;
  }
}
