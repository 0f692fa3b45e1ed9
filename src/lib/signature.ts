/**
 * The typed signature on a contract: the customer's own full name. Compared word by word with the name on record,
 * whatever the case, the accents or the order of the names ("mrisho amani JOSÉPH" signs Amani Joseph Mrisho's
 * contract; "John Doe" and "Amani" do not). The wizard and the server both ask this; the answer is a code the
 * screen puts in words (`null` when the signature is the customer's).
 */
export type SignatureProblem = 'signatureMissing' | 'signatureNotCustomer' | 'signatureIncomplete';

/** The words of a name: accents dropped, lower case, anything not a letter or digit a separator. */
export function nameWords(name: string): string[] {
  return name
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

const counts = (words: string[]) => {
  const map = new Map<string, number>();
  for (const w of words) map.set(w, (map.get(w) ?? 0) + 1);
  return map;
};

export function signatureProblem(signedBy: string, customerName: string): SignatureProblem | null {
  const signed = nameWords(signedBy);
  if (signed.length === 0) return 'signatureMissing';
  const expected = counts(nameWords(customerName));
  const given = counts(signed);
  for (const [word, n] of given) if ((expected.get(word) ?? 0) < n) return 'signatureNotCustomer';
  for (const [word, n] of expected) if ((given.get(word) ?? 0) < n) return 'signatureIncomplete';
  return null;
}
