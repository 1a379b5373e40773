import { useId } from 'react';
import { Button } from '~/components/ui/button.tsx';
import {
  defaultValueOf,
  discriminatorOf,
  fieldKindOf,
  fieldLabel,
  fieldPath,
  matchVariant,
  moveItem,
  resolveNode,
  type SchemaNode,
  variantLabel,
  variantsOf,
} from './schema-form-model.ts';

/** Choices for fields that name another document (`elementId`, `formId`): the keys of that kind. */
export type DocumentPickers = { elementId: readonly string[]; formId: readonly string[] };

type FieldProps = {
  root: SchemaNode;
  node: SchemaNode;
  value: unknown;
  onChange: (value: unknown) => void;
  /** The API's path of this value (`body.blocks.0.heading`), for its error. */
  path: string;
  label: string;
  /** Errors of the last save, by path. */
  errors: ReadonlyMap<string, string>;
  pickers: DocumentPickers;
};

const INPUT_CLASSES =
  'w-full rounded-md border border-neutral-300 bg-white px-2 py-1.5 text-sm text-neutral-900 aria-invalid:border-red-700';
/** Text longer than this gets a text area. */
const LONG_TEXT_LENGTH = 300;

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (message === undefined) return null;
  return (
    <p id={id} className="mt-1 text-sm text-red-700">
      {message}
    </p>
  );
}

/** One value of a document's body, as its schema node says: the editor's form is made of these. */
export function SchemaField(props: FieldProps) {
  const node = resolveNode(props.root, props.node);
  switch (fieldKindOf(node)) {
    case 'union':
      return <UnionField {...props} node={node} />;
    case 'object':
      return <ObjectField {...props} node={node} />;
    case 'array':
      return <ArrayField {...props} node={node} />;
    case 'const':
    case 'null':
      return null;
    default:
      return <ScalarField {...props} node={node} />;
  }
}

function ScalarField({ node, value, onChange, path, label, errors, pickers }: FieldProps) {
  const id = useId();
  const error = errors.get(path);
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [node.description ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  const common = {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy || undefined,
    className: INPUT_CLASSES,
  };
  const kind = fieldKindOf(node);
  const name = path.split('.').at(-1) ?? '';
  const picks = name === 'elementId' || name === 'formId' ? pickers[name] : null;
  let control: React.ReactNode;
  if (kind === 'boolean') {
    return (
      <div>
        <label className="inline-flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            className="checkbox"
            checked={value === true}
            onChange={(event) => onChange(event.target.checked)}
          />
          {label}
        </label>
        <FieldError id={errorId} message={error} />
      </div>
    );
  }
  if (kind === 'enum' || picks !== null) {
    const options = (picks ?? node.enum ?? []).map(String);
    const current = String(value ?? '');
    control = (
      <select {...common} value={current} onChange={(event) => onChange(coerceChoice(node, event.target.value))}>
        {options.includes(current) ? null : <option value={current}>{current || '(choose)'}</option>}
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    );
  } else if (kind === 'number') {
    control = (
      <input
        {...common}
        type="number"
        inputMode="numeric"
        min={node.minimum}
        max={node.maximum}
        value={typeof value === 'number' ? value : ''}
        onChange={(event) => onChange(event.target.value === '' ? 0 : Number(event.target.value))}
      />
    );
  } else if ((node.maxLength ?? 0) > LONG_TEXT_LENGTH) {
    control = (
      <textarea
        {...common}
        rows={3}
        maxLength={node.maxLength}
        value={String(value ?? '')}
        onChange={(event) => onChange(event.target.value)}
      />
    );
  } else {
    control = (
      <input
        {...common}
        type="text"
        maxLength={node.maxLength}
        value={String(value ?? '')}
        onChange={(event) => onChange(event.target.value)}
      />
    );
  }
  return (
    <div>
      <label htmlFor={id} className="label-sm">
        {label}
      </label>
      {control}
      {node.description ? (
        <p id={hintId} className="mt-0.5 text-xs text-neutral-600">
          {node.description}
        </p>
      ) : null}
      <FieldError id={errorId} message={error} />
    </div>
  );
}

/** A choice keeps its schema's type: the enum `[2, 3]` of a heading level stays a number. */
function coerceChoice(node: SchemaNode, chosen: string): unknown {
  const match = node.enum?.find((option) => String(option) === chosen);
  return match ?? chosen;
}

function ObjectField({ root, node, value, onChange, path, label, errors, pickers }: FieldProps) {
  const object = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  const properties = Object.entries(node.properties ?? {});
  const error = errors.get(path);
  const fields = properties.map(([name, child]) => {
    const resolved = resolveNode(root, child);
    if (resolved.const !== undefined) return null;
    const isRequired = node.required?.includes(name) ?? false;
    const childPath = fieldPath(path, name);
    const childLabel = fieldLabel(name);
    if (!isRequired && !(name in object)) {
      return (
        <div key={name}>
          <Button
            severity="white"
            className="px-3 py-1.5 text-sm"
            onClick={() => onChange({ ...object, [name]: defaultValueOf(root, resolved, name) })}
          >
            + Add {childLabel.toLowerCase()}
          </Button>
        </div>
      );
    }
    const kind = fieldKindOf(resolved);
    const isGroup = kind === 'object' || kind === 'array' || kind === 'union';
    return (
      <div key={name} className={isGroup ? 'sm:col-span-2' : ''}>
        <SchemaField
          root={root}
          node={resolved}
          value={object[name]}
          onChange={(next) => onChange({ ...object, [name]: next })}
          path={childPath}
          label={childLabel}
          errors={errors}
          pickers={pickers}
        />
        {isRequired ? null : (
          <Button
            severity="white"
            className="mt-1 px-3 py-1.5 text-sm"
            onClick={() => {
              const { [name]: _removed, ...rest } = object;
              onChange(rest);
            }}
          >
            Remove {childLabel.toLowerCase()}
          </Button>
        )}
      </div>
    );
  });
  return (
    <fieldset className="rounded-md border border-neutral-200 p-3">
      <legend className="px-1 text-sm font-semibold text-neutral-800">{label}</legend>
      {error ? <p className="mb-2 text-sm text-red-700">{error}</p> : null}
      <div className="grid gap-3 sm:grid-cols-2">{fields}</div>
    </fieldset>
  );
}

/** A text that may be left out (`string | null`, a landing page's category): empty is none. */
function nullableTextOf(root: SchemaNode, variants: readonly SchemaNode[]): SchemaNode | null {
  if (variants.length !== 2) return null;
  const [first, second] = variants.map((variant) => resolveNode(root, variant));
  if (first === undefined || second === undefined) return null;
  if (fieldKindOf(second) === 'null' && fieldKindOf(first) === 'text') return first;
  if (fieldKindOf(first) === 'null' && fieldKindOf(second) === 'text') return second;
  return null;
}

function UnionField(props: FieldProps) {
  const { root, node, value, onChange } = props;
  const variants = variantsOf(node) ?? [];
  const text = nullableTextOf(root, variants);
  if (text !== null) {
    return (
      <ScalarField
        {...props}
        node={{ ...text, description: text.description ?? 'Leave empty for none.' }}
        value={value ?? ''}
        onChange={(next) => onChange(next === '' ? null : next)}
      />
    );
  }
  return <ShapeChoiceField {...props} variants={variants} />;
}

function ShapeChoiceField({
  root,
  value,
  onChange,
  path,
  label,
  errors,
  pickers,
  variants,
}: FieldProps & { variants: SchemaNode[] }) {
  const id = useId();
  const current = matchVariant(root, variants, value);
  const variant = variants[current];
  if (variant === undefined) return null;
  const resolved = resolveNode(root, variant);
  const choose = (index: number) => {
    const chosen = variants[index];
    if (chosen === undefined) return;
    const fresh = defaultValueOf(root, chosen) as unknown;
    // A block keeps its id and audience when its type changes.
    if (typeof fresh === 'object' && fresh !== null && typeof value === 'object' && value !== null) {
      const { id: keptId, audience } = value as Record<string, unknown>;
      onChange({
        ...fresh,
        ...(keptId === undefined ? {} : { id: keptId }),
        ...(audience === undefined ? {} : { audience }),
      });
    } else onChange(fresh);
  };
  const showsChoice = variants.length > 1;
  return (
    <div className="flex flex-col gap-2">
      {showsChoice ? (
        <div>
          <label htmlFor={id} className="label-sm">
            {label}: type
          </label>
          <select
            id={id}
            className={`${INPUT_CLASSES} sm:w-64`}
            value={String(current)}
            onChange={(event) => choose(Number(event.target.value))}
          >
            {variants.map((option, index) => (
              <option key={variantLabel(root, option)} value={index}>
                {variantLabel(root, option)}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <SchemaField
        root={root}
        node={resolved}
        value={value}
        onChange={onChange}
        path={path}
        label={fieldKindOf(resolved) === 'object' ? `${label}: ${variantLabel(root, resolved)}` : label}
        errors={errors}
        pickers={pickers}
      />
    </div>
  );
}

function ArrayField({ root, node, value, onChange, path, label, errors, pickers }: FieldProps) {
  const items = Array.isArray(value) ? value : [];
  const itemNode = node.items === undefined ? {} : resolveNode(root, node.items);
  const itemVariants = variantsOf(itemNode);
  const addId = useId();
  const error = errors.get(path);
  const canAdd = node.maxItems === undefined || items.length < node.maxItems;
  const canRemove = items.length > (node.minItems ?? 0);
  const singular = label.replace(/s$/, '').toLowerCase();
  const itemKind = fieldKindOf(itemNode);
  const isGroupItem = itemKind === 'object' || (itemKind === 'union' && discriminatedItems(root, itemNode));
  const isShortList = items.length <= FOLDED_LIST_LENGTH;
  const add = (variantIndex: number) => {
    const variant = itemVariants?.[variantIndex] ?? itemNode;
    onChange([...items, defaultValueOf(root, variant)]);
  };
  return (
    <fieldset className="rounded-md border border-neutral-200 p-3">
      <legend className="px-1 text-sm font-semibold text-neutral-800">
        {label} <span className="font-normal text-neutral-600">({items.length})</span>
      </legend>
      {error ? <p className="mb-2 text-sm text-red-700">{error}</p> : null}
      <ol className="flex flex-col gap-3">
        {items.map((item, index) => {
          const itemLabel = `${fieldLabel(singular)} ${index + 1}`;
          const itemPath = fieldPath(path, index);
          const field = (
            <SchemaField
              root={root}
              node={itemNode}
              value={item}
              onChange={(next) => onChange(items.map((old, position) => (position === index ? next : old)))}
              path={itemPath}
              label={itemLabel}
              errors={errors}
              pickers={pickers}
            />
          );
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: list items have no id of their own; position is what they are
            <li key={index} className="rounded-md bg-neutral-50 p-2">
              {isGroupItem ? (
                // a page's blocks fold to one line each, so the page's order reads at a glance; one with an error opens
                <details open={isShortList || hasErrorWithin(errors, itemPath)}>
                  <summary className="cursor-pointer rounded px-1 py-1 text-sm font-semibold text-neutral-800">
                    {itemLabel}: {describeItem(root, itemNode, item)}
                  </summary>
                  <div className="mt-2">{field}</div>
                </details>
              ) : (
                field
              )}
              <div className="mt-2 flex flex-wrap gap-1">
                <Button
                  severity="secondary"
                  className="px-3 py-1.5 text-sm"
                  disabled={index === 0}
                  aria-label={`Move up ${itemLabel.toLowerCase()}`}
                  onClick={() => onChange(moveItem(items, index, index - 1))}
                >
                  Move up
                </Button>
                <Button
                  severity="secondary"
                  className="px-3 py-1.5 text-sm"
                  disabled={index === items.length - 1}
                  aria-label={`Move down ${itemLabel.toLowerCase()}`}
                  onClick={() => onChange(moveItem(items, index, index + 1))}
                >
                  Move down
                </Button>
                <Button
                  severity="secondary"
                  className="px-3 py-1.5 text-sm"
                  disabled={!canRemove}
                  aria-label={`Remove ${itemLabel.toLowerCase()}`}
                  onClick={() => onChange(items.filter((_, position) => position !== index))}
                >
                  Remove
                </Button>
              </div>
            </li>
          );
        })}
      </ol>
      {canAdd ? (
        itemVariants !== null && itemVariants.length > 1 ? (
          <AddVariant
            id={addId}
            label={singular}
            options={itemVariants.map((variant) => variantLabel(root, variant))}
            onAdd={add}
          />
        ) : (
          <Button severity="secondary" className="mt-3 px-3 py-1.5 text-sm" onClick={() => add(0)}>
            + Add {singular}
          </Button>
        )
      ) : null}
    </fieldset>
  );
}

/** Lists longer than this show their groups folded (a page's blocks, a FAQ's questions). */
const FOLDED_LIST_LENGTH = 3;

/** Whether a list's items are groups of fields told apart by a type (blocks, rich-text nodes), not plain values. */
function discriminatedItems(root: SchemaNode, node: SchemaNode): boolean {
  return (variantsOf(node) ?? []).every((variant) => discriminatorOf(root, variant) !== null);
}

function hasErrorWithin(errors: ReadonlyMap<string, string>, path: string): boolean {
  return [...errors.keys()].some((field) => field === path || field.startsWith(`${path}.`));
}

/** A folded item's line: its shape and its first words ("Hero — Board sports wholesale…"). */
function describeItem(root: SchemaNode, node: SchemaNode, value: unknown): string {
  const variants = variantsOf(node);
  const fields = (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;
  const shapeName = variants === null ? '' : variantLabel(root, variants[matchVariant(root, variants, value)] ?? node);
  // two heroes, one for visitors and one for buyers, are told apart by their audience
  const shape = typeof fields.audience === 'string' ? `${shapeName} (${fields.audience})` : shapeName;
  const words = [fields.heading, fields.question, fields.text, fields.label, fields.elementId, fields.formId].find(
    (candidate): candidate is string => typeof candidate === 'string' && candidate !== '',
  );
  const short = words !== undefined && words.length > 60 ? `${words.slice(0, 57)}…` : words;
  return [shape, short].filter(Boolean).join(' — ');
}

/** "Add a block of type …": a choice of the item's shapes and an Add button. */
function AddVariant({
  id,
  label,
  options,
  onAdd,
}: {
  id: string;
  label: string;
  options: readonly string[];
  onAdd: (index: number) => void;
}) {
  return (
    <div className="mt-3 flex flex-wrap items-end gap-2">
      <div>
        <label htmlFor={id} className="label-sm block">
          New {label}
        </label>
        <select id={id} className="field-sm">
          {options.map((option, index) => (
            <option key={option} value={index}>
              {option}
            </option>
          ))}
        </select>
      </div>
      <Button
        severity="secondary"
        className="px-3 py-1.5 text-sm"
        onClick={() => {
          const select = document.getElementById(id) as HTMLSelectElement | null;
          onAdd(Number(select?.value ?? 0));
        }}
      >
        + Add {label}
      </Button>
    </div>
  );
}
