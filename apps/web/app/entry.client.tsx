/**
 * React Router's default browser entry, and one thing more: it marks the moment hydration begins, for the clicks that
 * came before (lib/early-clicks.ts): from then on React handles the page's clicks itself.
 */
import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { markHydrationBegun } from './lib/early-clicks.ts';

markHydrationBegun();
startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
