import { startTransition, useEffect, useState } from 'react';
import { type DeviceInfo, watchDeviceInfo } from './device-info.ts';

/**
 * The device info (lib/device-info.ts), refreshed 50 ms after a resize. The wide layout's on the server and while
 * hydrating, so the server's HTML (and the page without JavaScript) is the wide layout's markup. The real answer comes
 * in a transition after the first render: on a phone it moves the listing's filters into their drawer, and as a
 * transition React renders that in slices the page can answer between (a 120–260 ms task right after hydration at a
 * phone's CPU otherwise, issue 12).
 */
export function useDeviceInfo(): DeviceInfo {
  const [info, setInfo] = useState<DeviceInfo>({ isPhone: false });
  useEffect(
    () =>
      watchDeviceInfo(window, (next) =>
        startTransition(() => setInfo((current) => (current.isPhone === next.isPhone ? current : next))),
      ),
    [],
  );
  return info;
}
