import { z } from 'zod';

/** The lock solutions a financed handset may carry (its maker's or a third party's). */
export const lockSolutionType = z.enum(['trustonic', 'oguard', 'rguard', 'zte', 'vivo', 'dial_code']);
export type LockSolutionType = z.infer<typeof lockSolutionType>;
