// People's names as typed: whitespace and invisible characters (zero-width spaces, joiners, BOM, bidi
// controls) around a name are dropped; a name that is nothing but those is blank; control characters and
// bidi overrides inside a name are refused (they spoof how other text around the name reads).
const EDGE = /^[\s\p{Cf}]+|[\s\p{Cf}]+$/gu;
const FORBIDDEN = /[\p{Cc}\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]/u;

export const NAME_CHARACTERS_MESSAGE = "Names cannot contain control or hidden formatting characters";

export function cleanName(value: string): string {
  return value.replace(EDGE, "");
}

export function hasOnlyNameCharacters(value: string): boolean {
  return !FORBIDDEN.test(value);
}
