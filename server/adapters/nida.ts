import type { Queryable } from '../db/port';
import { templateMatchesNida } from '../../src/lib/fingerprint-template';

/**
 * The NIDA registry (National Identification Authority): is a NIDA number on the register, and does a fingerprint
 * template belong to its holder. Called outside any transaction (it is an outside party).
 */
export type NidaCheck = 'match' | 'mismatch' | 'unknown_nida';

export interface NidaRegistry {
  verifyFingerprint(nidaNumber: string, template: string): Promise<NidaCheck>;
}

/**
 * Demo and test simulator backed by the seed data: a NIDA number is on the register when a customer has it; the
 * fingerprint matches by the simulated template's rule (src/lib/fingerprint-template.ts): the finger `any`
 * matches every number, `stranger` none, a 20-digit NIDA number only itself.
 */
export function nidaSimulator(db: Queryable): NidaRegistry {
  return {
    async verifyFingerprint(nidaNumber, template) {
      const known = await db.query('SELECT 1 FROM customers WHERE nida_number = $1', [nidaNumber]);
      if (!known.length) return 'unknown_nida';
      return templateMatchesNida(template, nidaNumber) ? 'match' : 'mismatch';
    },
  };
}
