import type { Encoding } from './compressed-json';

/**
 * An answer already serialized as JSON: `register` sends its text as it is. A kept answer (domain/kept-answers.ts)
 * is serialized once, when it is computed, instead of being copied and serialized again on every call: for the
 * analyses' filter lists, some 100 kB of JSON, that was most of a call's time. `T` is the shape the text holds, so
 * a route's handler is still checked against its contract's response.
 */
export class JsonAnswer<T> {
  declare readonly shape?: T;
  /** Its text compressed, by encoding, once a client has asked for it so (compressed-json.ts). */
  readonly compressed = new Map<Encoding, Uint8Array<ArrayBuffer>>();
  constructor(readonly text: string) {}
  static of<T>(value: T): JsonAnswer<T> {
    return new JsonAnswer<T>(JSON.stringify(value));
  }
}
