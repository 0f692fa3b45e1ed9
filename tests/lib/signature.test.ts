import { describe, expect, it } from 'vitest';
import { nameWords, signatureProblem } from '../../src/lib/signature';

describe('the signature is the customer’s full name', () => {
  const name = 'Amani Joseph Mrisho';

  it('accepts the name whatever the case, accents, spacing and order', () => {
    expect(signatureProblem('Amani Joseph Mrisho', name)).toBeNull();
    expect(signatureProblem('  mrisho   AMANI joseph ', name)).toBeNull();
    expect(signatureProblem('Amàni Jösèph Mrishó', name)).toBeNull();
    expect(signatureProblem('Mrisho, Amani-Joseph', name)).toBeNull();
    expect(signatureProblem('Zuhura Mwajuma', 'Zuhúra Mwajuma')).toBeNull();
  });

  it('refuses another person’s name (the "John Doe" signature)', () => {
    expect(signatureProblem('John Doe', name)).toBe('signatureNotCustomer');
    expect(signatureProblem('Amani Joseph Mrisho Doe', name)).toBe('signatureNotCustomer');
    expect(signatureProblem('Amani Amani Joseph Mrisho', name)).toBe('signatureNotCustomer');
  });

  it('refuses a part of the name and an empty signature, each with its own reason', () => {
    expect(signatureProblem('Amani', name)).toBe('signatureIncomplete');
    expect(signatureProblem('Amani Mrisho', name)).toBe('signatureIncomplete');
    expect(signatureProblem('  ', name)).toBe('signatureMissing');
    expect(signatureProblem('...', name)).toBe('signatureMissing');
  });

  it('splits a name into plain words', () => {
    expect(nameWords("Ng'wana  MÁRIA")).toEqual(['ng', 'wana', 'maria']);
  });
});
