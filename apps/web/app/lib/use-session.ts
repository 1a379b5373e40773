import { AREA_DEFAULTS, DEFAULT_AREA_ID, SOLUTION_NAME } from '@b2b/contract/constants';
import { useRouteLoaderData } from 'react-router';
import type { SiteMenus } from './area.server.ts';
import type { SessionSummary } from './session-summary.ts';

export type RootData = {
  session: SessionSummary;
  menus: SiteMenus;
  solutionName: string;
  topBarText?: string | undefined;
  footerContent?: string | undefined;
};

const FALLBACK: RootData = {
  session: {
    isLoggedIn: false,
    isImpersonating: false,
    actsForCustomer: false,
    user: null,
    customer: null,
    area: {
      areaId: DEFAULT_AREA_ID,
      languageCode: AREA_DEFAULTS[DEFAULT_AREA_ID].languageCode,
      currencyCode: AREA_DEFAULTS[DEFAULT_AREA_ID].currencyCode,
    },
    displayCurrency: AREA_DEFAULTS[DEFAULT_AREA_ID].currencyCode,
  },
  menus: { main: [], top: [] },
  solutionName: SOLUTION_NAME,
};

/** The root loader's data; a safe anonymous fallback when it failed (error pages). */
export function useRootData(): RootData {
  return (useRouteLoaderData('root') as RootData | undefined) ?? FALLBACK;
}

/** The session summary for components: `useSession().isLoggedIn` decides whether prices show (spec §1). */
export function useSession(): SessionSummary {
  return useRootData().session;
}
