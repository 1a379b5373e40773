import { DEVICE_INFO_RESIZE_DELAY_MS } from '@b2b/contract/constants';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type DeviceInfo, PHONE_MEDIA_QUERY, watchDeviceInfo } from './device-info.ts';

/** A window whose width the test sets; its media query answers from that width, as a browser's would. */
function fakeWindow(initialWidth: number) {
  const target = new EventTarget();
  const view = {
    width: initialWidth,
    matchMedia: (query: string) => {
      expect(query).toBe(PHONE_MEDIA_QUERY);
      return { matches: view.width < 768 } as MediaQueryList;
    },
    addEventListener: target.addEventListener.bind(target) as Window['addEventListener'],
    removeEventListener: target.removeEventListener.bind(target) as Window['removeEventListener'],
    resizeTo(width: number) {
      view.width = width;
      target.dispatchEvent(new Event('resize'));
    },
  };
  return view;
}

describe('device info (the layout’s phone or desktop switch)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  // spec §9: "device info refresh 50 ms after resize"
  it('is read at once, then again 50 ms after the last resize, once however many resizes came before', () => {
    expect(DEVICE_INFO_RESIZE_DELAY_MS).toBe(50);
    const view = fakeWindow(1366);
    const seen: DeviceInfo[] = [];
    const stop = watchDeviceInfo(view, (info) => seen.push(info));
    expect(seen).toEqual([{ isPhone: false }]);

    for (const width of [1200, 900, 600, 390]) {
      view.resizeTo(width);
      vi.advanceTimersByTime(20);
    }
    vi.advanceTimersByTime(29);
    expect(seen).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(seen).toEqual([{ isPhone: false }, { isPhone: true }]);

    stop();
    view.resizeTo(1366);
    vi.advanceTimersByTime(1000);
    expect(seen).toHaveLength(2);
  });
});
