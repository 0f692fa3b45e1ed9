import PDFDocument from 'pdfkit';
import type { ContractDetails } from '../../src/contract/deposits';

/** TZS as on the contract: "TZS 1,234,000". */
const tzs = (amount: number) => `TZS ${new Intl.NumberFormat('en-US').format(amount)}`;

const PERIOD_WORDS: Record<ContractDetails['repayment_period'], string> = {
  daily: 'every day',
  weekly: 'every week (7 days)',
  monthly: 'every month (30 days)',
  twelve_months: 'every month (30 days) for twelve months',
};

/**
 * The signed contract as a one-page PDF (pdfkit, its built-in Helvetica: no font files to ship). The text is the
 * contract's English version; the terms themselves are the /tnc page of `terms_version`.
 */
export function renderContractPdf(contract: ContractDetails & { signed_by: string; signed_at: string }): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'A4',
      margin: 56,
      info: { Title: `Phone loan contract ${contract.reference}`, Author: contract.company, Subject: 'Pay-as-you-go phone loan contract' },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);

    doc.font('Helvetica-Bold').fontSize(18).text(contract.company);
    doc.font('Helvetica').fontSize(12).text('Pay-as-you-go phone loan contract');
    doc.fontSize(9).fillColor('#555555').text(`Reference ${contract.reference}   Terms version ${contract.terms_version}`);
    doc.moveDown(1.2).fillColor('#000000');

    const row = (label: string, value: string) => {
      doc.font('Helvetica-Bold').fontSize(10).text(`${label}: `, { continued: true });
      doc.font('Helvetica').text(value);
    };
    doc.font('Helvetica-Bold').fontSize(12).text('The customer');
    doc.moveDown(0.3);
    row('Name', contract.customer_name);
    row('Phone number', contract.msisdn);
    row('National ID', contract.national_id);
    doc.moveDown(0.8);

    doc.font('Helvetica-Bold').fontSize(12).text('The phone');
    doc.moveDown(0.3);
    row('Device', contract.device);
    row('IMEI', contract.imei);
    row('Lock solution', contract.lock_solution_type);
    doc.moveDown(0.8);

    doc.font('Helvetica-Bold').fontSize(12).text('The plan');
    doc.moveDown(0.3);
    row('Cash price', tzs(contract.price));
    row('Deposit paid', tzs(contract.deposit));
    row(
      'Repayments',
      `${contract.installments} payments of ${tzs(contract.installment_amount)}, ${PERIOD_WORDS[contract.repayment_period]}`,
    );
    row('Total repayable', tzs(contract.total_repayable));
    doc.moveDown(0.8);

    doc
      .font('Helvetica')
      .fontSize(9)
      .text(
        'The phone stays the property of the company until the total repayable is paid. The phone carries a lock solution: ' +
          'when a payment is late beyond the grace period, the phone is locked until the arrears are paid. The customer ' +
          `accepts the terms and conditions of version ${contract.terms_version}, which they were shown before signing.`,
        { align: 'justify' },
      );
    doc.moveDown(1.2);
    row('Signed by', contract.signed_by);
    row('Signed at', `${contract.signed_at.replace('T', ' ').slice(0, 19)} UTC`);
    doc.end();
  });
}
