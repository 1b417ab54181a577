/** A LIKE pattern for text anywhere in a value: `%`, `_` and `\` stand for themselves. */
export const containing = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
