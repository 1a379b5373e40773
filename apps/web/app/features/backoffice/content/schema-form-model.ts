/**
 * The content editor's form is generated from the contract's block schema (issue 28): the loader turns
 * `contentDocumentBodySchema` into JSON Schema (zod's `toJSONSchema`), and the editor walks it. Each node says what
 * field to show: text, number, a choice, a switch, a group of fields, a list (add, remove, move), or one of several
 * shapes (a block's type, a banner's plain or rich text). A new block type or field in the contract shows up in the
 * editor without a change here. Browser-safe: plain data, no zod.
 */

/** The part of JSON Schema (draft 2020-12, as zod writes it) the editor reads. */
export type SchemaNode = {
  $ref?: string;
  $defs?: Record<string, SchemaNode>;
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  properties?: Record<string, SchemaNode>;
  required?: string[];
  items?: SchemaNode;
  oneOf?: SchemaNode[];
  anyOf?: SchemaNode[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  description?: string;
};

export type FieldKind = 'union' | 'object' | 'array' | 'enum' | 'const' | 'boolean' | 'number' | 'text' | 'null';

/** A node with its `$ref` followed (`#/$defs/RichText`). */
export function resolveNode(root: SchemaNode, node: SchemaNode): SchemaNode {
  if (node.$ref === undefined) return node;
  const name = node.$ref.replace(/^#\/\$defs\//, '');
  const target = root.$defs?.[name];
  if (target === undefined) throw new Error(`The schema has no definition ${node.$ref}`);
  return { ...target, ...(node.description === undefined ? {} : { description: node.description }) };
}

/** The shapes a value of this node may take, when there are several; null for a node of one shape. */
export function variantsOf(node: SchemaNode): SchemaNode[] | null {
  if (node.oneOf) return node.oneOf;
  if (node.anyOf) return node.anyOf;
  if (Array.isArray(node.type)) return node.type.map((type) => ({ ...node, type }));
  return null;
}

export function fieldKindOf(node: SchemaNode): FieldKind {
  if (variantsOf(node) !== null) return 'union';
  if (node.const !== undefined) return 'const';
  if (node.enum !== undefined) return 'enum';
  switch (node.type) {
    case 'object':
      return 'object';
    case 'array':
      return 'array';
    case 'boolean':
      return 'boolean';
    case 'integer':
    case 'number':
      return 'number';
    case 'null':
      return 'null';
    default:
      return 'text';
  }
}

/** The property an object variant is told apart by (`type` of a block, `kind` of a body): one with a `const`. */
export function discriminatorOf(root: SchemaNode, variant: SchemaNode): { name: string; value: unknown } | null {
  const resolved = resolveNode(root, variant);
  for (const [name, property] of Object.entries(resolved.properties ?? {})) {
    if (property.const !== undefined) return { name, value: property.const };
  }
  return null;
}

function jsonTypeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value === 'object' ? 'object' : typeof value;
}

function acceptsType(node: SchemaNode, type: string): boolean {
  const types = Array.isArray(node.type) ? node.type : [node.type];
  return types.includes(type) || (type === 'integer' && types.includes('number'));
}

/** Which of the variants a value is: by its discriminator's value, else its constant, else its JSON type. */
export function matchVariant(root: SchemaNode, variants: readonly SchemaNode[], value: unknown): number {
  const found = variants.findIndex((candidate) => {
    const variant = resolveNode(root, candidate);
    const discriminator = discriminatorOf(root, variant);
    if (discriminator !== null) {
      return (
        typeof value === 'object' &&
        value !== null &&
        (value as Record<string, unknown>)[discriminator.name] === discriminator.value
      );
    }
    if (variant.const !== undefined) return variant.const === value;
    return acceptsType(variant, jsonTypeOf(value));
  });
  return Math.max(found, 0);
}

/** "callToAction" → "Call to action"; "productIds" → "Product ids". */
export function fieldLabel(name: string): string {
  const words = name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** What a variant is called in the editor's choices: a block type's name, a plain or a list shape. */
export function variantLabel(root: SchemaNode, variant: SchemaNode): string {
  const resolved = resolveNode(root, variant);
  const discriminator = discriminatorOf(root, resolved);
  if (discriminator !== null) return fieldLabel(String(discriminator.value));
  if (resolved.const !== undefined) return String(resolved.const);
  switch (fieldKindOf(resolved)) {
    case 'array':
      return 'Rich text (with amounts)';
    case 'null':
      return 'None';
    case 'text':
      return 'Plain text';
    case 'number':
      return 'Number';
    case 'object':
      return 'Group';
    default:
      return 'Value';
  }
}

/** An id for a new block: unique within its page in practice, and what the schema's id pattern accepts. */
function newBlockId(): string {
  return `block-${Math.random().toString(36).slice(2, 8)}`;
}

/**
 * The value a new field, list item or block starts with: its required fields filled (text empty, numbers at their
 * minimum, the first choice, lists with their fewest items), optional ones left out.
 */
export function defaultValueOf(root: SchemaNode, node: SchemaNode, name?: string): unknown {
  const resolved = resolveNode(root, node);
  switch (fieldKindOf(resolved)) {
    case 'union': {
      const [first] = variantsOf(resolved) ?? [];
      return first === undefined ? null : defaultValueOf(root, first, name);
    }
    case 'const':
      return resolved.const;
    case 'enum':
      return resolved.enum?.[0] ?? '';
    case 'object': {
      const value: Record<string, unknown> = {};
      for (const [property, child] of Object.entries(resolved.properties ?? {})) {
        if (resolved.required?.includes(property)) value[property] = defaultValueOf(root, child, property);
      }
      return value;
    }
    case 'array':
      return Array.from({ length: resolved.minItems ?? 0 }, () =>
        resolved.items === undefined ? '' : defaultValueOf(root, resolved.items),
      );
    case 'boolean':
      return false;
    case 'number':
      return resolved.minimum ?? 0;
    case 'null':
      return null;
    default:
      return name === 'id' && resolved.pattern !== undefined ? newBlockId() : '';
  }
}

/** A list with the item at `from` moved to `to` (up or down by one in the editor). */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  if (to < 0 || to >= items.length) return [...items];
  const moved = [...items];
  const [item] = moved.splice(from, 1);
  moved.splice(to, 0, item as T);
  return moved;
}

/** The body's path of a field as the API names it in a 400 (`body.blocks.0.heading`). */
export function fieldPath(parent: string, key: string | number): string {
  return parent === '' ? String(key) : `${parent}.${key}`;
}
