import type { Answer } from './pglite';

/** What the server's thread and the embedded database's thread say to each other (decision 073). */
export type ThreadRequest =
  | { id: number; op: 'query'; sql: string; params: unknown[]; tx?: number }
  | { id: number; op: 'exec'; sql: string }
  | { id: number; op: 'begin' }
  | { id: number; op: 'end'; tx: number; commit: boolean }
  | { id: number; op: 'close' };

export type ThreadAnswer =
  | { id: number; rows: unknown[] }
  /** A statement's answer: a prepared statement's columns' names and each row's values in their order (decision 076). */
  | { id: number; answer: Answer }
  | { id: number; error: ErrorData }
  | { ready: true; id?: undefined };

/** An error as it crosses threads: its message and its own fields (PostgreSQL's code, detail, constraint...). */
export interface ErrorData {
  message: string;
  fields: Record<string, unknown>;
}

/** An error's message and own fields, which a structured clone of the error itself would drop. */
export function errorData(error: unknown): ErrorData {
  if (!(error instanceof Error)) return { message: String(error), fields: {} };
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(error)) {
    if (value === undefined || typeof value === 'function') continue;
    fields[key] = value;
  }
  fields.name = error.name;
  return { message: error.message, fields };
}

/** The error again on the other side: an Error with the same message, name and fields. */
export function errorFrom(data: ErrorData): Error {
  return Object.assign(new Error(data.message), data.fields);
}
