import { describe, expect, it } from 'vitest';
import { confirmLabel, confirmTitle, type UnusualQuantity, usualQuantityText } from './unusual-quantities.ts';

const helmet: UnusualQuantity = {
  itemNumber: '10001-03',
  name: 'Helmet Pro, M Black',
  quantity: 240,
  usualQuantity: 6,
};

describe('the question before a far-above-usual quantity', () => {
  it('says what the customer usually orders, or that they never did', () => {
    expect(usualQuantityText(helmet)).toBe('You usually order 6 of Helmet Pro, M Black.');
    expect(usualQuantityText({ ...helmet, usualQuantity: null })).toBe(
      'You have not ordered Helmet Pro, M Black before.',
    );
    expect(usualQuantityText({ ...helmet, name: null, usualQuantity: 1_200 })).toBe(
      'You usually order 1,200 of 10001-03.',
    );
  });

  it('asks for the one quantity, or for several at once', () => {
    expect(confirmTitle([helmet])).toBe('Check the quantity');
    expect(confirmLabel([helmet])).toBe('Add 240');
    expect(confirmTitle([helmet, { ...helmet, quantity: 1_500 }])).toBe('Check the quantities');
    expect(confirmLabel([helmet, helmet])).toBe('Add as entered');
  });
});
