/**
 * Categories and brands for the header search's suggestions and for an empty result's "nearest categories"
 * (issue 11), matched by name on the snapshot alone: no query, so they can answer on every keystroke.
 */
import type { CategoryNode } from './category-tree.ts';
import { editDistance, isOneEditAway } from './edit-distance.ts';
import type { SearchCatalogue } from './search-catalogue.ts';
import { findSuggestionDistance, MIN_TYPO_WORD_LENGTH } from './text-match.ts';
import { normalizeText, parseQueryTerms, singularize, tokenizeWords } from './text-terms.ts';

export type CategorySuggestion = { id: string; name: string; url: string; productCount: number };
export type BrandSuggestion = { id: string; name: string; productCount: number };

/** The singular words of a category's name ("Knee pads" → knee, pad). */
function nameWords(name: string): string[] {
  return tokenizeWords(name).map(singularize);
}

/** The query's words, singular (the brand rewrite applies: `bbs` is `bb`). */
function queryWords(text: string): string[] {
  return parseQueryTerms(text).flatMap((term) => tokenizeWords(term.text).map(singularize));
}

/** Whether a query word finds a name word: as a prefix, or one typo away when it has five letters or more. */
function findsWord(queryWord: string, word: string): boolean {
  if (word.startsWith(queryWord)) return true;
  if (queryWord.length < MIN_TYPO_WORD_LENGTH) return false;
  // The name word cut to the query word's length, one shorter or one longer: a typo in a word still being typed.
  for (let length = queryWord.length - 1; length <= queryWord.length + 1; length++) {
    if (isOneEditAway(queryWord, word.slice(0, length))) return true;
  }
  return false;
}

function toSuggestion(category: CategoryNode, productCount: number): CategorySuggestion {
  return { id: category.id, name: category.name, url: category.url, productCount };
}

/** Categories whose name words take every query word (each a prefix, one typo allowed), most products first. */
export function suggestCategories(catalogue: SearchCatalogue, text: string, limit: number): CategorySuggestion[] {
  const words = queryWords(text);
  if (words.length === 0) return [];
  return catalogue.categories
    .listAll()
    .filter((category) => {
      const names = nameWords(category.name);
      return words.every((word) => names.some((name) => findsWord(word, name)));
    })
    .map((category) => toSuggestion(category, catalogue.index.countCategory(category.id)))
    .filter((suggestion) => suggestion.productCount > 0)
    .sort((a, b) => b.productCount - a.productCount || a.name.localeCompare(b.name))
    .slice(0, limit);
}

/**
 * How near a category's name is to the query: 0 when a name word starts with a query word (or the reverse, for
 * words of three letters or more), else the smallest edit distance within `findSuggestionDistance`; undefined when
 * too far.
 */
function categoryDistance(words: readonly string[], names: readonly string[]): number | undefined {
  let best: number | undefined;
  for (const word of words) {
    for (const name of names) {
      const isPrefix = name.startsWith(word) || (name.length >= 3 && word.startsWith(name));
      const distance = isPrefix && Math.min(word.length, name.length) >= 3 ? 0 : editDistance(word, name);
      if (distance <= findSuggestionDistance(word) && (best === undefined || distance < best)) best = distance;
    }
  }
  return best;
}

/** The most categories `nearestCategories` names for an empty result (the contract's limit). */
const NEAREST_CATEGORY_COUNT = 4;

/**
 * For a search that found nothing: up to four categories whose names are nearest to the query's words (by prefix,
 * then edit distance), nearest first, then the one with more products.
 */
export function findNearestCategories(
  catalogue: SearchCatalogue,
  text: string,
): Array<{ id: string; name: string; url: string }> {
  const words = queryWords(text).filter((word) => !/\d/.test(word));
  if (words.length === 0) return [];
  return catalogue.categories
    .listAll()
    .flatMap((category) => {
      const distance = categoryDistance(words, nameWords(category.name));
      const productCount = catalogue.index.countCategory(category.id);
      return distance === undefined || productCount === 0 ? [] : [{ category, distance, productCount }];
    })
    .sort((a, b) => a.distance - b.distance || b.productCount - a.productCount)
    .slice(0, NEAREST_CATEGORY_COUNT)
    .map(({ category }) => ({ id: category.id, name: category.name, url: category.url }));
}

/** Brands whose name starts with the text (first) or contains it, then by products; `bbs`/`bb's` mean `bb`. */
export function suggestBrands(catalogue: SearchCatalogue, text: string, limit: number): BrandSuggestion[] {
  const wanted = parseQueryTerms(text)
    .map((term) => term.text)
    .join(' ');
  if (wanted.length === 0) return [];
  return catalogue.index
    .listValueTotals('brand')
    .flatMap(({ value, label, count }) => {
      const name = normalizeText(label);
      const position = name.indexOf(wanted);
      return position < 0 || count === 0
        ? []
        : [{ id: value, name: label, productCount: count, isStart: position === 0 }];
    })
    .sort((a, b) => Number(b.isStart) - Number(a.isStart) || b.productCount - a.productCount)
    .slice(0, limit)
    .map(({ id, name, productCount }) => ({ id, name, productCount }));
}
