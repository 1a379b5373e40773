/**
 * The back office's audit log (issue 28): who changed what, when, with the values before and after, and the sales
 * reps' impersonation sessions (ADR 013) among them, so one list answers "who did what for this customer".
 */
import { z } from 'zod';

const pageSizeSchema = z.number().int().min(1).max(100).describe('Entries per page, 1 to 100.');
/** Deep pages merge the log with the sessions from the newest on; nobody reads 500 pages of a log. */
const pageNrSchema = z.number().int().min(1).max(500).describe('Page number, from 1 (at most 500).');

/** POST /backoffice/api/Audit/GetBySearch: every filter optional, paging required (spec §5). */
export const getAuditEntriesBySearchBody = z
  .object({
    actorUsername: z
      .string()
      .trim()
      .min(1)
      .max(100)
      .optional()
      .describe("Only what this user did (the username, case-insensitive): staff, or a sales rep's sessions."),
    objectType: z
      .string()
      .trim()
      .min(1)
      .max(50)
      .optional()
      .describe(
        'Only objects of this type, one of `objectTypes` in the answer (e.g. `document`, `redirect`, `order`, ' +
          '`menu`, `impersonation-session`).',
      ),
    objectId: z
      .string()
      .trim()
      .min(1)
      .max(300)
      .optional()
      .describe("Only this object: its own key (an order number, a redirect's path, a session's id)."),
    action: z
      .string()
      .trim()
      .min(1)
      .max(50)
      .optional()
      .describe('Only this action, e.g. `update`, `delete`, `state-change`, `impersonate`.'),
    from: z.iso.datetime({ offset: true }).optional().describe('Only entries from this moment on (inclusive).'),
    to: z.iso.datetime({ offset: true }).optional().describe('Only entries before this moment (exclusive).'),
    text: z
      .string()
      .trim()
      .min(1)
      .max(200)
      .optional()
      .describe("Part of the entry's summary (case-insensitive); for sessions also the customer and the reason."),
    pageSize: pageSizeSchema,
    pageNr: pageNrSchema,
  })
  .strict();
export type GetAuditEntriesBySearchBody = z.infer<typeof getAuditEntriesBySearchBody>;

export const auditEntrySchema = z.object({
  entryId: z.string().describe("The entry's id (a session's entry: the session's id)."),
  occurredAt: z.iso.datetime({ offset: true }).describe('When it happened (a session: when it started).'),
  actorUsername: z.string().describe('Who did it, as their username was then.'),
  objectType: z.string().describe('What kind of object, e.g. `redirect`, `menu`, `impersonation-session`.'),
  objectId: z.string().describe("The object's own key."),
  action: z.string().describe('What was done, e.g. `update`, `delete`, `impersonate`.'),
  summary: z.string().describe('One readable line, e.g. "Redirect /old → /new (301)".'),
  before: z.unknown().describe('The values before the change (JSON); null for a creation or a session.'),
  after: z
    .unknown()
    .describe('The values after the change (JSON); null for a deletion. A session: its customer, times and actions.'),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const getAuditEntriesBySearchResponse = z.object({
  entries: z.array(auditEntrySchema).describe('Newest first.'),
  totalCount: z.number().int(),
  pageNr: z.number().int(),
  pageSize: z.number().int(),
  objectTypes: z.array(z.string()).describe('Every object type the log knows, for a filter.'),
});
export type GetAuditEntriesBySearchResponse = z.infer<typeof getAuditEntriesBySearchResponse>;
