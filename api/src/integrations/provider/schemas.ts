/**
 * Every zod schema, enum and body type of the provider contract in one import, for the discovery
 * routes and the portal. The definitions live in focused modules beside this file.
 */
export * from '@kollab/contract/provider-enums';
export * from '@kollab/contract/provider-raw-endpoints';
export * from './raw-schemas.ts';
export * from './report-schemas.ts';
export * from './response-schemas.ts';
export * from './search-schemas.ts';
