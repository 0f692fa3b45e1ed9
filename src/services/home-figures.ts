import { fromPromise } from 'xstate';
import { homeFiguresRoute } from '../contract/home-routes';
import { call } from './http';

/** The home page's figures (decision 024), apart from the analyses' calls so the dashboard loads no analysis schema. */
export const loadHomeFigures = fromPromise<unknown, { params: unknown }>(() => call(homeFiguresRoute));
