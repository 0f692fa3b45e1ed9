import { fetchCollectionList, liveCollectionAction, liveCollectionLoad } from '../../services/collections';
import { listing } from './lists';

/** Loans, defaulters and debt collection (issue 14). */
export const collectionLists = {
  mine: listing({ fetchPage: fetchCollectionList('mine') }),
  npl: listing({ fetchPage: fetchCollectionList('npl') }),
  all: listing({ fetchPage: fetchCollectionList('all') }),
  loans: listing({ fetchPage: fetchCollectionList('loans') }),
  deposits: listing({ fetchPage: fetchCollectionList('deposits') }),
  ratings: listing({ fetchPage: fetchCollectionList('ratings') }),
  conversion: listing({ fetchPage: fetchCollectionList('conversion') }),
  claimed: listing({ fetchPage: fetchCollectionList('claimed') }),
};
export const collectionLoad = liveCollectionLoad;
export const collectionAction = liveCollectionAction;
