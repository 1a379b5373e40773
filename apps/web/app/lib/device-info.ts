import { DEVICE_INFO_RESIZE_DELAY_MS } from '@b2b/contract/constants';

/** What the layout knows of the device: below Tailwind's `md` (768 px) it is laid out as a phone (issue 11 §3). */
export type DeviceInfo = { isPhone: boolean };

export const PHONE_MEDIA_QUERY = '(max-width: 767.98px)';

/** The device info of a window now. */
export function readDeviceInfo(view: Pick<Window, 'matchMedia'>): DeviceInfo {
  return { isPhone: view.matchMedia(PHONE_MEDIA_QUERY).matches };
}

/**
 * Hands `onChange` the device info at once, then again 50 ms after the last resize (spec §9): dragging a window's
 * edge fires dozens of resize events a second, and the layout is switched once, when the size has settled. Answers a
 * function that stops watching.
 */
export function watchDeviceInfo(
  view: Pick<Window, 'matchMedia' | 'addEventListener' | 'removeEventListener'>,
  onChange: (info: DeviceInfo) => void,
): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const onResize = () => {
    clearTimeout(timer);
    timer = setTimeout(() => onChange(readDeviceInfo(view)), DEVICE_INFO_RESIZE_DELAY_MS);
  };
  onChange(readDeviceInfo(view));
  view.addEventListener('resize', onResize);
  return () => {
    clearTimeout(timer);
    view.removeEventListener('resize', onResize);
  };
}
