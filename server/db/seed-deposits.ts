import { randomBytes } from 'node:crypto';
import type { Queryable } from './port';
import { luhnCheckDigit } from '../../src/lib/imei';
import { formatNida } from '../../src/lib/nida';
import { hashSecurityAnswer } from '../domain/security-answers';

/**
 * Demo data of the first-time deposit wizard: customers who qualify, known by heart (listed in the README under
 * "Try the deposit wizard"), and stock at the demo agent's store. Their numbers end in 0 or 6 to 9, so the
 * mobile-money simulator approves their pushes (see server/adapters/mobile-money.ts for its rules).
 * Idempotent: a customer or handset already there is left as it is.
 */
export const DEPOSIT_DEMO_CUSTOMERS = [
  {
    msisdn: '255754300100',
    first_name: 'Amani',
    other_names: 'Joseph Mrisho',
    sex: 'M',
    date_of_birth: '1992-03-14',
    nida: '19920314410200001726',
    question: 'favourite_food',
    answer: 'Pilau',
    limit: 400_000,
    key: 'CKDEMODEP001',
  },
  {
    msisdn: '255715300206',
    first_name: 'Rehema',
    other_names: 'Hassani Kweka',
    sex: 'F',
    date_of_birth: '1995-07-22',
    nida: '19950722230110004218',
    question: 'mother_first_name',
    answer: 'Zawadi',
    limit: 300_000,
    key: 'CKDEMODEP002',
  },
  {
    msisdn: '255689300307',
    first_name: 'Juma',
    other_names: 'Said Mbwana',
    sex: 'M',
    date_of_birth: '1988-01-05',
    nida: '19880105520330000839',
    question: 'first_school',
    answer: 'Mwenge',
    limit: 240_000,
    key: 'CKDEMODEP003',
  },
  {
    msisdn: '255621300418',
    first_name: 'Neema',
    other_names: 'Peter Lyimo',
    sex: 'F',
    date_of_birth: '1999-11-30',
    nida: '19991130610440001152',
    question: 'birth_village',
    answer: 'Majengo',
    limit: 320_000,
    key: 'CKDEMODEP004',
  },
] as const;

/** Handsets of each model kept in stock at the demo agent's store. */
const MIN_STOCK = 4;

export async function seedDeposits(db: Queryable, options: { now: Date; agentUsername?: string }): Promise<void> {
  const at = options.now.toISOString();
  const [agent] = await db.query<{ id: number; store_id: number | null }>(
    'SELECT g.id, g.store_id FROM agents g JOIN admins a ON a.id = g.admin_id WHERE lower(a.username) = lower($1)',
    [options.agentUsername ?? 'agent'],
  );
  if (!agent?.store_id) return;

  for (const c of DEPOSIT_DEMO_CUSTOMERS) {
    const hash = await hashSecurityAnswer(c.answer, randomBytes(16));
    const [row] = await db.query<{ id: number }>(
      `INSERT INTO customers (msisdn, first_name, other_names, sex, date_of_birth, id_type, national_id, nida_number, birth_region,
                              resident_region, resident_district, customer_key, security_question, security_answer_hash, store_id,
                              registered_by_agent_id, registered_at)
       VALUES ($1, $2, $3, $4, $5, 'nida', $6, $7, 'Dar es Salaam', 'Dar es Salaam', 'Ilala', $8, $9, $10, $11, $12, $13)
       ON CONFLICT DO NOTHING RETURNING id`,
      [
        c.msisdn,
        c.first_name,
        c.other_names,
        c.sex,
        c.date_of_birth,
        formatNida(c.nida),
        c.nida,
        c.key,
        c.question,
        hash,
        agent.store_id,
        agent.id,
        at,
      ],
    );
    if (row) {
      await db.query(
        'INSERT INTO customer_limits (customer_id, limit_amount, score, updated_at) VALUES ($1, $2, 780, $3) ON CONFLICT (customer_id) DO NOTHING',
        [row.id, c.limit, at],
      );
    }
  }

  // Stock: at least MIN_STOCK handsets of every model on sale, IMEIs on the model's own TAC.
  const models = await db.query<{ id: number; tac: string | null; in_stock: number }>(
    `SELECT m.id, (SELECT substr(min(i.imei), 1, 8) FROM inventory_items i WHERE i.phone_model_id = m.id) AS tac,
            (SELECT count(*) FROM inventory_items i WHERE i.phone_model_id = m.id AND i.store_id = $1 AND i.status = 'in_stock')::int AS in_stock
       FROM phone_models m WHERE m.active AND EXISTS (SELECT 1 FROM phone_prices p WHERE p.phone_model_id = m.id AND p.effective_to IS NULL)
      ORDER BY m.id`,
    [agent.store_id],
  );
  for (const m of models) {
    const tac = m.tac ?? `3599${String(m.id).padStart(4, '0')}`;
    for (let k = m.in_stock; k < MIN_STOCK; k++) {
      const payload = `${tac}${String(900_000 + m.id * 10 + k).slice(-6)}`;
      await db.query(
        "INSERT INTO inventory_items (phone_model_id, store_id, imei, status, received_at) VALUES ($1, $2, $3, 'in_stock', $4) ON CONFLICT (imei) DO NOTHING",
        [m.id, agent.store_id, `${payload}${luhnCheckDigit(payload)}`, at],
      );
    }
  }
}
