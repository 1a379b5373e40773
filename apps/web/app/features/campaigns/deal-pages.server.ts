import { DEFAULT_DEAL_PAGE_TYPE } from '@b2b/contract';

/** Where /deals leads (spec §2: /deals/{campaignType}, all-deals by default). */
export const DEFAULT_DEAL_PAGE_PATH = `/deals/${DEFAULT_DEAL_PAGE_TYPE}`;
