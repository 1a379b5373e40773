/**
 * The category tree, held in memory with the search index (a few dozen rows): the category filter needs each
 * product's path, products list their categories, and content pages need breadcrumbs and children.
 */

export type CategoryNode = {
  id: string;
  parentId: string | null;
  name: string;
  url: string;
  sortOrder: number;
};

/** Immutable tree over category rows; unknown parents are treated as roots. */
export class CategoryTree {
  readonly #byId: Map<string, CategoryNode>;
  readonly #byUrl: Map<string, CategoryNode>;
  readonly #children: Map<string | null, CategoryNode[]>;

  constructor(nodes: readonly CategoryNode[]) {
    this.#byId = new Map(nodes.map((node) => [node.id, node]));
    this.#byUrl = new Map(nodes.map((node) => [node.url, node]));
    this.#children = new Map();
    for (const node of nodes) {
      const parentId = node.parentId !== null && this.#byId.has(node.parentId) ? node.parentId : null;
      const siblings = this.#children.get(parentId) ?? [];
      siblings.push(node);
      this.#children.set(parentId, siblings);
    }
    for (const siblings of this.#children.values()) {
      siblings.sort((a, b) => a.sortOrder - b.sortOrder || a.name.localeCompare(b.name));
    }
  }

  /** Every category. */
  listAll(): CategoryNode[] {
    return [...this.#byId.values()];
  }

  /** The category with this id. */
  get(id: string): CategoryNode | undefined {
    return this.#byId.get(id);
  }

  /** The category whose listing page is this path (e.g. `/skate/decks`). */
  findByUrl(url: string): CategoryNode | undefined {
    return this.#byUrl.get(url);
  }

  /** Direct children in display order; the roots for `null`. */
  listChildren(id: string | null): CategoryNode[] {
    return this.#children.get(id) ?? [];
  }

  /** From the root down to and including `id`; empty for an unknown id. Guards against cycles in bad data. */
  listPath(id: string): CategoryNode[] {
    const path: CategoryNode[] = [];
    const seen = new Set<string>();
    let node = this.#byId.get(id);
    while (node !== undefined && !seen.has(node.id)) {
      seen.add(node.id);
      path.unshift(node);
      node = node.parentId === null ? undefined : this.#byId.get(node.parentId);
    }
    return path;
  }
}
