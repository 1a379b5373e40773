/** What the recovery page says, shared by its server code and its component. */
export const RECOVERY_MESSAGES = {
  usernameRequired: 'Enter your username.',
  sent: 'If an account with this username exists, we have sent an e-mail with a link to set a new password. The link works for one hour.',
  tooMany: 'Too many requests. Please wait a while and try again.',
  invalidLink: 'This link is not valid any more: it was used already, a newer one was sent, or it expired.',
  failed: 'That did not work. Please try again in a moment.',
} as const;
