import type { z } from 'zod';
import type { ContractDetails, signContractRequest } from '../../../src/contract/deposits';
import type { Caller, Deps } from '../../deps';
import type { Queryable } from '../../db/port';
import { audit } from '../../audit';
import { signatureProblem } from '../../../src/lib/signature';
import { HttpError } from '../../errors';
import { renderContractPdf } from '../contract-pdf';
import { deviceName } from '../devices';
import { type Row, iso, refuse } from '../shared';
import { TERMS_VERSION, contractUrl, openWizardOf, outOfOrder, planOf } from './wizard';

// --- fetch_econtract_details, upload_pdf_contracts, the PDF -----------------------------------------------------

async function contractRow(db: Queryable, where: 'contract_ref' | 'wizard_id', value: string): Promise<Row | undefined> {
  const [r] = await db.query<Row>(
    `SELECT f.wizard_id::text AS wizard_id, f.agent_admin_id, f.contract_ref, f.repayment_period, f.signed_by, f.signed_at, f.terms_version,
            c.first_name, c.other_names, c.msisdn, c.national_id, m.brand, m.name, m.lock_solution_type, i.imei,
            p.rrp, p.deposit, p.daily_payment, p.installments, p.twelve_months_payment,
            (SELECT value FROM settings WHERE key = 'company_name') AS company
       FROM first_deposits f
       JOIN customers c ON c.id = f.customer_id
       JOIN phone_models m ON m.id = f.phone_model_id
       JOIN phone_prices p ON p.id = f.phone_price_id
       JOIN inventory_items i ON i.id = f.inventory_item_id
      WHERE f.${where} = $1 AND f.contract_ref IS NOT NULL`,
    [value],
  );
  return r;
}

function contractOut(r: Row): ContractDetails {
  const plan = planOf(r, r.repayment_period);
  return {
    reference: r.contract_ref,
    company: r.company ?? 'Simu',
    customer_name: `${r.first_name} ${r.other_names}`,
    msisdn: r.msisdn,
    national_id: r.national_id,
    device: deviceName(r.brand, r.name),
    imei: r.imei,
    lock_solution_type: r.lock_solution_type,
    repayment_period: r.repayment_period,
    price: r.rrp,
    deposit: r.deposit,
    installment_amount: plan.installment_amount,
    installments: plan.installments,
    total_repayable: plan.total_repayable,
    terms_version: r.terms_version ?? TERMS_VERSION,
    signed_by: r.signed_by ?? null,
    signed_at: iso(r.signed_at),
    contract_url: r.signed_at ? contractUrl(r.contract_ref) : null,
  };
}

export async function contractDetails(deps: Deps, reference: string): Promise<ContractDetails> {
  const r = await contractRow(deps.db, 'contract_ref', reference);
  if (!r) throw refuse(404, 'not_found', 'No such contract');
  return contractOut(r);
}

export async function signContract(deps: Deps, caller: Caller, body: z.output<typeof signContractRequest>) {
  const now = deps.clock.now();
  const w = await openWizardOf(deps.db, caller, body.wizard_id);
  const signedOut = (r: Row) => ({
    reference: r.contract_ref as string,
    contract_url: contractUrl(r.contract_ref),
    signed_at: iso(r.signed_at)!,
  });
  if (w.signed_at) return signedOut(w);
  if (!w.identity_verified_at) throw outOfOrder("The customer's identity is not checked yet");
  const row = (await contractRow(deps.db, 'wizard_id', body.wizard_id))!;
  // Issue 17: the customer signs with their own full name (any case, accents and order), never anyone's.
  const problem = signatureProblem(body.signed_by, `${row.first_name} ${row.other_names}`);
  if (problem) {
    const why = problem === 'signatureIncomplete' ? "must be the customer's full name, every name" : "must be the customer's own name";
    throw new HttpError(400, `Invalid signature: signed_by ${why}`, { fields: { signed_by: why }, reason: problem });
  }
  const details = { ...contractOut(row), terms_version: TERMS_VERSION, signed_by: body.signed_by, signed_at: now.toISOString() };
  const pdf = await renderContractPdf(details);
  return deps.db.transaction(async (tx) => {
    const again = await openWizardOf(tx, caller, body.wizard_id, true);
    if (again.signed_at) return signedOut(again);
    const [signed] = await tx.query<Row>(
      `UPDATE first_deposits SET signed_by = $2, signed_at = $3, terms_version = $4, updated_at = $3 WHERE wizard_id = $1
       RETURNING contract_ref, signed_at`,
      [body.wizard_id, body.signed_by, now, TERMS_VERSION],
    );
    await tx.query('INSERT INTO first_deposit_contracts (wizard_id, pdf, created_at) VALUES ($1, $2, $3)', [body.wizard_id, pdf, now]);
    await audit(tx, {
      actorId: caller.adminId,
      action: 'first_deposit.contract_signed',
      entity: 'first_deposit',
      entityId: body.wizard_id,
      after: { contract_ref: signed!.contract_ref, signed_by: body.signed_by, terms_version: TERMS_VERSION, pdf_bytes: pdf.length },
      at: now,
    });
    return signedOut(signed!);
  });
}

/** The stored PDF of a signed contract, by its reference (public, like the contract's page). */
export async function contractPdf(deps: Deps, reference: string): Promise<Uint8Array | null> {
  const [r] = await deps.db.query<{ pdf: Uint8Array }>(
    'SELECT d.pdf FROM first_deposit_contracts d JOIN first_deposits f ON f.wizard_id = d.wizard_id WHERE f.contract_ref = $1',
    [reference],
  );
  return r ? new Uint8Array(r.pdf) : null;
}
