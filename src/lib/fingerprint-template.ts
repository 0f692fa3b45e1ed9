/**
 * The simulated fingerprint template: base64 of `SIMFP1:<finger>`, where finger is whose finger the bridge
 * simulator scanned: `any` (matches every NIDA number), `stranger` (matches none) or a 20-digit NIDA number
 * (matches only itself). The bridge writes it, the converter keeps it, the NIDA simulator reads it.
 */
const PREFIX = 'SIMFP1:';

export const ANY_FINGER = 'any';
export const STRANGER_FINGER = 'stranger';

export function templateOfFinger(finger: string): string {
  return btoa(`${PREFIX}${finger}`);
}

/** Whose finger a template holds, or null when it is not a simulator template. */
export function fingerOfTemplate(template: string): string | null {
  let text: string;
  try {
    text = atob(template);
  } catch {
    return null;
  }
  if (!text.startsWith(PREFIX)) return null;
  const finger = text.slice(PREFIX.length);
  return finger === ANY_FINGER || finger === STRANGER_FINGER || /^\d{20}$/.test(finger) ? finger : null;
}

/** The NIDA simulator's match rule. */
export function templateMatchesNida(template: string, nida: string): boolean {
  const finger = fingerOfTemplate(template);
  return finger === ANY_FINGER || (finger !== null && finger !== STRANGER_FINGER && finger === nida);
}
