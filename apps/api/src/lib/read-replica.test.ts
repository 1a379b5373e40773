import { describe, expect, it } from 'vitest';
import { parseWalPosition, replicaLagMs } from './read-replica.ts';

describe('parseWalPosition', () => {
  it('reads PostgreSQL positions so that they compare across the 32-bit boundary', () => {
    expect(parseWalPosition('0/0')).toBe(0n);
    expect(parseWalPosition('0/16B3748')).toBe(0x16b3748n);
    expect(parseWalPosition('1/0')).toBe(0x1_0000_0000n);
    expect(parseWalPosition('1/0') > parseWalPosition('0/FFFFFFFF')).toBe(true);
    expect(() => parseWalPosition('nonsense')).toThrow(/not a WAL position/);
  });
});

describe('replicaLagMs', () => {
  const samples = [
    { at: 1_000, position: 100n },
    { at: 2_000, position: 200n },
    { at: 3_000, position: 200n },
    { at: 4_000, position: 350n },
  ];

  it('is 0 when the replica has replayed every sampled position, also on an idle primary', () => {
    expect(replicaLagMs(samples, 350n, 4_100)).toBe(0);
    expect(replicaLagMs(samples, 400n, 4_100)).toBe(0);
  });

  it('counts from the oldest sample the replica has not replayed', () => {
    // Replayed up to 200: what the primary held at 4 s is missing.
    expect(replicaLagMs(samples, 200n, 4_500)).toBe(500);
    // Replayed up to 150: missing since the sample at 2 s, however long the primary stood still after it.
    expect(replicaLagMs(samples, 150n, 6_000)).toBe(4_000);
    // Behind every sample kept: at least as old as the oldest.
    expect(replicaLagMs(samples, 50n, 6_000)).toBe(5_000);
  });
});
