/** The "View all <entry>" links of the mega menu's panels (main-menu.tsx, main-menu-panel.tsx). */
export const VIEW_ALL_LINK_CLASS = 'text-sm font-semibold text-accent-700 underline-offset-4 hover:underline';
