/** The auth feature's query keys. */
export const authKeys = {
  /** Following one emailed link: asked once, whatever renders the page twice. */
  emailLink: (token: string, change: boolean) => ['email-link', token, change] as const,
};
