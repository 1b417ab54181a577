export * from './account-links.ts';
export * from './account.ts';
export * from './auth.ts';
export * from './common.ts';
export * from './conditions.ts';
export * from './limits.ts';
export * from './messages.ts';
export * from './marketplace.ts';
