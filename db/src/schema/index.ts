export * from './auth.ts';
export * from './campaigns.ts';
export * from './marketing.ts';
export * from './messages.ts';
export * from './money.ts';
export * from './profiles.ts';
export * from './provider.ts';
export * from './users.ts';
