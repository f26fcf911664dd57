// A request's word may be a compound from WordNet ("old_age", "stage-fright"): its parts, and the
// part that names what it is (the last: "fright" of "stage-fright").
export const partsOf = (word: string): string[] => word.split(/[_-]/);
export const headOf = (word: string): string => partsOf(word).pop() ?? word;
