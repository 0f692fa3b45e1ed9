import { define, type RouteContract } from './route';

/**
 * The actions staff take on a customer's loan and phone (issue 4): offline PIN, reset PIN, data bundles, lock
 * solution change, stolen and recovered, call ratings, SMS and statements. Spread into `routes` (./routes).
 */
export const customerActionRoutes = {} satisfies Record<string, RouteContract>;

void define;
