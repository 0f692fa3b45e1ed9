/** How a failed /portal_api call reaches a machine: plain data, whatever the HTTP client was. */
export interface CallFailure {
  /** The HTTP status, or null when the server could not be reached or its answer did not parse. */
  status: number | null;
  message: string;
  fields?: Record<string, string>;
  /** The server's machine-readable name of the refusal (see apiError), when it gave one. */
  reason?: string;
  left?: number;
  /** The customer's wizard a refusal hands back (deposits: depositUnfinishedRefusal), for the machine to parse. */
  wizard?: unknown;
}

export function isCallFailure(value: unknown): value is CallFailure {
  return typeof value === 'object' && value !== null && 'status' in value && 'message' in value;
}

export function toCallFailure(error: unknown): CallFailure {
  if (isCallFailure(error)) return error;
  return { status: null, message: error instanceof Error ? error.message : String(error) };
}
