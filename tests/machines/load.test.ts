import { describe, expect } from 'vitest';
import { testModel } from './model';
import { loadModel } from './load.model';

describe('load machine (model-based)', () => {
  testModel({
    ...loadModel,
    states: {
      loaded: (s) => expect(s.context.data).toEqual({ company: 'Simu Pay Tanzania' }),
      failed: (s) => expect(s.context.failure?.status).toBe(500),
    },
  });
});
