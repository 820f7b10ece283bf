/** Shared by the sign-up form (client) and the schema (server) without pulling zod into the page. */
export const PASSWORD_MIN_LENGTH = 8;
