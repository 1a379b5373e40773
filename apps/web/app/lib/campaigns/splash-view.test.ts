import type { DiscountCode } from '@b2b/contract';
import { describe, expect, it } from 'vitest';
import { toSplashMap } from './splash-view.ts';

const CODES: DiscountCode[] = [
  { id: 'minus-20', name: '-20 %', properties: { label: '-20 %', backgroundColor: '#b91c1c', textColor: '#ffffff' } },
  { id: 'outlet', name: 'Outlet', properties: {} },
];

describe('discount splashes as shown (spec §3 Discount splash, issue 27)', () => {
  it("shows the code's label on its colours, else its name on the shop's neutral colours", () => {
    expect(toSplashMap({ P1: ['minus-20', 'outlet'] }, CODES)).toEqual({
      P1: [
        { id: 'minus-20', label: '-20 %', backgroundColor: '#b91c1c', textColor: '#ffffff' },
        { id: 'outlet', label: 'Outlet', backgroundColor: '#f5f5f5', textColor: '#171717' },
      ],
    });
  });

  it('leaves out codes the area settings do not know, and products left with none', () => {
    expect(toSplashMap({ P1: ['gone'], P2: ['gone', 'outlet'] }, CODES)).toEqual({
      P2: [{ id: 'outlet', label: 'Outlet', backgroundColor: '#f5f5f5', textColor: '#171717' }],
    });
  });
});
