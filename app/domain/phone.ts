// Spec part 2 §5: strip spaces, dashes and parentheses; then optional +, a nonzero digit, up to 15 more digits.
// And at least 7 digits in all (issue 18 #12): no real cell number is shorter, so "123" or "-1" is refused.
const PHONE_PATTERN = /^\+?[1-9]\d{6,15}$/;

export function normalizePhone(input: string): string {
  return input.replace(/[\s\-()]/g, "");
}

export function isValidPhone(input: string): boolean {
  return PHONE_PATTERN.test(normalizePhone(input));
}
