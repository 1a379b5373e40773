import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { EndedCampaignsNotice } from './ended-campaigns-notice.tsx';

describe('EndedCampaignsNotice', () => {
  it('names each campaign that ended while the cart was open and says the prices no longer include it', () => {
    const one = renderToStaticMarkup(
      <EndedCampaignsNotice
        calculated={{
          endedCampaigns: [{ campaignId: 'c1', name: 'Autumn clearance', validTo: '2026-11-27T14:14:00.000Z' }],
        }}
      />,
    );
    expect(one).toContain('A campaign has ended');
    expect(one).toContain('Autumn clearance ended 27 November 2026');
    expect(one).toContain('no longer include its discount');
    const two = renderToStaticMarkup(
      <EndedCampaignsNotice
        calculated={{
          endedCampaigns: [
            { campaignId: 'c1', name: 'Autumn clearance', validTo: '2026-11-27T14:14:00.000Z' },
            { campaignId: 'c2', name: 'Grip week', validTo: '2026-11-27T15:00:00.000Z' },
          ],
        }}
      />,
    );
    expect(two).toContain('Campaigns have ended');
    expect(two).toContain('no longer include their discount');
  });

  it('says nothing when no campaign ended', () => {
    expect(renderToStaticMarkup(<EndedCampaignsNotice calculated={{ endedCampaigns: [] }} />)).toBe('');
  });
});
