/** The API token lives in localStorage under the key the spec names, so sessions survive reloads. */
const TOKEN_KEY = 'jwttoken';

export const storedToken = (): string | null => localStorage.getItem(TOKEN_KEY);
export const storeToken = (token: string): void => localStorage.setItem(TOKEN_KEY, token);
export const clearToken = (): void => localStorage.removeItem(TOKEN_KEY);
