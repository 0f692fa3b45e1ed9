import { fuzzRoutes } from './contract-fuzz';

// Half of the routes (./contract-fuzz.ts says why and how); the other half is in contract-fuzz-1.test.ts.
fuzzRoutes(1, 2);
