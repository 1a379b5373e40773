// biome-ignore-all lint/style/noNonNullAssertion: typed-array indexes here are in bounds by construction, and `?? 0` would add a branch to the hottest loops of search.
import {
  type Bitset,
  countWords,
  createEmptyBitset,
  createFullBitset,
  hasBit,
  intersectInto,
  setBit,
} from './bitset.ts';
import {
  buildCheckboxColumn,
  buildNumberColumn,
  type CheckboxColumn,
  countCheckboxValues,
  findRangeBounds,
  matchCheckbox,
  matchRange,
  type NumberColumn,
} from './facet-columns.ts';
import { MatchSet } from './match-set.ts';
import type {
  FacetResult,
  SearchDocument,
  SearchFilter,
  SearchHit,
  SearchIndexOptions,
  SearchQuery,
  SearchResult,
  SortKey,
} from './search-types.ts';
import { buildNumberSortColumn, buildTextSortColumn, rankIds, type SortColumn } from './sort-orders.ts';
import { type TermDictionary, TermDictionaryBuilder } from './term-dictionary.ts';
import { buildDocumentTerms, type DocumentTerms, matchQueryTerms, scoreDocument } from './text-match.ts';
import { normalizeItemNumber, parseQueryTerms, TEXT_FIELD, tokenizeWords } from './text-terms.ts';

/** A filter turned into the bitset of the documents it lets through. */
type AppliedFilter = { filter: SearchFilter; bits: Bitset };

/**
 * In-process search index over products: immutable once built (a refresh builds a new one and swaps it).
 *
 * Documents are numbered 0…n-1. Filters are bitsets combined word-wise; facet counts intersect per-value bitsets
 * with the mask of the OTHER filters (so an OR facet counts as if its own selection were absent); free text is a
 * sorted term dictionary answered as prefix ranges; sorting walks precomputed permutations.
 */
export class SearchIndex {
  readonly size: number;
  readonly #ids: string[];
  readonly #docById: Map<string, number>;
  readonly #checkboxColumns = new Map<string, CheckboxColumn>();
  readonly #numberColumns = new Map<string, NumberColumn>();
  readonly #categoryBits = new Map<string, Bitset>();
  readonly #sortColumns = new Map<string, SortColumn>();
  readonly #dictionary: TermDictionary;
  readonly #documentTerms: DocumentTerms;

  private constructor(documents: readonly SearchDocument[], options: SearchIndexOptions) {
    this.size = documents.length;
    this.#ids = documents.map((document) => document.id);
    this.#docById = new Map();
    this.#ids.forEach((id, doc) => {
      if (this.#docById.has(id)) throw new Error(`Duplicate search document id ${id}`);
      this.#docById.set(id, doc);
    });

    const builder = new TermDictionaryBuilder();
    documents.forEach((document, doc) => {
      for (const word of tokenizeWords(document.name)) builder.add(word, doc, TEXT_FIELD.name);
      for (const word of tokenizeWords(document.brand)) builder.add(word, doc, TEXT_FIELD.brand);
      for (const itemNumber of [document.id, ...document.itemNumbers]) {
        const term = normalizeItemNumber(itemNumber);
        if (term.length > 0) builder.add(term, doc, TEXT_FIELD.itemNumber);
      }
      for (const categoryId of document.categoryPath) {
        let bits = this.#categoryBits.get(categoryId);
        if (bits === undefined) {
          bits = createEmptyBitset(this.size);
          this.#categoryBits.set(categoryId, bits);
        }
        setBit(bits, doc);
      }
    });
    this.#dictionary = builder.build();
    this.#documentTerms = buildDocumentTerms(this.#dictionary, this.size);

    for (const field of options.checkboxFields) {
      const column = buildCheckboxColumn(
        documents.map((document) => document.values[field]),
        options.labels?.[field],
        options.compareValues?.[field],
      );
      this.#checkboxColumns.set(field, column);
    }

    const idRank = rankIds(this.#ids);
    this.#sortColumns.set('id', buildTextSortColumn(this.#ids, idRank));
    this.#sortColumns.set(
      'name',
      buildTextSortColumn(
        documents.map((document) => document.name),
        idRank,
      ),
    );
    for (const field of options.numberFields) {
      const values = Float64Array.from(documents, (document) => document.numbers[field] ?? Number.NaN);
      this.#numberColumns.set(field, buildNumberColumn(values));
      this.#sortColumns.set(field, buildNumberSortColumn(values, idRank));
    }
  }

  /** Builds an index; throws on duplicate ids. */
  static build(documents: readonly SearchDocument[], options: SearchIndexOptions): SearchIndex {
    return new SearchIndex(documents, options);
  }

  /** Whether a document with this id is indexed. */
  hasDocument(id: string): boolean {
    return this.#docById.has(id);
  }

  /** Whether `field` is a checkbox facet, a number (slider) field, or unknown. */
  getFieldKind(field: string): 'checkbox' | 'number' | undefined {
    if (this.#checkboxColumns.has(field)) return 'checkbox';
    if (this.#numberColumns.has(field)) return 'number';
    return undefined;
  }

  /** Answers a query: a page of hits in the requested order, the total, and the requested facets' options. */
  search(query: SearchQuery): SearchResult {
    const terms = parseQueryTerms(query.text ?? '');
    const base = terms.length > 0 ? matchQueryTerms(this.#dictionary, terms, this.size) : createFullBitset(this.size);
    if (query.categoryId !== undefined) {
      intersectInto(base, this.#categoryBits.get(query.categoryId) ?? createEmptyBitset(this.size));
    }

    const applied = this.#applyFilters(query.filters ?? []);
    const all = base.slice();
    for (const { bits } of applied) intersectInto(all, bits);
    const matches = new MatchSet(all, this.size);

    const docs = this.#selectPage(matches, query.sort ?? [], query.skip ?? 0, query.take ?? 24);
    const hits: SearchHit[] = Array.from(docs, (doc) => ({
      id: this.#ids[doc]!,
      score: terms.length > 0 ? scoreDocument(this.#dictionary, this.#documentTerms, doc, terms) : 0,
    }));
    const facets = (query.facets ?? []).map((facet) => this.#countFacet(facet, applied, base, matches));
    return { hits, total: matches.count, facets };
  }

  #applyFilters(filters: readonly SearchFilter[]): AppliedFilter[] {
    const applied: AppliedFilter[] = [];
    const fields = new Set<string>();
    for (const filter of filters) {
      if (fields.has(filter.field)) throw new Error(`Field ${filter.field} is filtered twice`);
      fields.add(filter.field);
      if (filter.type === 'Slider') {
        const column = this.#numberColumns.get(filter.field);
        if (column === undefined) throw new Error(`${filter.field} is not a number field`);
        const min = filter.min ?? null;
        const max = filter.max ?? null;
        // spec §5: a slider applies only when min or max is set.
        if (min === null && max === null) continue;
        applied.push({ filter, bits: matchRange(column, min, max, this.size) });
      } else {
        const column = this.#checkboxColumns.get(filter.field);
        if (column === undefined) throw new Error(`${filter.field} is not a checkbox field`);
        if (filter.values.length === 0) continue;
        applied.push({ filter, bits: matchCheckbox(column, filter.values, filter.type === 'CheckboxAnd', this.size) });
      }
    }
    return applied;
  }

  /** Documents matching the text, the category and every filter except the one on `field`. */
  #matchOthers(field: string, applied: readonly AppliedFilter[], base: Bitset): MatchSet {
    const bits = base.slice();
    for (const { filter, bits: filterBits } of applied) if (filter.field !== field) intersectInto(bits, filterBits);
    return new MatchSet(bits, this.size);
  }

  #countFacet(
    facet: { field: string; type: string },
    applied: readonly AppliedFilter[],
    base: Bitset,
    matches: MatchSet,
  ): FacetResult {
    const own = applied.find(({ filter }) => filter.field === facet.field)?.filter;
    const numberColumn = this.#numberColumns.get(facet.field);
    if (numberColumn !== undefined) {
      const scope = own === undefined ? matches : this.#matchOthers(facet.field, applied, base);
      const bounds = findRangeBounds(numberColumn, scope);
      const selected = own?.type === 'Slider' ? own : undefined;
      return {
        field: facet.field,
        type: 'Slider',
        ...bounds,
        selectedMin: selected?.min ?? null,
        selectedMax: selected?.max ?? null,
      };
    }
    const column = this.#checkboxColumns.get(facet.field);
    if (column === undefined) throw new Error(`${facet.field} is not a facet field`);
    const selection = own !== undefined && own.type !== 'Slider' ? own : undefined;
    const type = selection?.type ?? (facet.type === 'CheckboxAnd' ? 'CheckboxAnd' : 'CheckboxOr');
    // OR: count as if the facet's own selection were absent. AND: count within the current matches, so a
    // value's count is what ticking it as well would leave.
    const scope = selection?.type === 'CheckboxOr' ? this.#matchOthers(facet.field, applied, base) : matches;
    const counts = countCheckboxValues(column, scope);
    const selectedValues = new Set(selection?.values ?? []);
    const options: Array<{ value: string; label: string; count: number; isSelected: boolean }> = [];
    for (const id of column.optionOrder) {
      const value = column.values[id]!;
      const isSelected = selectedValues.has(value);
      if (counts[id]! > 0 || isSelected)
        options.push({ value, label: column.labels[id]!, count: counts[id]!, isSelected });
    }
    for (const value of selectedValues) {
      if (!column.valueIds.has(value)) options.push({ value, label: value, count: 0, isSelected: true });
    }
    return { field: facet.field, type, options };
  }

  /** The documents of one page, in sort order. */
  #selectPage(matches: MatchSet, sort: readonly SortKey[], skip: number, take: number): Uint32Array {
    if (take <= 0 || skip >= matches.count) return new Uint32Array(0);
    const end = Math.min(skip + take, matches.count);
    if (sort.length === 0) return matches.list().slice(skip, end);
    const columns = sort.map((key) => {
      const column = this.#sortColumns.get(key.field);
      if (column === undefined) throw new Error(`Cannot sort on ${key.field}`);
      return { column, isDescending: key.direction === 'Descending' };
    });
    if (columns.length === 1) {
      const { column, isDescending } = columns[0]!;
      return this.#selectInOrder(matches, isDescending ? column.descending : column.ascending, skip, end);
    }
    return this.#selectByRanks(matches, columns, skip, end);
  }

  /**
   * One sort key: walk the permutation while matches are dense (expected steps ≈ end × n / matches); otherwise
   * mark each match's position in a bitset and read the positions back in order (matches + n/32 steps).
   */
  #selectInOrder(
    matches: MatchSet,
    { order, position }: { order: Uint32Array; position: Uint32Array },
    skip: number,
    end: number,
  ): Uint32Array {
    const page = new Uint32Array(end - skip);
    let seen = 0;
    if ((end * this.size) / matches.count <= matches.count + countWords(this.size)) {
      for (let index = 0; index < order.length && seen < end; index++) {
        const doc = order[index]!;
        if (hasBit(matches.bits, doc)) {
          if (seen >= skip) page[seen - skip] = doc;
          seen++;
        }
      }
      return page;
    }
    const positions = createEmptyBitset(this.size);
    for (const doc of matches.list()) setBit(positions, position[doc]!);
    for (let word = 0; word < positions.length && seen < end; word++) {
      let bits = positions[word]!;
      while (bits !== 0 && seen < end) {
        const lowest = bits & -bits;
        if (seen >= skip) page[seen - skip] = order[(word << 5) + 31 - Math.clz32(lowest)]!;
        seen++;
        bits ^= lowest;
      }
    }
    return page;
  }

  /** Several sort keys: sort the matches by their ranks (documents without a value last), then by id. */
  #selectByRanks(
    matches: MatchSet,
    columns: ReadonlyArray<{ column: SortColumn; isDescending: boolean }>,
    skip: number,
    end: number,
  ): Uint32Array {
    const idPosition = this.#sortColumns.get('id')!.ascending.position;
    const docs = matches.list().slice();
    docs.sort((a, b) => {
      for (const { column, isDescending } of columns) {
        const rankA = column.rank[a]!;
        const rankB = column.rank[b]!;
        if (rankA === rankB) continue;
        if (rankA < 0) return 1;
        if (rankB < 0) return -1;
        return isDescending ? rankB - rankA : rankA - rankB;
      }
      return idPosition[a]! - idPosition[b]!;
    });
    return docs.slice(skip, end);
  }
}
