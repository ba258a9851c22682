/** How the admin view names an account: its email, or "Guest ·<short id>" for a guest (whose email is a placeholder). */

/** Characters of a guest's user id shown: enough to tell guests apart on a page, too few to be worth copying. */
export const GUEST_SHORT_ID_LENGTH = 6;

/** The label of an account in the admin view. */
export function accountLabel(account: { userId: string; email: string; isAnonymous: boolean }): string {
  if (account.isAnonymous) return `Guest ·${account.userId.slice(0, GUEST_SHORT_ID_LENGTH)}`;
  return account.email;
}
