/**
 * The thesaurus senses (`data/thesaurus.json`) that the matcher's rules name
 * by id, declared once for every module that reads them.
 */

/** Seeing something, however it is shown. */
export const SEEING = "view";
/** Reading one thing's content. */
export const CONTENT_READING = "read";
/** Enumerating the things of a kind. */
export const LISTING = "list";
/** Finding out how many or how much. */
export const COUNTING = "count";
/** Making something new. */
export const MAKING = "create";
/** Finding out whether something holds or how it is. */
export const CHECKING = "check";
/** Looking for the things that match something. */
export const SEARCHING = "search";
/** Making a long text short, keeping its point. */
export const SUMMARIZING = "summarize";
/** Keeping something on record, to be recalled. */
export const REMEMBERING = "remember";
