import type { FieldError, MenuEntry } from '@b2b/contract';
import { type AreaId, MAX_MENU_ENTRY_NAME_LENGTH } from '@b2b/contract/constants';
import type { SiteMenuResponse } from '@b2b/contract/menus';
import { useEffect, useRef, useState } from 'react';
import { Form, Link, useNavigation } from 'react-router';
import { Alert } from '~/components/ui/alert.tsx';
import { Button, buttonClassName } from '~/components/ui/button.tsx';
import { formatDateTime } from '~/lib/format.ts';
import {
  addEntry,
  canAddChild,
  canIndent,
  canMoveDown,
  canMoveUp,
  canOutdent,
  type EntryPath,
  entryAt,
  indentEntry,
  moveDown,
  moveUp,
  newEntryId,
  outdentEntry,
  removeEntry,
  updateEntry,
} from './menu-tree.ts';

type MenuTag = MenuEntry['tags'][number];

/** The tags in the words of the header (spec §2 Menus). */
const TAG_LABELS: ReadonlyArray<[MenuTag, string]> = [
  ['primary', 'Main menu'],
  ['secondary', 'Top menu'],
  ['requires-login', 'Logged-in users only (main menu)'],
  ['anonymous-only', 'Visitors not logged in only'],
];

type Action = 'up' | 'down' | 'indent' | 'outdent' | 'add-child' | 'remove';

/** The API's field errors by entry path: `entries.0.children.1.url` → "0.1" → { url: message }. */
function errorsByEntry(errors: readonly FieldError[]): Map<string, Record<string, string>> {
  const byEntry = new Map<string, Record<string, string>>();
  for (const error of errors) {
    const match = /^entries\.(\d+(?:\.children\.\d+)*)(?:\.(\w+))?/.exec(error.field);
    if (!match) continue;
    const key = (match[1] as string).replaceAll('.children.', '.');
    const fields = byEntry.get(key) ?? {};
    fields[match[2] ?? 'entry'] = error.message;
    byEntry.set(key, fields);
  }
  return byEntry;
}

const SMALL_BUTTON = 'px-2 py-1 text-xs';

/**
 * /backoffice/menus (issue 28): the area's site menu as a tree an editor changes in place (name, link, where it
 * shows; add, move up and down, indent and outdent, remove), then saves whole. Nothing is saved until Save; a save
 * someone else's save overtook keeps the editor's work and offers to look at theirs or to save over it.
 */
export function MenuEditor({
  menu,
  result,
}: {
  menu: SiteMenuResponse;
  result:
    | { kind: 'saved' }
    | { kind: 'invalid'; message: string; errors: FieldError[] }
    | { kind: 'conflict'; message: string; current: SiteMenuResponse }
    | null;
}) {
  const [entries, setEntries] = useState<MenuEntry[]>(menu.entries);
  const [history, setHistory] = useState<MenuEntry[][]>([]);
  const [status, setStatus] = useState('');
  const focusAfterMove = useRef<{ id: string; action: Action } | null>(null);
  const treeRef = useRef<HTMLOListElement>(null);
  const navigation = useNavigation();
  const isSaving = navigation.state === 'submitting';
  const isChanged = JSON.stringify(entries) !== JSON.stringify(menu.entries);
  const errors = result?.kind === 'invalid' ? errorsByEntry(result.errors) : new Map<string, Record<string, string>>();
  // After a conflict the editor may save over the newer menu: it then sends the version it has seen.
  const [baseVersion, setBaseVersion] = useState(menu.version);

  useEffect(() => {
    const target = focusAfterMove.current;
    if (!target || !treeRef.current) return;
    focusAfterMove.current = null;
    const item = treeRef.current.querySelector<HTMLElement>(`[data-entry-id="${target.id}"]`);
    item?.querySelector<HTMLElement>(`[data-action="${target.action}"]`)?.focus();
  });

  useEffect(() => {
    if (!isChanged) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [isChanged]);

  function change(next: MenuEntry[], message: string, focus?: { id: string; action: Action }) {
    if (next === entries) return;
    setHistory((past) => [...past.slice(-49), entries]);
    setEntries(next);
    setStatus(message);
    focusAfterMove.current = focus ?? null;
  }

  function edit(path: EntryPath, patch: Partial<Omit<MenuEntry, 'children'>>) {
    setEntries((current) => updateEntry(current, path, patch));
  }

  function act(path: EntryPath, action: Action) {
    const entry = entryAt(entries, path);
    if (!entry) return;
    const focus = { id: entry.id, action };
    switch (action) {
      case 'up':
        if (canMoveUp(path)) change(moveUp(entries, path), `Moved “${entry.name}” up.`, focus);
        return;
      case 'down':
        if (canMoveDown(entries, path)) change(moveDown(entries, path), `Moved “${entry.name}” down.`, focus);
        return;
      case 'indent':
        if (canIndent(entries, path)) change(indentEntry(entries, path), `“${entry.name}” is now a sub-entry.`, focus);
        return;
      case 'outdent':
        if (canOutdent(path)) change(outdentEntry(entries, path), `“${entry.name}” moved up a level.`, focus);
        return;
      case 'add-child': {
        if (!canAddChild(path)) return;
        const child: MenuEntry = {
          id: newEntryId(entries, 'New entry'),
          name: 'New entry',
          url: '/',
          tags: [],
          children: [],
        };
        change(addEntry(entries, path, child), `Added a sub-entry to “${entry.name}”.`, { id: child.id, action: 'up' });
        return;
      }
      case 'remove': {
        const children = entry.children.length;
        const also = children === 0 ? '' : ` and its ${children === 1 ? 'sub-entry' : `${children} sub-entries`}`;
        change(removeEntry(entries, path), `Removed “${entry.name}”${also}. Undo brings it back until you save.`);
        return;
      }
    }
  }

  function addTopLevel() {
    const entry: MenuEntry = {
      id: newEntryId(entries, 'New entry'),
      name: 'New entry',
      url: '/',
      tags: ['primary'],
      children: [],
    };
    change(addEntry(entries, [], entry), 'Added an entry at the end of the menu.', { id: entry.id, action: 'up' });
  }

  function undo() {
    const previous = history.at(-1);
    if (!previous) return;
    setHistory((past) => past.slice(0, -1));
    setEntries(previous);
    setStatus('Undone.');
  }

  function renderEntries(list: MenuEntry[], parentPath: EntryPath) {
    return list.map((entry, index) => {
      const path = [...parentPath, index];
      const key = path.join('.');
      const fieldErrors = errors.get(key) ?? {};
      const level = path.length;
      const nameId = `menu-entry-${entry.id}-name`;
      const urlId = `menu-entry-${entry.id}-url`;
      const actionButton = (
        action: Action,
        label: string,
        isPossible: boolean,
        severity: 'secondary' | 'danger' = 'secondary',
      ) => (
        <Button
          severity={severity}
          data-action={action}
          aria-disabled={!isPossible || undefined}
          aria-label={`${label}: ${entry.name}`}
          className={`${SMALL_BUTTON} aria-disabled:cursor-not-allowed aria-disabled:opacity-50`}
          onClick={() => act(path, action)}
        >
          {label}
        </Button>
      );
      return (
        <li key={entry.id} data-entry-id={entry.id} data-testid="menu-entry" className="flex flex-col gap-2">
          <div className="rounded-md border border-neutral-200 bg-white p-3">
            <div className="flex flex-wrap items-end gap-3">
              <div className="flex min-w-48 flex-1 flex-col gap-1">
                <label htmlFor={nameId} className="label-sm">
                  Name <span className="font-normal text-neutral-600">(level {level})</span>
                </label>
                <input
                  id={nameId}
                  value={entry.name}
                  maxLength={MAX_MENU_ENTRY_NAME_LENGTH}
                  onChange={(event) => edit(path, { name: event.target.value })}
                  aria-invalid={fieldErrors.name ? true : undefined}
                  aria-describedby={fieldErrors.name ? `${nameId}-error` : undefined}
                  className="field-sm"
                />
                {fieldErrors.name ? (
                  <p id={`${nameId}-error`} className="text-xs text-red-700">
                    Name {fieldErrors.name}
                  </p>
                ) : null}
              </div>
              <div className="flex min-w-48 flex-1 flex-col gap-1">
                <label htmlFor={urlId} className="label-sm">
                  Link
                </label>
                <input
                  id={urlId}
                  value={entry.url}
                  onChange={(event) => edit(path, { url: event.target.value })}
                  aria-invalid={fieldErrors.url ? true : undefined}
                  aria-describedby={fieldErrors.url ? `${urlId}-error` : undefined}
                  className="field-sm font-mono"
                  spellCheck={false}
                />
                {fieldErrors.url ? (
                  <p id={`${urlId}-error`} className="text-xs text-red-700">
                    Link {fieldErrors.url}
                  </p>
                ) : null}
              </div>
            </div>
            <fieldset
              className="mt-2"
              aria-describedby={fieldErrors.tags ? `menu-entry-${entry.id}-tags-error` : undefined}
            >
              <legend className="label-sm">Shown in</legend>
              <div className="mt-1 flex flex-wrap gap-x-4 gap-y-2">
                {TAG_LABELS.map(([tag, label]) => (
                  <label key={tag} className="flex min-h-6 items-center gap-2 text-sm">
                    <input
                      type="checkbox"
                      className="checkbox"
                      checked={entry.tags.includes(tag)}
                      onChange={(event) =>
                        edit(path, {
                          tags: event.target.checked
                            ? [...entry.tags, tag]
                            : entry.tags.filter((existing) => existing !== tag),
                        })
                      }
                    />
                    {label}
                  </label>
                ))}
              </div>
              {fieldErrors.tags ? (
                <p id={`menu-entry-${entry.id}-tags-error`} className="mt-1 text-xs text-red-700">
                  {fieldErrors.tags}
                </p>
              ) : null}
            </fieldset>
            {fieldErrors.children || fieldErrors.entry || fieldErrors.id ? (
              <p className="mt-1 text-xs text-red-700">
                {fieldErrors.children ? `Sub-entries ${fieldErrors.children}` : (fieldErrors.id ?? fieldErrors.entry)}
              </p>
            ) : null}
            <div className="mt-3 flex flex-wrap gap-2">
              {actionButton('up', 'Move up', canMoveUp(path))}
              {actionButton('down', 'Move down', canMoveDown(entries, path))}
              {actionButton('indent', 'Indent', canIndent(entries, path))}
              {actionButton('outdent', 'Outdent', canOutdent(path))}
              {actionButton('add-child', 'Add sub-entry', canAddChild(path))}
              {actionButton('remove', 'Remove', true, 'danger')}
            </div>
          </div>
          {entry.children.length > 0 ? (
            <ol
              aria-label={`Sub-entries of ${entry.name}`}
              className="ml-4 flex flex-col gap-2 border-l-2 border-neutral-200 pl-3 sm:ml-6"
            >
              {renderEntries(entry.children, path)}
            </ol>
          ) : null}
        </li>
      );
    });
  }

  return (
    <div className="flex flex-col gap-4">
      {result?.kind === 'saved' && !isChanged ? (
        <Alert tone="success" title="Menu saved">
          The storefront shows it within a few seconds.
        </Alert>
      ) : null}
      {result?.kind === 'invalid' ? (
        <Alert title="The menu was not saved">
          <p>{result.message}</p>
          {result.errors.length > 1 ? <p>{result.errors.length} fields need a change; each is marked below.</p> : null}
        </Alert>
      ) : null}
      {result?.kind === 'conflict' && baseVersion !== result.current.version ? (
        <Alert title="Someone else saved this menu after you opened it">
          <p>
            {result.current.lastChange
              ? `${result.current.lastChange.byUsername} saved it at ${formatDateTime(result.current.lastChange.at)} (UTC). `
              : ''}
            Your changes are still here, not saved.
          </p>
          <div className="mt-2 flex flex-wrap gap-2">
            <Link reloadDocument to={`?area=${menu.areaId}`} className={buttonClassName('secondary', 'px-3 py-1.5')}>
              Load their menu (drops your changes)
            </Link>
            <Button severity="danger" className="px-3 py-1.5" onClick={() => setBaseVersion(result.current.version)}>
              Keep mine, to save over theirs
            </Button>
          </div>
        </Alert>
      ) : null}
      <p role="status" className="sr-only">
        {status}
      </p>
      <ol ref={treeRef} aria-label="Site menu entries" className="flex flex-col gap-2">
        {renderEntries(entries, [])}
      </ol>
      <div className="sticky bottom-0 flex flex-wrap items-center gap-2 border-t border-neutral-200 bg-neutral-100 py-3">
        <Button severity="secondary" onClick={addTopLevel}>
          Add entry
        </Button>
        <Button
          severity="secondary"
          onClick={undo}
          aria-disabled={history.length === 0 || undefined}
          className="aria-disabled:opacity-50"
        >
          Undo
        </Button>
        <Form method="post" className="ml-auto flex flex-wrap items-center gap-2">
          <input type="hidden" name="areaId" value={menu.areaId} />
          <input type="hidden" name="version" value={baseVersion} />
          <input type="hidden" name="entries" value={JSON.stringify(entries)} />
          {isChanged ? <span className="text-sm text-neutral-700">Unsaved changes</span> : null}
          <Button type="submit" disabled={isSaving}>
            {isSaving ? 'Saving…' : 'Save menu'}
          </Button>
        </Form>
      </div>
    </div>
  );
}

export function MenuAreaTabs({
  areaId,
  areas,
}: {
  areaId: AreaId;
  areas: ReadonlyArray<{ id: AreaId; name: string }>;
}) {
  return (
    <nav aria-label="Sales area">
      <ul className="flex flex-wrap gap-2">
        {areas.map((area) => (
          <li key={area.id}>
            <Link
              to={`?area=${area.id}`}
              aria-current={area.id === areaId ? 'page' : undefined}
              className={buttonClassName(area.id === areaId ? 'primary' : 'secondary', 'px-3 py-1.5')}
            >
              {area.name}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
