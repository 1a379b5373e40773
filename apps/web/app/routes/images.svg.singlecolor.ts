import { singleColorIconResponse } from '~/features/static-files/single-color-icon.ts';
import type { Route } from './+types/images.svg.singlecolor';

/** /images/svg/singlecolor/{hex}?icon=<name> (spec §2 static server routes): an icon of a fixed set in one colour. */
export function loader({ params, request }: Route.LoaderArgs) {
  return singleColorIconResponse(params.hex, new URL(request.url));
}
