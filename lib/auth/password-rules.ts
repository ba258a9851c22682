/** Password length rules, shared by better-auth's config, the server actions and the form fields. */

/** Shortest password accepted at sign-up: NIST SP 800-63B's minimum for memorized secrets. */
export const MIN_PASSWORD_LENGTH = 8;

/** Longest password accepted: bounds the cost of hashing one attempt (scrypt time grows with input). */
export const MAX_PASSWORD_LENGTH = 128;
