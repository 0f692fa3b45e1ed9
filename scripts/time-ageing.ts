/**
 * npm run bench:ageing -- [--days-ahead 1]
 *
 * Times the background work of one day on the database of DATABASE_URL (after `npm run seed:scale`): the ageing
 * run as of N days from now (1 by default: every late loan is a day later, so its standing and audit row change),
 * then the analytics snapshot of that day. Prints how many loans were read and changed and the seconds each took.
 * It changes the database (the loans are aged to that day), as the server's own run would on that day.
 */
import { openPostgres } from '../server/db/postgres';
import { migrate } from '../server/db/migrate';
import { ageLoans } from '../server/domain/device-locking';
import { refreshAnalytics } from '../server/domain/analytics/refresh';

const url = process.env.DATABASE_URL;
if (!url) throw new Error('bench:ageing needs DATABASE_URL (a PostgreSQL seeded by npm run seed:scale)');
const at = process.argv.indexOf('--days-ahead');
const daysAhead = at > 0 ? Number(process.argv[at + 1]) : 1;
const now = new Date(Date.now() + daysAhead * 86_400_000);

const db = await openPostgres(url);
await migrate(db);
let started = performance.now();
const report = await ageLoans({ db }, now);
const ageing = (performance.now() - started) / 1000;
console.log(
  `ageing run as of ${now.toISOString().slice(0, 10)}: ${report.loans.toLocaleString('en')} active loans read, ` +
    `${report.updated.toLocaleString('en')} aged, ${report.locked} locked, ${report.unlocked} unlocked in ${ageing.toFixed(1)} s`,
);
started = performance.now();
const refreshed = await refreshAnalytics({ db }, now);
console.log(
  `analytics snapshot of ${refreshed.day} (cohorts ${refreshed.cohorts ? 'rebuilt' : 'kept'}) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
);
await db.close();
