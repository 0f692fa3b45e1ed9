/** An answer the API gives on purpose: status, message, and for a 400 the fields at fault. */
export class HttpError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 429,
    message: string,
    readonly extra: { fields?: Record<string, string>; role?: string; reason?: string; left?: number; retryAfterSeconds?: number } = {},
  ) {
    super(message);
  }
}

export const badRequest = (field: string, message: string) => new HttpError(400, message, { fields: { [field]: message } });
