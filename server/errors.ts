/** An answer the API gives on purpose: status, message, and for a 400 the fields at fault. */
export class HttpError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 405 | 409 | 413 | 429,
    message: string,
    readonly extra: {
      fields?: Record<string, string>;
      role?: string;
      reason?: string;
      left?: number;
      retryAfterSeconds?: number;
      /** A refusal that hands back a record to act on (a deposit in progress: the contract's depositUnfinishedRefusal). */
      wizard?: Record<string, unknown>;
    } = {},
  ) {
    super(message);
  }
}

export const badRequest = (field: string, message: string) => new HttpError(400, message, { fields: { [field]: message } });
