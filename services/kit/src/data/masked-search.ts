import { phoneMaskedFor } from '../core/phone';
import { escapeLike } from './sql';
import { typedForm } from './typed-search';

/**
 * Searches as the viewer sees the rows (spec 1 §9: priority 3 and above see a phone as `****` and
 * its last 5 digits). A "contains" filter on the stored number let such a viewer guess the hidden
 * digits one at a time and read the answer's count (an audit recovered a whole number in 30
 * requests). For them the column is compared in a form where every digit with five more digits
 * after it (a space, dot or dash allowed between) is a `*`, and so is the search term: a phone
 * keeps its last 5 digits, any run of digits its last 5, and a search can only match what the row
 * shows. Viewers who see phones whole search the column as stored.
 *
 * A column of digits (a phone) is compared as stored (ILIKE, its plain trigram index); a text that
 * may quote a phone (a message, a reason, a lookup's content) is compared as staff type it
 * (`{ typed: true }`: without diacritics and in any case, kit typed-search, its typed index).
 */
const HIDDEN_DIGIT = /\d(?=(?:[ .-]?\d){5})/g;
/** The same rule in PostgreSQL's regular expressions (a parameter: the Where builder owns every `?`). */
const HIDDEN_DIGIT_PG = '[0-9](?=([ .-]?[0-9]){5})';

/** The search term as a viewer of this priority may compare it (see above). */
export function searchTermFor(text: string, viewerPriority: number): string {
  return phoneMaskedFor(viewerPriority) ? text.replace(HIDDEN_DIGIT, '*') : text;
}

/** How the column is compared: `typed` for text staff search as they type (see above). */
export interface MaskedSearchOptions {
  typed?: boolean;
}

function maskedLike(column: string, pattern: string, viewerPriority: number, o: MaskedSearchOptions): [string, ...unknown[]] {
  const shown = phoneMaskedFor(viewerPriority) ? `regexp_replace(${column}, ?, '*', 'g')` : column;
  const values = phoneMaskedFor(viewerPriority) ? [HIDDEN_DIGIT_PG, pattern] : [pattern];
  return [o.typed ? `${typedForm(shown)} LIKE ${typedForm('?')}` : `${shown} ILIKE ?`, ...values];
}

/**
 * The clause "the column contains the text", as this viewer sees both, and its values:
 * `where.add(...maskedContains('str_mes', q, who.priority))`.
 */
export function maskedContains(column: string, text: string, viewerPriority: number, o: MaskedSearchOptions = {}): [string, ...unknown[]] {
  return maskedLike(column, `%${escapeLike(searchTermFor(text, viewerPriority))}%`, viewerPriority, o);
}

/** The clause "the column ends with the text" (a phone by its last digits), as this viewer sees both. */
export function maskedEndsWith(column: string, text: string, viewerPriority: number): [string, ...unknown[]] {
  return maskedLike(column, `%${escapeLike(searchTermFor(text, viewerPriority))}`, viewerPriority, {});
}
