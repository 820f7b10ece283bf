// Spec part 2 §5: strip spaces, dashes and parentheses; then optional +, a nonzero digit, up to 15 more digits.
const PHONE_PATTERN = /^\+?[1-9]\d{0,15}$/;

export function normalizePhone(input: string): string {
  return input.replace(/[\s\-()]/g, "");
}

export function isValidPhone(input: string): boolean {
  return PHONE_PATTERN.test(normalizePhone(input));
}
