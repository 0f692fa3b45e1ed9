import { liveStoreAction, liveStoreLists, liveStoreLoads } from '../../services/stores';
import { notice } from '../notices';

/** The stores area (issue 12). */
export const storeLists = liveStoreLists(notice('success', 'common.addedSuccessfully'));
export const storeLoads = liveStoreLoads;
export const storeAction = liveStoreAction;
