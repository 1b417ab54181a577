import { screen, within } from '@testing-library/react';

/** The list row (a card on a phone) that shows `text`, to query inside. */
export function rowWith(text: string) {
  const found = screen.getAllByRole('row').find((row) => within(row).queryByText(text));
  if (!found) throw new Error(`No row shows ${text}`);
  return within(found);
}
