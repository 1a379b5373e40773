import { loadSearchSuggestions } from '~/features/search/search-suggestions.server.ts';
import type { Route } from './+types/resources.search-suggestions';

/** The header search's suggestions while typing (issue 11 §2), as JSON for its combobox. Public. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return loadSearchSuggestions(request, context);
}
