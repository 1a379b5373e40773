import { DEFAULT_DEAL_PAGE_TYPE } from '@b2b/contract';
import { redirect } from 'react-router';

/** /deals (spec §2): the deal pages start at /deals/all-deals. */
export function loader() {
  return redirect(`/deals/${DEFAULT_DEAL_PAGE_TYPE}`, 301);
}
