import { redirect } from 'react-router';
import { DEFAULT_DEAL_PAGE_PATH } from '~/features/campaigns/deal-pages.server.ts';

/** /deals (spec §2): the deal pages start at /deals/all-deals. */
export function loader() {
  return redirect(DEFAULT_DEAL_PAGE_PATH, 301);
}
