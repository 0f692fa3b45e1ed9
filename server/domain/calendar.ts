/**
 * Calendar days as the business counts them: in Tanzanian time (EAT, UTC+3, no daylight saving), written
 * 'YYYY-MM-DD' (due dates, dates of birth, "today" of a rule).
 */
export const DAY_MS = 86_400_000;
export const EAT_MS = 3 * 3_600_000;

/** The EAT calendar day of an instant. */
export const eatDay = (at: Date) => new Date(at.getTime() + EAT_MS).toISOString().slice(0, 10);
/** The instant an EAT calendar day starts. */
export const eatDayStart = (day: string) => new Date(Date.parse(`${day}T00:00:00.000Z`) - EAT_MS);
export const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00.000Z`) + days * DAY_MS).toISOString().slice(0, 10);
export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00.000Z`) - Date.parse(`${from}T00:00:00.000Z`)) / DAY_MS);
