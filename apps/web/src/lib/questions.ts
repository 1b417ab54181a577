/**
 * The query keys of the conversations before booking (DESIGN §17): a question is asked on a
 * listing's page (catalog), its conversation read and answered in the dashboard (messages), and
 * both refreshed by the tab's live events (lib/live-events.ts), so the keys live here.
 */
export const questionKeys = {
  /** Every list of conversations and each conversation: what a new message may change. */
  all: ['questions'] as const,
  list: ['questions', 'list'] as const,
  conversation: (questionId: string) => ['questions', 'one', questionId] as const,
};
