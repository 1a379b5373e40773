/**
 * Editing the area's site menu in the back office (issue 28; spec §2 Menus, §3 area settings `menus`). The
 * `categories` menu is built from the catalogue and is not edited here.
 */
import { z } from 'zod';
import { type MenuEntry, menuEntrySchema, menuTagSchema } from './area.ts';
import { areaIdSchema } from './common.ts';
import { MAX_MENU_DEPTH, MAX_MENU_ENTRIES_PER_LEVEL, MAX_MENU_ENTRY_NAME_LENGTH } from './constants.ts';
import { safeLinkSchema } from './content-blocks.ts';

export const menuEntryIdSchema = z
  .string()
  .min(1)
  .max(60)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be lower-case letters, digits and dashes, e.g. about-us')
  .describe('Stable id of the entry within the menu, unique at every depth, e.g. `about-us`.');

/**
 * One entry as an editor saves it, `level` deep (1 = the top). Built per level rather than recursively, so that an
 * entry below the last level the storefront shows is refused where it stands (`entries.0.children.2.children`).
 */
function editableMenuEntrySchema(level: number): z.ZodType<MenuEntry> {
  const children =
    level < MAX_MENU_DEPTH
      ? z.array(editableMenuEntrySchema(level + 1)).max(MAX_MENU_ENTRIES_PER_LEVEL)
      : z.array(z.never()).max(0, `must be empty: the storefront's menus show ${MAX_MENU_DEPTH} levels`);
  return z
    .object({
      id: menuEntryIdSchema,
      name: z.string().trim().min(1, 'is required').max(MAX_MENU_ENTRY_NAME_LENGTH).describe('The text shown.'),
      url: safeLinkSchema.describe('Where the entry leads: a site path like /about, an http(s) URL or mailto:.'),
      tags: z
        .array(menuTagSchema)
        .max(4)
        .refine((tags) => new Set(tags).size === tags.length, 'must not name a tag twice')
        .describe(
          '`primary`: main menu; `secondary`: top menu; `requires-login`: main menu, logged-in users only; ' +
            '`anonymous-only`: only for visitors not logged in. Children follow their parent.',
        ),
      extraInfo: z.string().trim().max(200).optional().describe('A short note shown beside the entry, if any.'),
      children: children.describe('Entries under this one, in display order.'),
    })
    .strict();
}

/** The site menu's entries as saved: at most three levels, in display order. */
export const editableMenuEntriesSchema = z
  .array(editableMenuEntrySchema(1))
  .max(MAX_MENU_ENTRIES_PER_LEVEL)
  .describe(`The site menu's entries in display order, at most ${MAX_MENU_DEPTH} levels deep.`);

const menuVersionSchema = z
  .string()
  .min(1)
  .max(100)
  .describe('The version of the site menu the editor started from (GetMenus); a save from an older one answers 409.');

/** GET /backoffice/api/Area/GetMenus?areaId=eu */
export const getMenusQuery = z.object({ areaId: areaIdSchema }).strict();

/** POST /backoffice/api/Area/UpdateMenus */
export const updateMenusBody = z
  .object({ areaId: areaIdSchema, entries: editableMenuEntriesSchema, version: menuVersionSchema })
  .strict();
export type UpdateMenusBody = z.infer<typeof updateMenusBody>;

export const siteMenuResponse = z.object({
  areaId: areaIdSchema,
  entries: z.array(menuEntrySchema).describe("The site menu's entries, in display order."),
  version: z.string().describe('Send it back with UpdateMenus: a save from an older version answers 409.'),
  lastChange: z
    .object({ at: z.iso.datetime({ offset: true }), byUsername: z.string() })
    .nullable()
    .describe('When the menu was last saved in the back office, and by whom; null if never.'),
});
export type SiteMenuResponse = z.infer<typeof siteMenuResponse>;
